/**
 * OAuth2 applications a user registers (`/user/applications/oauth2`). Only a hash of the client secret is
 * kept; `redirect_uris` is a JSON array of strings.
 */
export const oauth2ApplicationsSchema = `
CREATE TABLE oauth2_application (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  client_id TEXT NOT NULL UNIQUE,
  client_secret_hash TEXT NOT NULL,
  redirect_uris TEXT NOT NULL DEFAULT '[]',
  confidential_client INTEGER NOT NULL DEFAULT 0,
  skip_secondary_authorization INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL
);
CREATE INDEX oauth2_application_uid ON oauth2_application (uid);
`;
