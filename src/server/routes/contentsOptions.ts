import type { BodyFields } from '../http/bodyFields';
import { invalid } from '../domain/errors';
import { normalizeTreePath, touchesGitDir, isValidBranchName } from '../git/validate';
import type { CommitRequest, PersonInput } from '../services/fileChanges';

/** A path a file may be written at: normalised, not the root, nothing inside `.git` (Gitea: 422). */
export function writablePath(raw: string, field = 'path'): string {
  const path = normalizeTreePath(raw);
  if (path === undefined || path === '' || touchesGitDir(path)) throw invalid(`invalid ${field}: ${raw}`);
  return path;
}

function branchField(body: BodyFields, name: string, goName: string): string | undefined {
  const value = body.string(name);
  if (value === undefined || value === '') return undefined;
  if ([...value].length > 100) throw invalid(`[${goName}]: MaxSize`);
  if (!isValidBranchName(value)) throw invalid(`[${goName}]: GitRefName`);
  return value;
}

/** Base64 as Go's standard decoder takes it (whitespace aside); 422 otherwise. */
export function base64Content(value: string): Buffer {
  const compact = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw invalid('[Content]: must be base64');
  }
  return Buffer.from(compact, 'base64');
}

/** `{name, email}` without characters git would drop or choke on. */
function personField(body: BodyFields, name: string): PersonInput | undefined {
  const map = body.stringMap(name);
  if (!map) return undefined;
  const lower = Object.fromEntries(Object.entries(map).map(([key, value]) => [key.toLowerCase(), value]));
  const person = { name: lower['name'], email: lower['email'] };
  // eslint-disable-next-line no-control-regex
  if (Object.values(person).some((v) => v !== undefined && /[<>\x00-\x1f]/.test(v))) {
    throw invalid(`[${name}]: invalid name or e-mail`);
  }
  return person;
}

/** An RFC 3339 time as git's `@<unix> +hhmm`, keeping the zone; 422 when it is not one. */
function gitDate(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const match = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(Z|[+-]\d\d:\d\d)$/i.exec(value);
  const millis = Date.parse(value);
  if (!match || Number.isNaN(millis)) throw invalid(`[Dates.${field}]: must be an RFC 3339 time`);
  const zone = match[1]!.toUpperCase() === 'Z' ? '+0000' : match[1]!.replace(':', '');
  return `@${Math.floor(millis / 1000)} ${zone}`;
}

/** Gitea's FileOptions, shared by every write of the contents API: branches, message, people, dates. */
export function parseCommitRequest(body: BodyFields): CommitRequest {
  const dates = body.stringMap('dates');
  const dateOf = (key: string): string | undefined =>
    Object.entries(dates ?? {}).find(([name]) => name.toLowerCase() === key)?.[1];
  return {
    branch: branchField(body, 'branch', 'BranchName'),
    newBranch: branchField(body, 'new_branch', 'NewBranchName'),
    forcePush: body.boolean('force_push') ?? false,
    message: body.string('message'),
    author: personField(body, 'author'),
    committer: personField(body, 'committer'),
    authorDate: gitDate(dateOf('author'), 'Author'),
    committerDate: gitDate(dateOf('committer'), 'Committer'),
    signoff: body.boolean('signoff') ?? false,
  };
}
