/**
 * Issue #29: administrator webhooks (Gitea's `is_system_webhook`). A hook now hangs on a repository, on an
 * account (organization and user hooks), or on neither: an administrator's hook, a "system" hook
 * (`is_system_webhook` 1) that sees every repository's events, or a "default" hook (0) copied into each new
 * repository.
 *
 * Relaxing the CHECK means rebuilding `webhook`; its deliveries and their attempts are rebuilt with it,
 * because dropping the old table would otherwise cascade into them. The new tables reference each other by
 * their temporary names, which the renames at the end rewrite.
 */
export const systemWebhooksSchema = `
CREATE TABLE webhook_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  repo_id INTEGER REFERENCES repository (id) ON DELETE CASCADE,
  owner_id INTEGER REFERENCES user (id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT '',
  -- gitea, gogs, slack, discord
  type TEXT NOT NULL,
  url TEXT NOT NULL,
  -- json, form
  content_type TEXT NOT NULL,
  secret TEXT NOT NULL DEFAULT '',
  events TEXT NOT NULL,
  branch_filter TEXT NOT NULL DEFAULT '',
  authorization_header TEXT NOT NULL DEFAULT '',
  meta TEXT NOT NULL DEFAULT '{}',
  is_active INTEGER NOT NULL DEFAULT 0,
  -- only for an administrator's hook: 1 every repository's events, 0 a default copied into new ones
  is_system_webhook INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  CHECK (repo_id IS NULL OR owner_id IS NULL),
  CHECK (is_system_webhook = 0 OR (repo_id IS NULL AND owner_id IS NULL))
);
INSERT INTO webhook_rebuilt (id, repo_id, owner_id, name, type, url, content_type, secret, events, branch_filter,
    authorization_header, meta, is_active, created, updated)
  SELECT id, repo_id, owner_id, name, type, url, content_type, secret, events, branch_filter,
    authorization_header, meta, is_active, created, updated FROM webhook;

CREATE TABLE hook_delivery_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  hook_id INTEGER NOT NULL REFERENCES webhook_rebuilt (id) ON DELETE CASCADE,
  uuid TEXT NOT NULL UNIQUE,
  -- the fine-grained event type (issue_label, pull_request_review_approved, ...)
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  -- pending, sending, delivered, failed
  state TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  created INTEGER NOT NULL,
  -- unix seconds of the last attempt, 0 before the first
  delivered INTEGER NOT NULL DEFAULT 0
);
INSERT INTO hook_delivery_rebuilt SELECT * FROM hook_delivery;

CREATE TABLE hook_delivery_attempt_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id INTEGER NOT NULL REFERENCES hook_delivery_rebuilt (id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL,
  url TEXT NOT NULL,
  -- JSON object of the request headers as sent (Authorization masked)
  request_headers TEXT NOT NULL,
  -- 0 when no answer came (refused, unreachable, timed out)
  response_status INTEGER NOT NULL DEFAULT 0,
  response_headers TEXT NOT NULL DEFAULT '{}',
  response_body TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  is_succeed INTEGER NOT NULL DEFAULT 0,
  -- unix milliseconds
  started INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  UNIQUE (delivery_id, attempt)
);
INSERT INTO hook_delivery_attempt_rebuilt SELECT * FROM hook_delivery_attempt;

DROP TABLE hook_delivery_attempt;
DROP TABLE hook_delivery;
DROP TABLE webhook;
ALTER TABLE webhook_rebuilt RENAME TO webhook;
ALTER TABLE hook_delivery_rebuilt RENAME TO hook_delivery;
ALTER TABLE hook_delivery_attempt_rebuilt RENAME TO hook_delivery_attempt;

CREATE INDEX webhook_repo ON webhook (repo_id);
CREATE INDEX webhook_owner ON webhook (owner_id);
CREATE INDEX webhook_system ON webhook (is_system_webhook) WHERE repo_id IS NULL AND owner_id IS NULL;
CREATE INDEX hook_delivery_due ON hook_delivery (state, next_attempt_at);
CREATE INDEX hook_delivery_hook ON hook_delivery (hook_id, id DESC);
`;
