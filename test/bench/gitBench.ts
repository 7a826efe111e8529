import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CatFileBatch, git } from './gitRepository';
import { fetchOk, medianMs } from './load';
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
  const apiRaw = await medianMs(() => fetchOk(`${api}/raw/README.md`, world.token), 300, 20);
  const batch = new CatFileBatch(gitDir);
  const direct = await medianMs(() => batch.read('main:README.md'), 300, 20);
  batch.close();
  // What any API request costs over loopback with the same client: the part of a raw read that is not git.
  const httpFloor = await medianMs(() => fetchOk(`${server.apiUrl}/version`, world.token), 300, 20);
  log(
    `raw: API ${apiRaw.toFixed(2)} ms, cat-file ${direct.toFixed(2)} ms, GET /version ${httpFloor.toFixed(2)} ms`,
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

  const row = (figure: string, value: number, base: number, baseline: string, limit: number): Row => ({
    figure,
    value: ms(value),
    baseline: `${ms(base)} (${baseline})`,
    ratio: times(value / base),
    target: `≤ ${limit}×`,
    met: value / base <= limit,
  });
  return [
    row('raw README.md: p50 per request', apiRaw, direct, 'cat-file --batch', 2),
    {
      figure: 'raw README.md: p50 above the HTTP floor',
      value: ms(Math.max(apiRaw - httpFloor, 0)),
      baseline: `${ms(httpFloor)} (GET /version)`,
      ratio: times(apiRaw / httpFloor),
      target: '– (report)',
      met: undefined,
    },
    row('archive main.tar.gz: median', apiArchive, gitArchive, 'git archive', 1.2),
    row('clone (bare): median', httpClone, fileClone, 'git clone --no-local', 1.5),
  ];
}
