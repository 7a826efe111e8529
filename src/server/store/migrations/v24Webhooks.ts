/**
 * Issue #6, webhooks. A hook belongs to a repository or to an account (organization hooks); deleting either
 * deletes its hooks and their deliveries. `events` is the selection as JSON (`{push_only, send_everything,
 * choose_events, events: [...]}`, Gitea's HookEvent); `meta` holds the chat extras (channel, username,
 * icon_url, color).
 *
 * `hook_delivery` is the delivery queue itself: a row is written when the event fires and the worker sends
 * due rows (`state` pending → sending → delivered | failed; pending again after a failed attempt, at
 * `next_attempt_at`, in milliseconds). `payload` is the body as it is sent (already shaped for the hook's
 * type). Each attempt is kept in `hook_delivery_attempt`.
 */
export const webhooksSchema = `
CREATE TABLE webhook (
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
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  CHECK ((repo_id IS NULL) <> (owner_id IS NULL))
);
CREATE INDEX webhook_repo ON webhook (repo_id);
CREATE INDEX webhook_owner ON webhook (owner_id);

CREATE TABLE hook_delivery (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  hook_id INTEGER NOT NULL REFERENCES webhook (id) ON DELETE CASCADE,
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
CREATE INDEX hook_delivery_due ON hook_delivery (state, next_attempt_at);
CREATE INDEX hook_delivery_hook ON hook_delivery (hook_id, id DESC);

CREATE TABLE hook_delivery_attempt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id INTEGER NOT NULL REFERENCES hook_delivery (id) ON DELETE CASCADE,
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
`;
