/**
 * Issue #29: the settings of `/user/settings` that the user table lacked, as Gitea keeps them: the web
 * theme (Gitea gives new users `gitea-auto`), the diff view style, and whether the user's activity is
 * hidden from others (`keep_activity_private`, which the activity feeds obey).
 */
export const userSettingsSchema = `
ALTER TABLE user ADD COLUMN theme TEXT NOT NULL DEFAULT 'gitea-auto';
ALTER TABLE user ADD COLUMN diff_view_style TEXT NOT NULL DEFAULT '';
ALTER TABLE user ADD COLUMN keep_activity_private INTEGER NOT NULL DEFAULT 0;
`;
