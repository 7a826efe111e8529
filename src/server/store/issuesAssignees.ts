import type { UserRow } from './users';
import type { Database } from './database';

/** The assignees of each issue (user ids, in the order they were assigned). */
export function assigneeIdsOfIssues(db: Database, issueIds: readonly number[]): Map<number, number[]> {
  const byIssue = new Map<number, number[]>(issueIds.map((id) => [id, []]));
  if (issueIds.length === 0) return byIssue;
  const rows = db.all<{ issue_id: number; assignee_id: number }>(
    `SELECT issue_id, assignee_id FROM issue_assignees WHERE issue_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    JSON.stringify(issueIds),
  );
  for (const row of rows) byIssue.get(row.issue_id)?.push(row.assignee_id);
  return byIssue;
}

/** Makes `userIds` the issue's assignees; returns who was added and who removed. */
export function replaceIssueAssignees(
  db: Database,
  issueId: number,
  userIds: readonly number[],
): { added: number[]; removed: number[] } {
  return db.transaction(() => {
    const current = assigneeIdsOfIssues(db, [issueId]).get(issueId) ?? [];
    const wanted = [...new Set(userIds)];
    const removed = current.filter((id) => !wanted.includes(id));
    const added = wanted.filter((id) => !current.includes(id));
    for (const id of removed) {
      db.run('DELETE FROM issue_assignees WHERE issue_id = ? AND assignee_id = ?', issueId, id);
    }
    for (const id of added) {
      db.run('INSERT INTO issue_assignees (issue_id, assignee_id) VALUES (?, ?)', issueId, id);
    }
    return { added, removed };
  });
}

/** Records that these users were mentioned in the issue (its body or a comment). */
export function addIssueMentions(db: Database, issueId: number, userIds: readonly number[]): void {
  for (const uid of new Set(userIds)) {
    db.run(
      `INSERT INTO issue_user (issue_id, uid, is_mentioned) VALUES (?, ?, 1)
       ON CONFLICT (issue_id, uid) DO UPDATE SET is_mentioned = 1`,
      issueId,
      uid,
    );
  }
}

/**
 * The active users who may hold a role in the repository beyond reading it: its collaborators and the members
 * of its owning organization's teams that cover it, by name (Gitea's candidates for assignees and reviewers).
 */
export function repositoryMemberCandidates(
  db: Database,
  repo: { readonly id: number; readonly owner_id: number },
): UserRow[] {
  return db.all<UserRow>(
    `SELECT * FROM user WHERE is_active = 1 AND id IN (
       SELECT user_id FROM collaboration WHERE repo_id = ?1
       UNION
       SELECT team_user.uid FROM team_user JOIN team ON team.id = team_user.team_id
       WHERE team.org_id = ?2
         AND (team.includes_all_repositories = 1
              OR EXISTS (SELECT 1 FROM team_repo WHERE team_repo.team_id = team.id AND team_repo.repo_id = ?1)))
     ORDER BY name`,
    repo.id,
    repo.owner_id,
  );
}
