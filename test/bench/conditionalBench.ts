import { load } from './load';
import type { BenchWorld } from './seed';
import type { BenchServer } from './serverProcess';
import { ms, rps, times, type Row } from './table';

export const conditionalListPath = '/repos/bench/issues-10k/issues?limit=50';

/**
 * A conditional GET of the issue list answered 304 against `GET /version`, in the same run: the 304 costs
 * the routing, the caller's token and the tag, not the list. Its cost ratio is /version's throughput over
 * the 304's (≤ 1.2× means a 304 costs at most 20 % more than the cheapest answer).
 */
export async function measureConditional(
  server: BenchServer,
  world: BenchWorld,
  seconds: number,
  log: (line: string) => void,
): Promise<Row[]> {
  const url = `${server.apiUrl}${conditionalListPath}`;
  const version = await load({ url: `${server.apiUrl}/version`, token: world.token, seconds });
  const first = await fetch(url, { headers: { authorization: `token ${world.token}` } });
  await first.arrayBuffer();
  const etag = first.headers.get('etag');
  if (!first.ok || !etag) throw new Error(`${conditionalListPath}: ${first.status} without an ETag`);
  const notModified = await load({
    url,
    token: world.token,
    headers: { 'if-none-match': etag },
    expect: '304',
    seconds,
  });
  log(
    `304 issue list: ${rps(notModified.requestsPerSecond)} p50 ${notModified.p50} p99 ${notModified.p99} | GET /version ${rps(version.requestsPerSecond)} p50 ${version.p50} p99 ${version.p99}`,
  );
  const cost = version.requestsPerSecond / notModified.requestsPerSecond;
  return [
    {
      figure: 'A 304 answer (issue list, If-None-Match) vs GET /version: req/s',
      value: rps(notModified.requestsPerSecond),
      baseline: rps(version.requestsPerSecond),
      ratio: times(cost),
      target: '≤ 1.20× (cost)',
      met: cost <= 1.2,
    },
    {
      figure: 'A 304 answer vs GET /version: p50 / p99',
      value: `${ms(notModified.p50)} / ${ms(notModified.p99)}`,
      baseline: `${ms(version.p50)} / ${ms(version.p99)}`,
      ratio: times(notModified.p50 / Math.max(version.p50, 1)),
      target: '–',
      met: undefined,
    },
  ];
}
