/**
 * Issue #29: badges (Gitea's `badge` and `user_badge`). A site administrator defines a badge once (its
 * slug is unique) and gives it to users; a user holds a badge at most once (Gitea allows duplicates, which
 * would only list it twice). Deleting the user or the badge takes the link with it.
 */
export const badgesSchema = `
CREATE TABLE badge (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  slug TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL DEFAULT '',
  image_url TEXT NOT NULL DEFAULT ''
);

CREATE TABLE user_badge (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  badge_id INTEGER NOT NULL REFERENCES badge (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  UNIQUE (user_id, badge_id)
);
`;
