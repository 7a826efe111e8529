/**
 * Team review requests (Gitea's review.reviewer_team_id, comment.assignee_team_id): a review request row
 * names a team instead of a user (reviewer_id 0), and its timeline entry names the team. NULL for anything
 * else. A deleted team's requests go with it (Gitea leaves them behind, and then fails to show them).
 */
export const teamReviewRequestsSchema = `
ALTER TABLE review ADD COLUMN reviewer_team_id INTEGER REFERENCES team (id) ON DELETE CASCADE;
ALTER TABLE comment ADD COLUMN assignee_team_id INTEGER REFERENCES team (id) ON DELETE SET NULL;
CREATE INDEX review_reviewer_team ON review (reviewer_team_id, issue_id);
`;
