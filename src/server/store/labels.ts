import type { Paging } from '../domain/paging';
import { nowSeconds, type Database } from './database';

/** A row of `label`: a repository's (repo_id set) or an organization's (org_id set). */
export interface LabelRow {
  id: number;
  repo_id: number | null;
  org_id: number | null;
  name: string;
  description: string;
  /** six lowercase hex digits, no '#' */
  color: string;
  exclusive: boolean;
  archived_unix: number;
  created: number;
  updated: number;
}

/** Where a label lives: exactly one of a repository or an organization. */
export type LabelOwner = { repoId: number } | { orgId: number };

const ownerColumns = (owner: LabelOwner): [number | null, number | null] =>
  'repoId' in owner ? [owner.repoId, null] : [null, owner.orgId];

export function findLabel(db: Database, owner: LabelOwner, id: number): LabelRow | undefined {
  return 'repoId' in owner
    ? db.get<LabelRow>('SELECT * FROM label WHERE id = ? AND repo_id = ?', id, owner.repoId)
    : db.get<LabelRow>('SELECT * FROM label WHERE id = ? AND org_id = ?', id, owner.orgId);
}

/** The oldest label of that exact name (Gitea allows names to repeat). */
export function findLabelByName(db: Database, owner: LabelOwner, name: string): LabelRow | undefined {
  return 'repoId' in owner
    ? db.get<LabelRow>(
        'SELECT * FROM label WHERE repo_id = ? AND name = ? ORDER BY id LIMIT 1',
        owner.repoId,
        name,
      )
    : db.get<LabelRow>(
        'SELECT * FROM label WHERE org_id = ? AND name = ? ORDER BY id LIMIT 1',
        owner.orgId,
        name,
      );
}

// Label reads are kept until the label table changes (Database.memoOf): labelling an issue writes issue_label.
export function findLabelById(db: Database, id: number): LabelRow | undefined {
  return db.memoOf(['label'], `label:${id}`, () => db.get<LabelRow>('SELECT * FROM label WHERE id = ?', id));
}

/** A page of a repository's or an organization's labels, by name as Gitea sorts them. */
export function listLabels(
  db: Database,
  owner: LabelOwner,
  paging: Paging,
): { rows: LabelRow[]; total: number } {
  const [repoId, orgId] = ownerColumns(owner);
  const where = repoId !== null ? 'repo_id = ?' : 'org_id = ?';
  const key = repoId ?? orgId;
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM label WHERE ${where}`, key)?.n ?? 0;
  const rows = db.all<LabelRow>(
    `SELECT * FROM label WHERE ${where} ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`,
    key,
    paging.limit,
    paging.offset,
  );
  return { rows, total };
}

export interface LabelFields {
  name: string;
  description: string;
  color: string;
  exclusive: boolean;
  archived: boolean;
}

export function insertLabel(db: Database, owner: LabelOwner, fields: LabelFields): LabelRow {
  const [repoId, orgId] = ownerColumns(owner);
  const now = nowSeconds();
  const { lastInsertRowid } = db.run(
    `INSERT INTO label (repo_id, org_id, name, description, color, exclusive, archived_unix, created, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    repoId,
    orgId,
    fields.name,
    fields.description,
    fields.color,
    fields.exclusive,
    fields.archived ? now : 0,
    now,
    now,
  );
  return findLabelById(db, lastInsertRowid)!;
}

export function updateLabel(db: Database, label: LabelRow, changes: Partial<LabelFields>): LabelRow {
  const now = nowSeconds();
  const archivedUnix =
    changes.archived === undefined ? label.archived_unix : changes.archived ? label.archived_unix || now : 0;
  db.run(
    'UPDATE label SET name = ?, description = ?, color = ?, exclusive = ?, archived_unix = ?, updated = ? WHERE id = ?',
    changes.name ?? label.name,
    changes.description ?? label.description,
    changes.color ?? label.color,
    changes.exclusive === undefined ? label.exclusive : changes.exclusive,
    archivedUnix,
    now,
    label.id,
  );
  return findLabelById(db, label.id)!;
}

/** Deletes a label; it leaves every issue with it (the foreign key cascades). */
export function deleteLabel(db: Database, id: number): void {
  db.run('DELETE FROM label WHERE id = ?', id);
}

/** The repository's own labels and its owning organization's, among `ids`. */
export function usableLabelsByIds(
  db: Database,
  repo: { id: number; owner_id: number },
  ids: readonly number[],
): LabelRow[] {
  if (ids.length === 0) return [];
  const idList = JSON.stringify(ids);
  return db.memoOf(['label'], `labels:${repo.id}:${repo.owner_id}:${idList}`, () =>
    db.all<LabelRow>(
      `SELECT * FROM label WHERE id IN (SELECT value FROM json_each(?)) AND (repo_id = ? OR org_id = ?)`,
      idList,
      repo.id,
      repo.owner_id,
    ),
  );
}

/** The repository's own labels and its owning organization's with one of these names (exact, as Gitea). */
export function usableLabelsByNames(
  db: Database,
  repo: { id: number; owner_id: number },
  names: readonly string[],
): LabelRow[] {
  if (names.length === 0) return [];
  const nameList = JSON.stringify(names);
  return db.memoOf(['label'], `labels:${repo.id}:${repo.owner_id}:${nameList}`, () =>
    db.all<LabelRow>(
      `SELECT * FROM label WHERE name IN (SELECT value FROM json_each(?)) AND (repo_id = ? OR org_id = ?) ORDER BY id`,
      nameList,
      repo.id,
      repo.owner_id,
    ),
  );
}

/** Labels with these names in any of the repositories (and their owners' organizations), for list filters. */
export function labelIdsByNamesInRepos(
  db: Database,
  repos: readonly { id: number; owner_id: number }[],
  names: readonly string[],
): number[] {
  if (names.length === 0 || repos.length === 0) return [];
  return db
    .all<{ id: number }>(
      `SELECT id FROM label WHERE name IN (SELECT value FROM json_each(?1))
         AND (repo_id IN (SELECT value FROM json_each(?2)) OR org_id IN (SELECT value FROM json_each(?3)))`,
      JSON.stringify(names),
      JSON.stringify(repos.map((r) => r.id)),
      JSON.stringify([...new Set(repos.map((r) => r.owner_id))]),
    )
    .map((row) => row.id);
}

/** The labels of each issue, by name. */
export function labelsOfIssues(db: Database, issueIds: readonly number[]): Map<number, LabelRow[]> {
  const byIssue = new Map<number, LabelRow[]>(issueIds.map((id) => [id, []]));
  if (issueIds.length === 0) return byIssue;
  const rows = db.all<LabelRow & { issue_id: number }>(
    `SELECT label.*, issue_label.issue_id AS issue_id FROM issue_label JOIN label ON label.id = issue_label.label_id
     WHERE issue_label.issue_id IN (SELECT value FROM json_each(?)) ORDER BY label.name COLLATE NOCASE, label.id`,
    JSON.stringify(issueIds),
  );
  for (const { issue_id, ...label } of rows) byIssue.get(issue_id)?.push(label);
  return byIssue;
}

export function labelsOfIssue(db: Database, issueId: number): LabelRow[] {
  return labelsOfIssues(db, [issueId]).get(issueId) ?? [];
}

/** Adds the labels an issue does not have yet; returns how many were added. */
export function addIssueLabels(db: Database, issueId: number, labelIds: readonly number[]): number {
  let added = 0;
  for (const labelId of new Set(labelIds)) {
    added += db.run(
      'INSERT OR IGNORE INTO issue_label (issue_id, label_id) VALUES (?, ?)',
      issueId,
      labelId,
    ).changes;
  }
  return added;
}

export function removeIssueLabel(db: Database, issueId: number, labelId: number): boolean {
  return db.run('DELETE FROM issue_label WHERE issue_id = ? AND label_id = ?', issueId, labelId).changes > 0;
}

export function clearIssueLabels(db: Database, issueId: number): number {
  return db.run('DELETE FROM issue_label WHERE issue_id = ?', issueId).changes;
}
