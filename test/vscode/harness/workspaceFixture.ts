import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const demoRepositoryName = 'teahouse-demo';
export const featureBranches = ['feature-1', 'feature-2', 'feature-3'] as const;

function git(cwd: string, ...args: string[]): void {
  execFileSync(
    'git',
    [
      '-c',
      'user.name=Teahouse Tests',
      '-c',
      'user.email=tests@teahouse.invalid',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd, stdio: 'pipe' },
  );
}

/**
 * A workspace folder that is itself a git repository (`teahouse-demo` unless named): `main` with two commits
 * and `feature-1`…`feature-3`, one commit each on separate files, so every pull request merges cleanly.
 */
export function createDemoWorkspace(parent: string, name = demoRepositoryName): string {
  const root = path.join(parent, name);
  mkdirSync(root, { recursive: true });
  git(root, 'init', '--quiet', '--initial-branch', 'main');
  writeFileSync(path.join(root, 'README.md'), '# Teahouse demo\n\nA workspace the VS Code tests open.\n');
  git(root, 'add', 'README.md');
  git(root, 'commit', '--quiet', '-m', 'Start the demo');
  writeFileSync(path.join(root, 'notes.txt'), 'notes\n');
  git(root, 'add', 'notes.txt');
  git(root, 'commit', '--quiet', '-m', 'Add notes');
  for (const branch of featureBranches) {
    git(root, 'checkout', '--quiet', '-b', branch, 'main');
    writeFileSync(path.join(root, `${branch}.txt`), `work on ${branch}\n`);
    git(root, 'add', `${branch}.txt`);
    git(root, 'commit', '--quiet', '-m', `Work on ${branch}`);
  }
  git(root, 'checkout', '--quiet', 'main');
  return root;
}
