/**
 * Issue #15, one-time sign-in links: the extension's local account has only an API token, so it asks the
 * server for a link that starts a web session. `web_sign_in_link` keeps the SHA-256 of each link's random
 * code (the code itself is only in the link), the user, where to go after signing in, and when it stops
 * working (seconds after it was made). A link is deleted when used or found expired; deleting the user
 * deletes their links, and the session trigger's reasons (password changed, prohibited, deactivated) do too.
 */
export const webSignInLinksSchema = `
CREATE TABLE web_sign_in_link (
  code_hash TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  redirect_to TEXT NOT NULL,
  expires INTEGER NOT NULL
);
CREATE INDEX web_sign_in_link_uid ON web_sign_in_link (uid);

CREATE TRIGGER web_sign_in_link_revoke AFTER UPDATE OF passwd_hash, salt, prohibit_login, is_active ON user
WHEN new.passwd_hash IS NOT old.passwd_hash OR new.salt IS NOT old.salt
  OR new.prohibit_login <> 0 OR new.is_active = 0
BEGIN
  DELETE FROM web_sign_in_link WHERE uid = new.id;
END;
`;
