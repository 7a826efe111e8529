/**
 * The schema of issue #3: users and organizations (one table, as Gitea), e-mail addresses, access tokens,
 * SSH and GPG keys, follows, organization membership, teams, repositories, collaborators, stars, watches.
 * Timestamps are unix seconds; booleans are 0/1; access modes are Gitea's words.
 */
export const initialSchema = `
CREATE TABLE user (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- 0 a user, 1 an organization (Gitea's UserType)
  type INTEGER NOT NULL DEFAULT 0 CHECK (type IN (0, 1)),
  lower_name TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  full_name TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  keep_email_private INTEGER NOT NULL DEFAULT 0,
  login_name TEXT NOT NULL DEFAULT '',
  source_id INTEGER NOT NULL DEFAULT 0,
  passwd_hash TEXT NOT NULL DEFAULT '',
  salt TEXT NOT NULL DEFAULT '',
  must_change_password INTEGER NOT NULL DEFAULT 0,
  is_admin INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1,
  prohibit_login INTEGER NOT NULL DEFAULT 0,
  restricted INTEGER NOT NULL DEFAULT 0,
  visibility TEXT NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'limited', 'private')),
  description TEXT NOT NULL DEFAULT '',
  website TEXT NOT NULL DEFAULT '',
  location TEXT NOT NULL DEFAULT '',
  -- an explicit avatar URL; empty means the server's generated one
  avatar TEXT NOT NULL DEFAULT '',
  language TEXT NOT NULL DEFAULT '',
  max_repo_creation INTEGER NOT NULL DEFAULT -1,
  allow_create_organization INTEGER NOT NULL DEFAULT 1,
  allow_git_hook INTEGER NOT NULL DEFAULT 0,
  allow_import_local INTEGER NOT NULL DEFAULT 0,
  -- organizations only
  repo_admin_change_team_access INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  last_login INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX user_type_name ON user (type, lower_name);

CREATE TABLE email_address (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  lower_email TEXT NOT NULL UNIQUE,
  is_primary INTEGER NOT NULL DEFAULT 0,
  is_activated INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX email_address_uid ON email_address (uid);

CREATE TABLE access_token (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  -- sha256 hex of the token: the token itself is never stored
  token_hash TEXT NOT NULL UNIQUE,
  token_last_eight TEXT NOT NULL,
  -- Gitea's comma-separated scope list, e.g. "read:user,write:repository"; "all" for everything
  scopes TEXT NOT NULL DEFAULT 'all',
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  UNIQUE (uid, name)
);

CREATE TABLE public_key (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  content TEXT NOT NULL,
  -- 1 read, 2 write (Gitea's AccessMode); deploy keys may be read-only
  mode INTEGER NOT NULL DEFAULT 2,
  -- 1 a user key, 2 a deploy key (Gitea's KeyType)
  type INTEGER NOT NULL DEFAULT 1 CHECK (type IN (1, 2)),
  verified INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  last_used INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX public_key_owner ON public_key (owner_id);
CREATE INDEX public_key_fingerprint ON public_key (fingerprint);

CREATE TABLE gpg_key (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  key_id TEXT NOT NULL,
  -- empty for a primary key; the primary's key_id for a subkey
  primary_key_id TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  -- JSON array of {email, verified}
  emails TEXT NOT NULL DEFAULT '[]',
  can_sign INTEGER NOT NULL DEFAULT 0,
  can_encrypt_comms INTEGER NOT NULL DEFAULT 0,
  can_encrypt_storage INTEGER NOT NULL DEFAULT 0,
  can_certify INTEGER NOT NULL DEFAULT 0,
  verified INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  expires INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX gpg_key_owner ON gpg_key (owner_id, primary_key_id);
CREATE INDEX gpg_key_key_id ON gpg_key (key_id);

CREATE TABLE follow (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  follow_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  created INTEGER NOT NULL,
  UNIQUE (user_id, follow_id)
);
CREATE INDEX follow_follow_id ON follow (follow_id);

CREATE TABLE org_user (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  org_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  is_public INTEGER NOT NULL DEFAULT 0,
  UNIQUE (uid, org_id)
);
CREATE INDEX org_user_org_id ON org_user (org_id);

CREATE TABLE team (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  org_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  lower_name TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  -- the team's permission: Gitea's AccessMode word; the Owners team has 'owner'
  authorize TEXT NOT NULL DEFAULT 'read' CHECK (authorize IN ('none', 'read', 'write', 'admin', 'owner')),
  includes_all_repositories INTEGER NOT NULL DEFAULT 0,
  can_create_org_repo INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  UNIQUE (org_id, lower_name)
);

-- The units a team may use and its access per unit (Gitea's team_unit; units_map in the API).
-- A team without rows here is treated as having its 'authorize' on every unit.
CREATE TABLE team_unit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  org_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  -- 'repo.code', 'repo.issues', 'repo.pulls', 'repo.releases', 'repo.wiki', 'repo.ext_wiki', ...
  unit TEXT NOT NULL,
  access_mode TEXT NOT NULL DEFAULT 'read' CHECK (access_mode IN ('none', 'read', 'write', 'admin')),
  UNIQUE (team_id, unit)
);

CREATE TABLE team_user (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  org_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  uid INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  UNIQUE (team_id, uid)
);
CREATE INDEX team_user_uid ON team_user (uid, org_id);

CREATE TABLE repository (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id INTEGER NOT NULL REFERENCES user (id),
  owner_name TEXT NOT NULL,
  lower_name TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  website TEXT NOT NULL DEFAULT '',
  original_url TEXT NOT NULL DEFAULT '',
  default_branch TEXT NOT NULL DEFAULT 'main',
  is_private INTEGER NOT NULL DEFAULT 0,
  is_empty INTEGER NOT NULL DEFAULT 1,
  is_archived INTEGER NOT NULL DEFAULT 0,
  is_mirror INTEGER NOT NULL DEFAULT 0,
  is_fork INTEGER NOT NULL DEFAULT 0,
  fork_id INTEGER REFERENCES repository (id) ON DELETE SET NULL,
  is_template INTEGER NOT NULL DEFAULT 0,
  template_id INTEGER REFERENCES repository (id) ON DELETE SET NULL,
  -- the repository's git directory when it is not DIR/repositories/<owner>/<name>.git (workspace repositories)
  git_path TEXT,
  -- a workspace repository whose folder has gone away
  is_missing INTEGER NOT NULL DEFAULT 0,
  has_issues INTEGER NOT NULL DEFAULT 1,
  has_wiki INTEGER NOT NULL DEFAULT 1,
  has_pull_requests INTEGER NOT NULL DEFAULT 1,
  has_projects INTEGER NOT NULL DEFAULT 0,
  has_releases INTEGER NOT NULL DEFAULT 1,
  has_packages INTEGER NOT NULL DEFAULT 0,
  has_actions INTEGER NOT NULL DEFAULT 0,
  allow_merge_commits INTEGER NOT NULL DEFAULT 1,
  allow_rebase INTEGER NOT NULL DEFAULT 1,
  allow_rebase_explicit INTEGER NOT NULL DEFAULT 1,
  allow_squash_merge INTEGER NOT NULL DEFAULT 1,
  allow_fast_forward_only_merge INTEGER NOT NULL DEFAULT 1,
  allow_rebase_update INTEGER NOT NULL DEFAULT 1,
  default_delete_branch_after_merge INTEGER NOT NULL DEFAULT 0,
  default_merge_style TEXT NOT NULL DEFAULT 'merge',
  ignore_whitespace_conflicts INTEGER NOT NULL DEFAULT 0,
  -- JSON array of topic names
  topics TEXT NOT NULL DEFAULT '[]',
  mirror_interval TEXT NOT NULL DEFAULT '',
  object_format_name TEXT NOT NULL DEFAULT 'sha1',
  num_stars INTEGER NOT NULL DEFAULT 0,
  num_forks INTEGER NOT NULL DEFAULT 0,
  num_watches INTEGER NOT NULL DEFAULT 0,
  num_issues INTEGER NOT NULL DEFAULT 0,
  num_closed_issues INTEGER NOT NULL DEFAULT 0,
  num_pulls INTEGER NOT NULL DEFAULT 0,
  num_closed_pulls INTEGER NOT NULL DEFAULT 0,
  num_milestones INTEGER NOT NULL DEFAULT 0,
  num_closed_milestones INTEGER NOT NULL DEFAULT 0,
  num_releases INTEGER NOT NULL DEFAULT 0,
  -- KiB, as Gitea reports it
  size INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  archived_at INTEGER NOT NULL DEFAULT 0,
  UNIQUE (owner_id, lower_name)
);
CREATE INDEX repository_lower_name ON repository (lower_name);
CREATE INDEX repository_fork_id ON repository (fork_id);
CREATE INDEX repository_is_private ON repository (is_private);

CREATE TABLE deploy_key (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key_id INTEGER NOT NULL REFERENCES public_key (id) ON DELETE CASCADE,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  -- 1 read-only, 2 read-write
  mode INTEGER NOT NULL DEFAULT 1,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  UNIQUE (key_id, repo_id)
);
CREATE INDEX deploy_key_repo ON deploy_key (repo_id);

CREATE TABLE team_repo (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  org_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  UNIQUE (team_id, repo_id)
);
CREATE INDEX team_repo_repo ON team_repo (repo_id);

CREATE TABLE collaboration (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  mode TEXT NOT NULL DEFAULT 'write' CHECK (mode IN ('read', 'write', 'admin')),
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  UNIQUE (repo_id, user_id)
);
CREATE INDEX collaboration_user ON collaboration (user_id);

CREATE TABLE star (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  created INTEGER NOT NULL,
  UNIQUE (uid, repo_id)
);
CREATE INDEX star_repo ON star (repo_id);

CREATE TABLE watch (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE,
  repo_id INTEGER NOT NULL REFERENCES repository (id) ON DELETE CASCADE,
  -- 1 watching, 2 explicitly not watching, 3 auto-watching (Gitea's RepoWatchMode)
  mode INTEGER NOT NULL DEFAULT 1,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  UNIQUE (user_id, repo_id)
);
CREATE INDEX watch_repo ON watch (repo_id, mode);
`;
