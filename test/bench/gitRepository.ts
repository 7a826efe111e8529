import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const fileCount = 400;

function fileContent(file: number, revision: number): string {
  const lines = [`# file ${file}, revision ${revision}`];
  for (let line = 0; line < 30; line++)
    lines.push(`line ${line} of file ${file}: ${'lorem ipsum '.repeat(3)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * A bare repository with `commits` commits built by `git fast-import` (seconds, where a commit loop takes
 * minutes): a README, and `fileCount` files under src/ of which each commit rewrites one; and
 * `topicBranches` branches `topic-N` of one commit each on top of main, for pull requests.
 */
export function buildHistory(commits: number, topicBranches = 0): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'teahouse-bench-git-'));
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir]);
  const parts: string[] = [];
  const readme = `# history\n\nA repository of ${commits} commits for the benchmark.\n${'Some text. '.repeat(150)}\n`;
  const start = 1_600_000_000;
  for (let i = 0; i < commits; i++) {
    const message = `Commit ${i + 1}\n`;
    parts.push(
      'commit refs/heads/main',
      `committer Bench <bench@bench.invalid> ${start + i * 60} +0000`,
      `data ${Buffer.byteLength(message)}`,
      message.slice(0, -1),
    );
    const changes: Array<[string, string]> =
      i === 0
        ? [
            ['README.md', readme],
            ...Array.from({ length: fileCount }, (_, f): [string, string] => [
              `src/dir${f % 20}/file${f}.txt`,
              fileContent(f, 0),
            ]),
          ]
        : [[`src/dir${(i % fileCount) % 20}/file${i % fileCount}.txt`, fileContent(i % fileCount, i)]];
    for (const [file, content] of changes) {
      parts.push(`M 100644 inline ${file}`, `data ${Buffer.byteLength(content)}`, content);
    }
    parts.push('');
  }
  for (let t = 1; t <= topicBranches; t++) {
    const message = `Work on topic ${t}\n`;
    const content = `topic ${t}\n`;
    parts.push(
      `commit refs/heads/topic-${t}`,
      `committer Bench <bench@bench.invalid> ${start + (commits + t) * 60} +0000`,
      `data ${Buffer.byteLength(message)}`,
      message.slice(0, -1),
      'from refs/heads/main',
      `M 100644 inline topics/topic-${t}.txt`,
      `data ${Buffer.byteLength(content)}`,
      content,
      '',
    );
  }
  execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, input: parts.join('\n'), maxBuffer: 1 << 26 });
  execFileSync('git', ['gc', '--quiet'], { cwd: dir });
  return dir;
}

/** A long-lived `git cat-file --batch`: one blob read per call, the way a server with a pool reads. */
export class CatFileBatch {
  private readonly child;
  private buffered = Buffer.alloc(0);
  private waiting: ((data: Buffer) => void) | undefined;

  constructor(gitDir: string) {
    this.child = spawn('git', ['cat-file', '--batch'], { cwd: gitDir });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.deliver();
    });
  }

  read(spec: string): Promise<Buffer> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.child.stdin.write(`${spec}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
  }

  private deliver(): void {
    const newline = this.buffered.indexOf(10);
    if (!this.waiting || newline < 0) return;
    const header = this.buffered.subarray(0, newline).toString();
    const size = Number(header.split(' ')[2]);
    if (this.buffered.length < newline + 1 + size + 1) return;
    const data = this.buffered.subarray(newline + 1, newline + 1 + size);
    this.buffered = this.buffered.subarray(newline + 1 + size + 1);
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve(Buffer.from(data));
  }
}

/** Runs git to completion, discarding its output (archive and clone baselines). */
export function git(args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args[0]}: ${stderr}`))));
  });
}
