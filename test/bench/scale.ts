import { fetchOk, medianMs } from './load';
import { issueRepos, type BenchWorld } from './seed';
import type { BenchServer } from './serverProcess';
import { ms, times, type Row } from './table';

const samples = 200;
// the page size of the extension's Issues view
const issueSearchLimit = 50;

/** p50 of sequential requests to one API path. */
export const p50 = (server: BenchServer, world: BenchWorld, apiPath: string): Promise<number> =>
  medianMs(() => fetchOk(`${server.apiUrl}${apiPath}`, world.token), samples, 10);

/**
 * Section 2, issues: page 1 (50 per page) and page 200 (5 per page, so that the 1,000-issue repository has
 * it: its last page) at 1,000 vs 100,000 issues.
 */
export async function measureIssueScale(server: BenchServer, world: BenchWorld): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [label, query] of [
    ['page 1, limit 50', 'page=1&limit=50'],
    ['page 200, limit 5', 'page=200&limit=5'],
  ] as const) {
    const small = await p50(server, world, `/repos/bench/${issueRepos.small}/issues?state=all&${query}`);
    const big = await p50(server, world, `/repos/bench/${issueRepos.large}/issues?state=all&${query}`);
    rows.push({
      figure: `issues ${label}: p50 at 100k vs 1k issues`,
      value: ms(big),
      baseline: ms(small),
      ratio: times(big / small),
      target: '≤ 1.5×',
      met: big / small <= 1.5,
    });
  }
  return rows;
}

/** A search at 100k against the same search at 1k: the search indexes keep it within 2× (issue #17). */
function scaleRow(figure: string, big: number, small: number): Row {
  return {
    figure,
    value: ms(big),
    baseline: ms(small),
    ratio: times(big / small),
    target: '≤ 2×',
    met: big / small <= 2,
  };
}

export const searchRow = (keyword: string, big: number, small: number, smallCount: number): Row =>
  scaleRow(`repos/search ?q=${keyword}: p50 at 100k vs ${smallCount / 1000}k repos`, big, small);

/** The account-wide issue search (the extension's Issues view outside a workspace repository). */
export const issueSearchPath = `/repos/issues/search?state=open&limit=${issueSearchLimit}`;

export const issueSearchRow = (big: number, small: number, smallCount: number): Row =>
  scaleRow(
    `issues/search ?state=open&limit=${issueSearchLimit}: p50 at 100k vs ${smallCount / 1000}k repos`,
    big,
    small,
  );

/** Issue search (`?q=`, a substring of title or body) in the repository of 100k issues against 1k. */
export async function measureIssueSearchScale(
  server: BenchServer,
  world: BenchWorld,
  keyword: string,
): Promise<Row> {
  const search = (repo: string): Promise<number> =>
    p50(server, world, `/repos/bench/${repo}/issues?state=all&q=${encodeURIComponent(keyword)}`);
  const small = await search(issueRepos.small);
  const big = await search(issueRepos.large);
  return scaleRow(`issues ?q=${keyword}: p50 at 100k vs 1k issues`, big, small);
}
