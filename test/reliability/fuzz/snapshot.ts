import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * Columns that legitimately change when a request is only read or refused, left out of the digest:
 * - `access_token.updated`: an authenticated request touches the token it used (at most once a minute, Gitea's
 *   `updated_unix` on the token), refused ones included, since authentication happens before the handler.
 * - the git state cached on `pull_request` (head, base, merge base, mergeability, diff counts): reads
 *   refresh it lazily from the repository once a branch moved (routes/pullsLookup.ts `loadFreshPull`),
 *   so a read after an earlier accepted push updates it. The repositories' own snapshot covers the truth
 *   it is derived from.
 */
const volatileColumns: Readonly<Record<string, readonly string[]>> = {
  access_token: ['updated'],
  pull_request: [
    'head_commit_id',
    'base_commit_id',
    'merge_base',
    'checked_base',
    'checked_head',
    'status',
    'conflicted_files',
    'additions',
    'deletions',
    'changed_files',
  ],
};

/** A digest per table of the data folder's database, read-only beside the running server (WAL allows it). */
export function databaseDigest(dataDir: string): Map<string, string> {
  const db = new DatabaseSync(path.join(dataDir, 'teahouse.db'), { readOnly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { name: string }[];
    const digests = new Map<string, string>();
    for (const { name } of tables) {
      const skipped = new Set(volatileColumns[name] ?? []);
      const rows = db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[];
      const lines = rows
        .map((row) =>
          JSON.stringify(
            Object.entries(row).filter(([column]) => !skipped.has(column)),
            (_key, value: unknown) =>
              value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value,
          ),
        )
        .sort();
      digests.set(name, createHash('sha256').update(lines.join('\n')).digest('hex'));
    }
    return digests;
  } finally {
    db.close();
  }
}

async function git(gitDir: string, args: readonly string[]): Promise<string> {
  const { stdout } = await execFileAsync('git', ['--git-dir', gitDir, ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Every managed repository's refs and object names, by its directory. */
export async function repositoriesDigest(dataDir: string): Promise<Map<string, string>> {
  const root = path.join(dataDir, 'repositories');
  const digests = new Map<string, string>();
  if (!existsSync(root)) return digests;
  for (const owner of readdirSync(root).sort()) {
    if (owner.startsWith('.')) continue;
    for (const name of readdirSync(path.join(root, owner)).sort()) {
      const gitDir = path.join(root, owner, name);
      const refs = await git(gitDir, ['for-each-ref', '--format=%(refname) %(objectname)']);
      const objects = await git(gitDir, ['cat-file', '--batch-all-objects', '--batch-check=%(objectname)']);
      const head = await git(gitDir, ['symbolic-ref', '-q', 'HEAD']).catch(() => 'detached');
      digests.set(
        `${owner}/${name}`,
        createHash('sha256').update(`${head}\n${refs}\n${objects}`).digest('hex'),
      );
    }
  }
  return digests;
}

export interface Snapshot {
  readonly tables: Map<string, string>;
  readonly repositories: Map<string, string>;
}

export async function takeSnapshot(dataDir: string): Promise<Snapshot> {
  return { tables: databaseDigest(dataDir), repositories: await repositoriesDigest(dataDir) };
}

/** What differs between two snapshots: table and repository names, empty when equal. */
export function snapshotDifferences(before: Snapshot, after: Snapshot): string[] {
  const differences: string[] = [];
  const compare = (kind: string, a: Map<string, string>, b: Map<string, string>): void => {
    for (const key of new Set([...a.keys(), ...b.keys()])) {
      if (a.get(key) !== b.get(key)) differences.push(`${kind} ${key}`);
    }
  };
  compare('table', before.tables, after.tables);
  compare('repository', before.repositories, after.repositories);
  return differences;
}
