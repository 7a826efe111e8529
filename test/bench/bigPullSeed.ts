import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { git } from './gitRepository';
import { issueRepos, type BenchWorld } from './seed';
import { api, type BenchServer } from './serverProcess';

/** The pull request the VS Code session reviews: what the extension host needs to find it. */
export interface BigPull {
  readonly number: number;
  /** the file that carries the threads */
  readonly path: string;
  readonly files: number;
  readonly threads: number;
}

const branch = 'big';
const fileCount = 300;
const threadCount = 50;

/** 200 files of 67 lines and 100 of 66: 20,000 added lines, in twelve folders. */
function bigFiles(): Array<[string, string]> {
  return Array.from({ length: fileCount }, (_, n): [string, string] => {
    const lines = Array.from({ length: n < 200 ? 67 : 66 }, (_, i) => `line ${i} of file ${n}`);
    return [`${branch}/part${n % 12}/file${n}.txt`, `${lines.join('\n')}\n`];
  });
}

/** `main` with a README and `big` one commit ahead with the 300 files, made by one `git fast-import`. */
function buildBranches(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'teahouse-bench-pull-'));
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir]);
  const parts: string[] = [];
  const commit = (ref: string, message: string, files: Array<[string, string]>, from?: string): void => {
    parts.push(
      `commit ${ref}`,
      'committer Bench <bench@bench.invalid> 1600000000 +0000',
      `data ${Buffer.byteLength(message)}`,
      message,
    );
    if (from) parts.push(`from ${from}`);
    for (const [file, content] of files)
      parts.push(`M 100644 inline ${file}`, `data ${Buffer.byteLength(content)}`, content);
    parts.push('');
  };
  commit('refs/heads/main', 'Start', [['README.md', `# ${issueRepos.medium}\n`]]);
  commit(`refs/heads/${branch}`, `${fileCount} files`, bigFiles(), 'refs/heads/main');
  execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, input: parts.join('\n') });
  return dir;
}

/**
 * Issue 14's client figures need a pull request of 300 files and 20,000 changed lines, one file of which
 * has 50 review threads: pushed to the repository the VS Code session's workspace points at (its Pull
 * Requests view then lists it), opened and reviewed through the API.
 */
export async function seedBigPull(server: BenchServer, world: BenchWorld): Promise<BigPull> {
  const gitDir = buildBranches();
  const repo = `${world.owner}/${issueRepos.medium}`;
  try {
    const remote = `${server.url.replace('://', `://${world.owner}:${world.token}@`)}${repo}.git`;
    await git(['push', '--quiet', remote, 'main', branch], gitDir);
  } finally {
    rmSync(gitDir, { recursive: true, force: true });
  }
  const auth = { token: world.token };
  const pull = await api<{ number: number }>(server, 'POST', `/repos/${repo}/pulls`, auth, {
    head: branch,
    base: 'main',
    title: `${fileCount} files`,
  });
  const file = `${branch}/part0/file0.txt`;
  await api(server, 'POST', `/repos/${repo}/pulls/${pull.json.number}/reviews`, auth, {
    event: 'COMMENT',
    body: 'many threads',
    comments: Array.from({ length: threadCount }, (_, i) => ({
      path: file,
      body: `thread ${i + 1}`,
      new_position: i + 1,
    })),
  });
  return { number: pull.json.number, path: file, files: fileCount, threads: threadCount };
}
