import type { Database } from './database';

/** The references last seen in a workspace repository (ref → object id). */
export function loadRefSnapshot(db: Database, repoId: number): Map<string, string> | undefined {
  const rows = db.all<{ ref: string; sha: string }>(
    'SELECT ref, sha FROM git_ref_snapshot WHERE repo_id = ?',
    repoId,
  );
  const known = db.get<{ n: number }>(
    "SELECT count(*) AS n FROM git_ref_snapshot WHERE repo_id = ? AND ref = ''",
    repoId,
  );
  // The '' row marks a snapshot that was taken, so an empty repository is told apart from one never seen.
  if (!known || known.n === 0) return undefined;
  return new Map(rows.filter((row) => row.ref !== '').map((row) => [row.ref, row.sha]));
}

export function saveRefSnapshot(db: Database, repoId: number, refs: ReadonlyMap<string, string>): void {
  db.transaction(() => {
    db.run('DELETE FROM git_ref_snapshot WHERE repo_id = ?', repoId);
    db.run("INSERT INTO git_ref_snapshot (repo_id, ref, sha) VALUES (?, '', '')", repoId);
    for (const [ref, sha] of refs) {
      db.run('INSERT INTO git_ref_snapshot (repo_id, ref, sha) VALUES (?, ?, ?)', repoId, ref, sha);
    }
  });
}
