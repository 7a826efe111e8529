/**
 * Release assets (Gitea's `attachment` table, for releases only): the file lives under the data folder at
 * `attachments/<uuid>`; the row keeps its name, size and download count. Rows go with their release (and so
 * with their repository); the services remove the files.
 */
export const attachmentsSchema = `
CREATE TABLE attachment (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  release_id INTEGER NOT NULL REFERENCES release (id) ON DELETE CASCADE,
  uploader_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  size INTEGER NOT NULL,
  download_count INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL
);
CREATE INDEX attachment_release ON attachment (release_id, id);
CREATE INDEX attachment_repo ON attachment (repo_id);
`;
