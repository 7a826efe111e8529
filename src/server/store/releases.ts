import type { Database, SqlValue } from './database';

/** A row of `release`. Booleans are 0/1; `created` is unix seconds. */
export interface ReleaseRow {
  id: number;
  repo_id: number;
  publisher_id: number;
  /** A migrated release's author without an account here (publisher_id 0). */
  original_author: string;
  original_author_id: number;
  tag_name: string;
  lower_tag_name: string;
  target: string;
  title: string;
  note: string;
  sha1: string;
  is_draft: boolean;
  is_prerelease: boolean;
  created: number;
}

export type NewRelease = Omit<ReleaseRow, 'id' | 'lower_tag_name' | 'original_author' | 'original_author_id'>;

/** The columns an edit may change. */
export type ReleaseChanges = Partial<
  Pick<
    ReleaseRow,
    'tag_name' | 'target' | 'title' | 'note' | 'sha1' | 'is_draft' | 'is_prerelease' | 'created'
  >
>;

/** Which releases a list shows: drafts only for writers; `draft` / `prerelease` narrow when given. */
export interface ReleaseFilter {
  readonly includeDrafts: boolean;
  readonly draft?: boolean;
  readonly prerelease?: boolean;
}

const filterSql = `repo_id = ? AND (? = 1 OR is_draft = 0) AND (? IS NULL OR is_draft = ?) AND (? IS NULL OR is_prerelease = ?)`;

function filterParams(repoId: number, filter: ReleaseFilter): SqlValue[] {
  const draft = filter.draft === undefined ? null : filter.draft;
  const prerelease = filter.prerelease === undefined ? null : filter.prerelease;
  return [repoId, filter.includeDrafts, draft, draft, prerelease, prerelease];
}

export function findReleaseById(db: Database, repoId: number, id: number): ReleaseRow | undefined {
  return db.get<ReleaseRow>('SELECT * FROM release WHERE id = ? AND repo_id = ?', id, repoId);
}

/** By tag name, case-insensitively, as Gitea's `GetRelease` looks it up. */
export function findReleaseByTag(db: Database, repoId: number, tagName: string): ReleaseRow | undefined {
  return db.get<ReleaseRow>(
    'SELECT * FROM release WHERE repo_id = ? AND lower_tag_name = ?',
    repoId,
    tagName.toLowerCase(),
  );
}

/** Newest first (creation or publication time, then id), as Gitea orders releases. */
export function listReleases(
  db: Database,
  repoId: number,
  filter: ReleaseFilter,
  page: { offset: number; limit: number },
): ReleaseRow[] {
  return db.all<ReleaseRow>(
    `SELECT * FROM release WHERE ${filterSql} ORDER BY created DESC, id DESC LIMIT ? OFFSET ?`,
    ...filterParams(repoId, filter),
    page.limit,
    page.offset,
  );
}

export function countReleases(db: Database, repoId: number, filter: ReleaseFilter): number {
  return (
    db.get<{ n: number }>(
      `SELECT count(*) AS n FROM release WHERE ${filterSql}`,
      ...filterParams(repoId, filter),
    )?.n ?? 0
  );
}

/** The most recent published release that is not a pre-release. */
export function findLatestRelease(db: Database, repoId: number): ReleaseRow | undefined {
  return db.get<ReleaseRow>(
    `SELECT * FROM release WHERE repo_id = ? AND is_draft = 0 AND is_prerelease = 0
     ORDER BY created DESC, id DESC LIMIT 1`,
    repoId,
  );
}

export function insertRelease(db: Database, release: NewRelease): number {
  return db.run(
    `INSERT INTO release (repo_id, publisher_id, tag_name, lower_tag_name, target, title, note, sha1, is_draft,
       is_prerelease, created)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    release.repo_id,
    release.publisher_id,
    release.tag_name,
    release.tag_name.toLowerCase(),
    release.target,
    release.title,
    release.note,
    release.sha1,
    release.is_draft,
    release.is_prerelease,
    release.created,
  ).lastInsertRowid;
}

export function updateRelease(db: Database, id: number, changes: ReleaseChanges): void {
  const current = db.get<ReleaseRow>('SELECT * FROM release WHERE id = ?', id);
  if (!current) return;
  const next = { ...current, ...changes };
  db.run(
    `UPDATE release SET tag_name = ?, lower_tag_name = ?, target = ?, title = ?, note = ?, sha1 = ?, is_draft = ?,
       is_prerelease = ?, created = ?
     WHERE id = ?`,
    next.tag_name,
    next.tag_name.toLowerCase(),
    next.target,
    next.title,
    next.note,
    next.sha1,
    next.is_draft,
    next.is_prerelease,
    next.created,
    id,
  );
}

export function deleteReleaseRow(db: Database, id: number): void {
  db.run('DELETE FROM release WHERE id = ?', id);
}

/** Keeps `repository.num_releases` (the API's `release_counter`) at the number of published releases. */
export function refreshReleaseCounter(db: Database, repoId: number): void {
  db.run(
    'UPDATE repository SET num_releases = (SELECT count(*) FROM release WHERE repo_id = ? AND is_draft = 0) WHERE id = ?',
    repoId,
    repoId,
  );
}
