import { fetchOk, medianMs } from './load';
import type { BenchWorld } from './seed';
import { api, type BenchServer } from './serverProcess';
import { ms, times, type Row } from './table';

/** A file of 2,000 lines, every 40th of which the pull request changes: 50 hunks. */
const fileLines = 2_000;
const threads = 50;
const spacing = fileLines / threads;

const text = (changed: boolean): string =>
  Array.from({ length: fileLines }, (_, i) =>
    changed && i % spacing === 0 ? `changed line ${i + 1}` : `line ${i + 1} of the file under review`,
  ).join('\n') + '\n';

const base64 = (value: string): string => Buffer.from(value).toString('base64');

/**
 * Issue 14, the server's share of "a file's diff with 50 threads ready ≤ 500 ms": a pull request whose one
 * file gets 50 review threads in one review (each comment anchored on the server: a blame of its line and a
 * hunk cut from the file's diff), and then what a client reads to lay the threads out — the reviews and the
 * comments of each — against GET /version, the cost of any request over loopback.
 */
export async function measureReviews(
  server: BenchServer,
  world: BenchWorld,
  log: (line: string) => void,
): Promise<Row[]> {
  const auth = { token: world.token };
  const repo = `/repos/${world.owner}/reviews`;
  await api(server, 'POST', '/user/repos', auth, { name: 'reviews', auto_init: true });
  const added = await api<{ content: { sha: string } }>(server, 'POST', `${repo}/contents/big.txt`, auth, {
    content: base64(text(false)),
    message: 'Add the file under review',
    branch: 'main',
  });
  await api(server, 'PUT', `${repo}/contents/big.txt`, auth, {
    content: base64(text(true)),
    sha: added.json.content.sha,
    message: 'Change every 40th line',
    branch: 'main',
    new_branch: 'change',
  });
  const pull = await api<{ number: number }>(server, 'POST', `${repo}/pulls`, auth, {
    head: 'change',
    base: 'main',
    title: 'Review me',
  });
  const reviews = `${repo}/pulls/${pull.json.number}/reviews`;
  const comments = Array.from({ length: threads }, (_, i) => ({
    path: 'big.txt',
    body: `thread ${i + 1}`,
    new_position: i * spacing + 1,
  }));
  const t0 = performance.now();
  await api(server, 'POST', reviews, auth, { event: 'COMMENT', body: 'fifty threads', comments });
  const create = performance.now() - t0;
  const made = JSON.parse((await fetchOk(`${server.apiUrl}${reviews}`, world.token)).toString()) as {
    id: number;
  }[];
  const anchored = JSON.parse(
    (await fetchOk(`${server.apiUrl}${reviews}/${made[0]!.id}/comments`, world.token)).toString(),
  ) as { diff_hunk: string }[];
  if (anchored.length !== threads || anchored.some((c) => !c.diff_hunk.includes('+changed line'))) {
    throw new Error('the review comments were not anchored on their hunks');
  }

  const readThreads = async (): Promise<void> => {
    const list = JSON.parse((await fetchOk(`${server.apiUrl}${reviews}`, world.token)).toString()) as {
      id: number;
    }[];
    await Promise.all(list.map((r) => fetchOk(`${server.apiUrl}${reviews}/${r.id}/comments`, world.token)));
  };
  const read = await medianMs(readThreads, 30, 3);
  const httpFloor = await medianMs(() => fetchOk(`${server.apiUrl}/version`, world.token), 30, 3);
  log(`reviews: 50 threads made in ${create.toFixed(0)} ms, read in ${read.toFixed(2)} ms`);
  return [
    {
      figure: 'a review of 50 line comments on one file: POST (anchored)',
      value: ms(create),
      baseline: '–',
      ratio: '–',
      target: '≤ 500 ms',
      met: create <= 500,
    },
    {
      figure: "a file's 50 review threads: reviews + comments, p50",
      value: ms(read),
      baseline: `${ms(httpFloor)} (GET /version)`,
      ratio: times(read / httpFloor),
      target: '≤ 100 ms',
      met: read <= 100,
    },
  ];
}
