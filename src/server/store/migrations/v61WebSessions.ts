/**
 * Issue #15, sign-in on the web pages. `web_session` holds one row per browser session: the SHA-256 of its
 * random id (the id itself lives only in the browser's cookie), the user, and when it ends. Deleting the user
 * deletes their sessions (foreign key); a trigger deletes them when the password changes or the account may
 * no longer sign in (prohibited, deactivated), whatever path wrote that change. `web_secret` keeps the one
 * key the server signs its cookies and form tokens with, made on first use.
 */
export const webSessionsSchema = `
CREATE TABLE web_session (
  id_hash TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  created INTEGER NOT NULL,
  expires INTEGER NOT NULL
);
CREATE INDEX web_session_uid ON web_session (uid);

CREATE TRIGGER web_session_revoke AFTER UPDATE OF passwd_hash, salt, prohibit_login, is_active ON user
WHEN new.passwd_hash IS NOT old.passwd_hash OR new.salt IS NOT old.salt
  OR new.prohibit_login <> 0 OR new.is_active = 0
BEGIN
  DELETE FROM web_session WHERE uid = new.id;
END;

CREATE TABLE web_secret (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  secret BLOB NOT NULL
);
`;
