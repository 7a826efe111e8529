import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sep } from 'node:path';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { OperationId } from '../../api/operations';
import { gitDirsRead, refChangeCount, refChangeUnderWay } from '../git/readTracking';
import type { Database } from '../store/database';
import type { Identity } from './auth';

/**
 * Conditional GETs of the API (RFC 9110 §13). An answer's strong ETag is derived before its handler runs
 * from what it can depend on: the data version (every database write changes it), the count of reference
 * changes (every git command that may move one), the operation, the path and normalised query, and who is
 * asking (user, sudo, token and its scopes), keyed by a secret of this server so a tag can neither be forged
 * nor outlive a restart. A matching If-None-Match is answered 304 without running the handler. Answers read
 * from a workspace repository (its references move in its folder, unseen), built while references moved,
 * or depending on the clock or on files are validated by a hash of their body instead.
 */

/** Answers that depend on the clock or on memory, not only on the data: validated by their body. */
const volatileOperations: ReadonlySet<string> = new Set<OperationId>([
  'userGetHeatmapData',
  'userGetStopWatches',
  'adminCronList',
  'adminUnadoptedList',
  // hook scripts are files, written without a database write or a git command
  'repoListGitHooks',
  'repoGetGitHook',
]);

/** Answers that show writes kept aside from the data version (Database.runAside). */
const asideOperations: ReadonlySet<string> = new Set<OperationId>(['userGetTokens']);

/** Credentials and identity switches: the identity in the tag stands for them. */
const identityParams = new Set(['token', 'access_token', 'sudo']);

export interface ValidationPlan {
  /** The tag derived from the answer's inputs; undefined when the body decides. */
  readonly versionTag?: string;
  /** Reference changes counted when the tag was derived. */
  readonly refChanges?: number;
  /** Where managed repositories live: an answer read from git elsewhere is tagged by its body. */
  readonly managedRoot?: string;
  /** Unix seconds of the data version's first sighting, when that second is over. */
  readonly lastModified?: number;
}

/**
 * What the processes of one server share (`serve --workers`, cluster/sharedTags.ts), so that a tag one of
 * them gave is known to the others: the key, and a data version the same in every process for the same
 * data (the in-process one counts this process's writes).
 */
export interface SharedTags {
  readonly key: Buffer;
  version(): string;
}

let shared: SharedTags | undefined;

/** Tags from the shared key and version (once, as a process of a server with workers starts). */
export function shareTags(tags: SharedTags): void {
  shared = tags;
}

/** Per database (one per server; tests may run several in a process): the tag key and the last version. */
interface TagState {
  readonly key: Buffer;
  lastSeen: { version: string; at: number };
  /** The tags made for the last version, by their inputs: a request asked again costs no HMAC. */
  readonly tags: Map<string, string>;
}

/** `TagState.tags`'s bound: past it, tags are made afresh. */
const maxTags = 10_000;

const states = new WeakMap<Database, TagState>();

function stateOf(db: Database): TagState {
  let state = states.get(db);
  if (!state) {
    state = { key: shared?.key ?? randomBytes(32), lastSeen: { version: '', at: 0 }, tags: new Map() };
    states.set(db, state);
  }
  return state;
}

/** When this version was first seen: no earlier than the write that made it. */
function firstSeen(state: TagState, version: string): number {
  if (state.lastSeen.version !== version) {
    state.lastSeen = { version, at: Date.now() };
    state.tags.clear();
  }
  return state.lastSeen.at;
}

function normalisedQuery(query: URLSearchParams): string {
  const pairs = [...query].filter(([name]) => !identityParams.has(name.toLowerCase()));
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return new URLSearchParams(pairs).toString();
}

function viewerOf(identity: Identity): string {
  const token = identity.token;
  return [
    identity.user?.id ?? 0,
    identity.signedInAs?.id ?? 0,
    identity.method,
    token ? `${token.id}:${token.scopes}` : '',
  ].join('/');
}

const quoted = (digest: string): string => `"${digest.slice(0, 27)}"`;

export function planValidation(
  db: Database,
  managedRoot: string,
  operationId: string,
  path: string,
  query: URLSearchParams,
  identity: Identity,
): ValidationPlan {
  // While references move, what the data version says of them is not settled yet.
  if (volatileOperations.has(operationId) || refChangeUnderWay()) return {};
  const aside = asideOperations.has(operationId) ? `:${db.asideVersion}` : '';
  const refChanges = refChangeCount();
  // a shared version moves with every commit, kept aside or not
  const version = shared ? `${shared.version()}:${refChanges}` : `${db.dataVersion()}:${refChanges}${aside}`;
  const state = stateOf(db);
  const seen = Math.floor(firstSeen(state, version) / 1000);
  const inputs = [operationId, path, normalisedQuery(query), viewerOf(identity), version].join('\n');
  let versionTag = state.tags.get(inputs);
  if (versionTag === undefined) {
    versionTag = quoted(createHmac('sha256', state.key).update(inputs).digest('base64url'));
    if (state.tags.size >= maxTags) state.tags.clear();
    state.tags.set(inputs, versionTag);
  }
  const lastModified = seen < Math.floor(Date.now() / 1000) ? seen : undefined;
  return { versionTag, refChanges, managedRoot: managedRoot + sep, lastModified };
}

/**
 * Whether the version tag still stands for the answer built: nothing read from git outside the managed
 * repositories (whose references only move through counted commands), and no reference moved meanwhile.
 */
function versionHolds(plan: ValidationPlan): boolean {
  if (plan.versionTag === undefined) return false;
  const dirs = gitDirsRead();
  if (dirs.size === 0) return true;
  if (refChangeUnderWay() || refChangeCount() !== plan.refChanges) return false;
  const root = plan.managedRoot;
  return root !== undefined && [...dirs].every((dir) => dir !== undefined && dir.startsWith(root));
}

const bodyTag = (text: string | Buffer): string =>
  quoted(`b${createHash('sha256').update(text).digest('base64url')}`);

const entityTag = /\s*(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/y;

/**
 * The opaque tags of If-None-Match (weak ones compared weakly, so their `W/` is dropped), `*`, or undefined
 * when absent or malformed — a malformed header is ignored, as if not sent.
 */
export function parseIfNoneMatch(header: string | undefined): readonly string[] | '*' | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  const tags: string[] = [];
  entityTag.lastIndex = 0;
  while (entityTag.lastIndex < header.length) {
    const start = entityTag.lastIndex;
    const match = entityTag.exec(header);
    if (!match || entityTag.lastIndex === start) return undefined;
    tags.push(match[1]!);
  }
  return tags.length > 0 ? tags : undefined;
}

/** True when If-None-Match names `etag`, or is `*` (only where the answer is known to exist, unless told). */
export function noneMatchHits(headers: IncomingHttpHeaders, etag: string, starMatches = true): boolean {
  const tags = parseIfNoneMatch(headers['if-none-match']);
  return tags === '*' ? starMatches : tags !== undefined && tags.includes(etag);
}

/** True when If-Modified-Since (used only without If-None-Match) is at or after `lastModified`. */
function unmodifiedSince(headers: IncomingHttpHeaders, lastModified: number | undefined): boolean {
  const since = headers['if-modified-since'];
  if (lastModified === undefined || since === undefined || headers['if-none-match'] !== undefined)
    return false;
  const date = Date.parse(since);
  return Number.isFinite(date) && lastModified <= Math.floor(date / 1000);
}

/** Answers a private cache may keep but must revalidate, per user (`must-revalidate` lets a cache store an answer to an authenticated request, RFC 9111 §3.5). */
export function setCacheHeaders(res: ServerResponse): void {
  res.setHeader('Cache-Control', 'private, no-cache, must-revalidate');
  res.setHeader('Vary', 'Authorization, Sudo');
}

function notModified(res: ServerResponse, etag: string, lastModified: number | undefined): void {
  res.removeHeader('Content-Type');
  res.removeHeader('Content-Length');
  setCacheHeaders(res);
  res.setHeader('ETag', etag);
  if (lastModified !== undefined) res.setHeader('Last-Modified', new Date(lastModified * 1000).toUTCString());
  res.statusCode = 304;
  res.end();
}

/** Before the handler: a 304 when the client holds the tag this request's inputs make. */
export function answeredFromTag(req: IncomingMessage, res: ServerResponse, plan: ValidationPlan): boolean {
  // `*` waits for the handler: only it knows whether the resource exists and the caller may see it.
  if (plan.versionTag === undefined || !noneMatchHits(req.headers, plan.versionTag, false)) return false;
  notModified(res, plan.versionTag, plan.lastModified);
  return true;
}

/** A 200 JSON answer with its validators, or a 304 when the client's copy is current. */
export function sendValidatedJson(
  req: IncomingMessage,
  res: ServerResponse,
  plan: ValidationPlan,
  text: string | Buffer,
): void {
  const byVersion = versionHolds(plan);
  const etag = byVersion ? plan.versionTag! : bodyTag(text);
  const lastModified = byVersion ? plan.lastModified : undefined;
  if (noneMatchHits(req.headers, etag) || unmodifiedSince(req.headers, lastModified)) {
    notModified(res, etag, lastModified);
    return;
  }
  setCacheHeaders(res);
  res.setHeader('ETag', etag);
  if (lastModified !== undefined) res.setHeader('Last-Modified', new Date(lastModified * 1000).toUTCString());
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json;charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
