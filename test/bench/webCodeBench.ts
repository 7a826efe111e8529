import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { git } from './gitRepository';
import { fetchOk, medianMs } from './load';
import { historyRepo, type BenchWorld } from './seed';
import { api, type BenchServer } from './serverProcess';
import { ms, type Row } from './table';

const wideRepo = 'wide';
const wideFiles = 10_000;

/** A bare repository of one commit with `files` small files in one directory `wide/` (git fast-import). */
function buildWideTree(files: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'teahouse-bench-wide-'));
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir]);
  const message = 'A wide directory';
  const parts = [
    'commit refs/heads/main',
    'committer Bench <bench@bench.invalid> 1600000000 +0000',
    `data ${message.length}`,
    message,
  ];
  for (let i = 0; i < files; i++) {
    const content = `file ${i}\n`;
    parts.push(
      `M 100644 inline wide/file-${String(i).padStart(5, '0')}.txt`,
      `data ${content.length}`,
      content,
    );
  }
  execFileSync('git', ['fast-import', '--quiet'], {
    cwd: dir,
    input: `${parts.join('\n')}\n`,
    maxBuffer: 1 << 26,
  });
  return dir;
}

const pageRow = (figure: string, value: number, limit: number): Row => ({
  figure,
  value: ms(value),
  baseline: '–',
  ratio: '–',
  target: `≤ ${limit} ms`,
  met: value <= limit,
});

/**
 * Issue 15's page rows: the home page of the 5,000-commit repository (README rendered, root tree, ref
 * switcher, newest commit) and the page of a directory of 10,000 files, each a p50 of sequential requests.
 */
export async function measureCodePages(
  server: BenchServer,
  world: BenchWorld,
  log: (line: string) => void,
): Promise<Row[]> {
  const auth = { token: world.token };
  await api(server, 'POST', '/user/repos', auth, { name: wideRepo, auto_init: false });
  const wide = buildWideTree(wideFiles);
  try {
    const remote = `${server.url.replace('://', `://bench:${world.token}@`)}bench/${wideRepo}.git`;
    await git(['push', '--quiet', remote, 'main'], wide);
  } finally {
    rmSync(wide, { recursive: true, force: true });
  }
  const home = await medianMs(() => fetchOk(`${server.url}bench/${historyRepo}`, world.token), 100, 10);
  const directory = await medianMs(
    () => fetchOk(`${server.url}bench/${wideRepo}/src/branch/main/wide`, world.token),
    20,
    3,
  );
  log(
    `web pages: repository home ${home.toFixed(1)} ms, directory of ${wideFiles} files ${directory.toFixed(1)} ms`,
  );
  return [
    pageRow('web: repository home (5,000 commits): p50', home, 50),
    pageRow(`web: directory of ${wideFiles.toLocaleString('en')} files: p50`, directory, 200),
  ];
}
