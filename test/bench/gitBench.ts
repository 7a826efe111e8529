import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBaseline } from './baseline';
import { CatFileBatch, git } from './gitRepository';
import { fetchOk, interleavedMediansMs, medianMs } from './load';
import type { BenchWorld } from './seed';
import type { BenchServer } from './serverProcess';
import { ms, times, type Row } from './table';

/**
 * Section 3 against the repository of ≥ 5,000 commits: raw reads (API vs a long-lived cat-file --batch),
 * archives (API vs git archive), clones (smart HTTP vs git clone --no-local from the path).
 */
export async function measureGit(
  server: BenchServer,
  world: BenchWorld,
  gitDir: string,
  log: (line: string) => void,
): Promise<Row[]> {
  const api = `${server.apiUrl}/repos/bench/history`;
  const batch = new CatFileBatch(gitDir);
  // The floor of any HTTP answer with this client: a bare node:http server sending the same bytes.
  const rawPath = `${new URL(api).pathname}/raw/README.md`;
  const routesDir = mkdtempSync(path.join(os.tmpdir(), 'teahouse-bench-bare-'));
  const bare = await startBaseline(
    {
      [`GET ${rawPath}`]: {
        base64: (await fetchOk(`${api}/raw/README.md`, world.token)).toString('base64'),
        status: 200,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      },
    },
    routesDir,
  );
  // Interleaved, so that the machine's drift touches them alike: a raw read, the cheapest API answer over
  // loopback with the same client (the part of a raw read that is not git), a cat-file round trip, and the
  // bare server's answer of the same bytes.
  const [apiRaw, httpFloor, direct, bareRaw] = await interleavedMediansMs(
    [
      () => fetchOk(`${api}/raw/README.md`, world.token),
      () => fetchOk(`${server.apiUrl}/version`, world.token),
      () => batch.read('main:README.md'),
      () => fetchOk(`${bare.url}${rawPath}`),
    ],
    400,
    20,
  );
  batch.close();
  await bare.stop();
  rmSync(routesDir, { recursive: true, force: true });
  log(
    `raw: API ${apiRaw!.toFixed(3)} ms, cat-file ${direct!.toFixed(3)} ms, GET /version ${httpFloor!.toFixed(3)} ms, bare server ${bareRaw!.toFixed(3)} ms`,
  );

  const apiArchive = await medianMs(() => fetchOk(`${api}/archive/main.tar.gz`, world.token), 7, 1);
  const gitArchive = await medianMs(() => git(['archive', '--format=tar.gz', 'main'], gitDir), 7, 1);
  log(`archive: API ${apiArchive.toFixed(1)} ms, git archive ${gitArchive.toFixed(1)} ms`);

  const scratch = mkdtempSync(path.join(os.tmpdir(), 'teahouse-bench-clone-'));
  let n = 0;
  const cloneUrl = `${server.url.replace('://', `://bench:${world.token}@`)}bench/history.git`;
  const clone = async (source: string, extra: string[]): Promise<void> => {
    const target = path.join(scratch, `c${n++}`);
    await git(['clone', '--quiet', '--bare', ...extra, source, target], scratch);
    rmSync(target, { recursive: true, force: true });
  };
  const httpClone = await medianMs(() => clone(cloneUrl, []), 5, 1);
  const fileClone = await medianMs(() => clone(gitDir, ['--no-local']), 5, 1);
  rmSync(scratch, { recursive: true, force: true });
  log(`clone: HTTP ${httpClone.toFixed(1)} ms, file ${fileClone.toFixed(1)} ms`);

  const ownPart = Math.max(apiRaw! - httpFloor!, 0);
  const row = (figure: string, value: number, base: number, baseline: string, limit: number): Row => ({
    figure,
    value: ms(value),
    baseline: `${ms(base)} (${baseline})`,
    ratio: times(value / base),
    target: `≤ ${limit}×`,
    met: value / base <= limit,
  });
  return [
    row('raw README.md: p50 per request', apiRaw!, direct!, 'cat-file --batch', 2),
    {
      figure: "raw README.md: the server's own part (p50 above the HTTP floor)",
      value: ms(ownPart),
      baseline: `${ms(direct!)} (a cat-file round trip)`,
      ratio: times(ownPart / direct!),
      target: '≤ 1.5×',
      met: ownPart / direct! <= 1.5,
    },
    {
      // Why the row above can miss on a machine: no HTTP answer with this client comes in under it.
      figure: 'raw README.md: a bare node:http server sending the same bytes, p50',
      value: ms(bareRaw!),
      baseline: `${ms(direct!)} (cat-file --batch)`,
      ratio: times(bareRaw! / direct!),
      target: '– (report)',
      met: undefined,
    },
    {
      figure: 'raw README.md: p50 vs the HTTP floor',
      value: ms(apiRaw!),
      baseline: `${ms(httpFloor!)} (GET /version)`,
      ratio: times(apiRaw! / httpFloor!),
      target: '– (report)',
      met: undefined,
    },
    row('archive main.tar.gz: median', apiArchive, gitArchive, 'git archive', 1.2),
    row('clone (bare): median', httpClone, fileClone, 'git clone --no-local', 1.5),
  ];
}
