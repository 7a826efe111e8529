// `node --import tsx scripts/gitignores.ts <github/gitignore clone or git dir>`: writes
// src/server/templates/data/gitignores.json from github/gitignore (CC0-1.0), the collection Gitea ships as
// options/gitignore. No npm package carries it in a maintained form, so the JSON is generated from the
// upstream repository here instead of being typed by hand; run it again to follow upstream.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const gitignoresFile = path.join(
  __dirname,
  '..',
  'src',
  'server',
  'templates',
  'data',
  'gitignores.json',
);

interface TreeEntry {
  mode: string;
  type: string;
  sha: string;
  path: string;
}

function git(gitDir: string, ...args: string[]): string {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** The git directory of a clone (its `.git`) or a bare repository. */
function gitDirOf(location: string): string {
  return execFileSync('git', ['-C', location, 'rev-parse', '--absolute-git-dir'], {
    encoding: 'utf8',
  }).trim();
}

function treeEntries(gitDir: string): TreeEntry[] {
  return git(gitDir, 'ls-tree', '-r', 'HEAD')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [meta = '', file = ''] = line.split('\t');
      const [mode = '', type = '', sha = ''] = meta.split(' ');
      return { mode, type, sha, path: file };
    });
}

/**
 * Every `*.gitignore` by its base name without the suffix, as Gitea flattens them (`Global/macOS` is
 * `macOS`); a symbolic link takes its target's text; where two folders hold the same name, the one
 * nearest the root wins. Sorted by name in byte order, as Gitea sorts its option files.
 */
export function readTemplates(gitDir: string): Record<string, string> {
  const entries = treeEntries(gitDir);
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  const text = (entry: TreeEntry, depth = 0): string => {
    const content = git(gitDir, 'cat-file', 'blob', entry.sha);
    if (entry.mode !== '120000') return content;
    const target = byPath.get(path.posix.normalize(path.posix.join(path.posix.dirname(entry.path), content)));
    if (!target || depth > 4) throw new Error(`${entry.path}: a link to nothing (${content})`);
    return text(target, depth + 1);
  };
  const chosen = new Map<string, TreeEntry>();
  for (const entry of entries) {
    if (!entry.path.endsWith('.gitignore') || entry.type !== 'blob') continue;
    const name = path.posix.basename(entry.path, '.gitignore');
    const held = chosen.get(name);
    if (!held || held.path.split('/').length > entry.path.split('/').length) chosen.set(name, entry);
  }
  const names = [...chosen.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(names.map((name) => [name, text(chosen.get(name)!)]));
}

if (require.main === module) {
  const location = process.argv[2];
  if (!location) {
    console.error('usage: scripts/gitignores.ts <github/gitignore clone or git dir>');
    process.exit(2);
  }
  const gitDir = gitDirOf(location);
  const commit = git(gitDir, 'rev-parse', 'HEAD').trim();
  const data = {
    source: `github/gitignore ${commit} (CC0-1.0)`,
    templates: readTemplates(gitDir),
  };
  writeFileSync(gitignoresFile, `${JSON.stringify(data, null, 1)}\n`);
  console.log(`wrote ${Object.keys(data.templates).length} templates to ${gitignoresFile}`);
}
