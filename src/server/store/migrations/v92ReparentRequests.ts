/**
 * Issue #29, reparenting (Gitea 1.27's `/reparent`): a repository's administrator asks that one of its forks
 * become the parent of the family; the request waits here until the fork's side accepts or rejects it.
 */
export const reparentRequestsSchema = `
CREATE TABLE reparent_request (
  fork_id INTEGER PRIMARY KEY REFERENCES repository(id) ON DELETE CASCADE,
  parent_id INTEGER NOT NULL REFERENCES repository(id) ON DELETE CASCADE,
  doer_id INTEGER NOT NULL,
  created_unix INTEGER NOT NULL
);
`;
