import type { TypeName } from './types';

/** The API groups, as Gitea tags its operations. */
export type OperationGroup =
  'admin' | 'miscellaneous' | 'organization' | 'repository' | 'issue' | 'user' | 'package';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Gitea's token scope categories; a read or write scope is derived from the method. */
export type ScopeCategory =
  'admin' | 'misc' | 'notification' | 'organization' | 'repository' | 'issue' | 'user' | 'package';

/**
 * Who may call an operation at all, before any per-resource permission:
 * - `public`: anonymous callers allowed (visibility rules still apply);
 * - `signedIn`: any authenticated user, else 401;
 * - `basic`: authenticated with HTTP Basic (token management), else 401;
 * - `admin`: a site administrator, else 401 (anonymous) or 403.
 */
export type AuthRequirement = 'public' | 'signedIn' | 'basic' | 'admin';

export type ParamType = 'string' | 'integer' | 'boolean' | 'string[]' | 'integer[]';

export interface ParamSpec {
  readonly name: string;
  readonly type: ParamType;
  readonly description?: string;
  readonly required?: boolean;
  readonly enum?: readonly string[];
  /** A path parameter that may span several segments (file paths, branch names with slashes); last in the path. */
  readonly wildcard?: boolean;
  /**
   * A query value Gitea reads without checking it (QueryBool, QueryInt64): one that does not parse counts
   * as absent instead of a 422.
   */
  readonly lenient?: boolean;
}

/** How a body or a success response is encoded. */
export type ContentKind = 'json' | 'text' | 'html' | 'binary' | 'empty' | 'form';

/** A JSON or text body: an object of a `types.ts` type, or a plain string. */
export interface DataBodySpec {
  /** A type of `types.ts`, by Gitea's definition name. */
  readonly type: TypeName | 'string';
  readonly required?: boolean;
  /** `json` by default; `text` for `/markdown/raw`. Servers also accept form-urlencoded where Gitea does. */
  readonly content?: 'json' | 'text';
}

/** A `multipart/form-data` body carrying one file (a release asset upload); callers pass a `Blob` or `File`. */
export interface FileBodySpec {
  readonly type: 'file';
  readonly content: 'multipart';
  /** The form field the file goes in (`attachment` for release assets). */
  readonly field: string;
  readonly required?: boolean;
}

export type BodySpec = DataBodySpec | FileBodySpec;

export interface SuccessSpec {
  readonly status: number;
  /** A type of `types.ts`; absent when the response has no body. */
  readonly type?: TypeName;
  /** The response is a JSON array of `type`. */
  readonly list?: boolean;
  /** `json` when `type` is set, `empty` otherwise, unless stated. */
  readonly content?: ContentKind;
}

/** A method and path as some source declares them, where it differs from what servers really route. */
export interface DeclaredRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly note: string;
}

export interface OperationSpec {
  /** Gitea's operationId (from the 1.1.1 swagger where it has the operation, else today's Gitea). */
  readonly operationId: string;
  /**
   * Other operationIds Gitea's swaggers give this operation, or the route of one of its aliases, where they
   * differ from `operationId` (1.14.1's `repoAddTopíc`, `createOrgRepoDeprecated` for `/org/{org}/repos`).
   * Only the coverage tests read them; clients and commands use `operationId`.
   */
  readonly otherOperationIds?: readonly string[];
  readonly method: HttpMethod;
  /** The path servers route today, relative to `/api/v1`, placeholders in braces. */
  readonly path: string;
  /**
   * Other paths routed to the same operation with the same method: spec spellings, legacy and modern
   * forms. Their placeholders map by position onto those of `path`.
   */
  readonly aliases?: readonly string[];
  /** A route some source declares that servers do not route as declared (e.g. the spec's release create on GET). */
  readonly declared?: DeclaredRoute;
  readonly group: OperationGroup;
  readonly summary: string;
  readonly pathParams?: readonly ParamSpec[];
  readonly queryParams?: readonly ParamSpec[];
  readonly body?: BodySpec;
  readonly success: SuccessSpec;
  /** Other statuses the operation answers (errors, the negative answer of check endpoints). */
  readonly statuses?: readonly number[];
  readonly auth: AuthRequirement;
  readonly scope: ScopeCategory;
  /** A list that takes `page` and `limit` and answers `Link` and `X-Total-Count`. */
  readonly paged?: boolean;
  /**
   * A Gitea unit the operation belongs to that the local server keeps turned off (Actions, packages): there
   * the operation answers as Gitea 1.27 does with `[actions]`/`[packages] ENABLED=false`
   * (server/routes/unitsOff.ts); a real Gitea with the unit on serves it as usual.
   */
  readonly unit?: 'actions' | 'packages';
}
