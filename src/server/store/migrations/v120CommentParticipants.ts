/**
 * Issue #33: who took part in an issue is read from this index alone (poster by comment type), not from
 * each comment's row — the audience of every new comment or change is computed from it.
 */
export const commentParticipantsSchema = `
CREATE INDEX comment_participant ON comment (issue_id, type, poster_id);
`;
