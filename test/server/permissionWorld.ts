import assert from 'node:assert/strict';
import { type TestServer } from './harness';

/**
 * The shared set-up of the permission tests, over HTTP through the harness: repositories with collaborators;
 * the permission-matrix world (one user per role, a public and a private repository owned by the owner with
 * the reader and the writer as collaborators); and a runner that checks every role against every operation,
 * one request per case.
 */

export type Role = 'anonymous' | 'stranger' | 'reader' | 'writer' | 'owner' | 'admin';
export type Visibility = 'public' | 'private';

export const roles: readonly Role[] = ['anonymous', 'stranger', 'reader', 'writer', 'owner', 'admin'];

/** The callers' tokens; anonymous callers have none. */
export type RoleTokens = Partial<Record<Role, string>>;

export type Permission = 'read' | 'write' | 'admin';

export interface RepositorySpec {
  /** The owner's token (the repository is created through `POST /user/repos`). */
  token: string | undefined;
  /** The owner's login. */
  owner: string;
  name: string;
  private: boolean;
  /** Create the repository with an initial commit. */
  autoInit?: boolean;
  /** Logins and permissions, added in order. */
  collaborators?: readonly (readonly [string, Permission])[];
}

/** Creates a repository as its owner over HTTP and adds its collaborators, asserting each step. */
export async function createRepository(server: TestServer, spec: RepositorySpec): Promise<void> {
  const { token, owner, name } = spec;
  const created = await server.request('POST', '/user/repos', {
    token,
    body: spec.autoInit ? { name, private: spec.private, auto_init: true } : { name, private: spec.private },
  });
  assert.equal(created.status, 201, created.text);
  for (const [user, permission] of spec.collaborators ?? []) {
    const added = await server.request('PUT', `/repos/${owner}/${name}/collaborators/${user}`, {
      token,
      body: { permission },
    });
    assert.equal(added.status, 204, added.text);
  }
}

export interface PermissionWorldOptions {
  /** Create the repositories with an initial commit. */
  autoInit?: boolean;
  /** Further users (`<prefix>-<name>`), created after the role users. */
  extraUsers?: readonly string[];
  /** Further collaborators (`<prefix>-<name>`, permission), added to each repository after reader and writer. */
  extraCollaborators?: readonly (readonly [string, Permission])[];
  /** Called once a repository (`pub` or `priv`) has its collaborators, e.g. to open an issue in it. */
  eachRepository?: (name: 'pub' | 'priv') => Promise<void>;
}

/**
 * Builds the world on `server` over HTTP, filling in `tokens`: users `<prefix>-stranger`, `-reader`, `-writer`
 * and `-owner` (the admin is the server's), then repositories `<prefix>-owner/pub` and `<prefix>-owner/priv`.
 */
export async function buildPermissionWorld(
  server: TestServer,
  tokens: RoleTokens,
  prefix: string,
  options: PermissionWorldOptions = {},
): Promise<void> {
  for (const role of ['stranger', 'reader', 'writer', 'owner'] as const) {
    tokens[role] = (await server.createUser(`${prefix}-${role}`)).token;
  }
  for (const name of options.extraUsers ?? []) await server.createUser(`${prefix}-${name}`);
  tokens.admin = server.admin.token;
  for (const [name, isPrivate] of [
    ['pub', false],
    ['priv', true],
  ] as const) {
    await createRepository(server, {
      token: tokens.owner,
      owner: `${prefix}-owner`,
      name,
      private: isPrivate,
      autoInit: options.autoInit,
      collaborators: [
        ['reader', 'read'] as const,
        ['writer', 'write'] as const,
        ...(options.extraCollaborators ?? []),
      ].map(([user, permission]) => [`${prefix}-${user}`, permission] as const),
    });
    await options.eachRepository?.(name);
  }
}

export interface MatrixAnswer {
  status: number;
  text: string;
}

export interface PermissionMatrix<R extends string, O extends string> {
  /** Begins each case's label, e.g. the visibility. */
  label: string;
  roles: readonly R[];
  operations: readonly O[];
  expected: (role: R, operation: O) => number;
  attempt: (role: R, operation: O) => Promise<MatrixAnswer>;
  /** A refusal may come with an empty body (otherwise its body must be JSON with a message). */
  emptyRefusalAllowed?: boolean;
  /** Further checks of a successful answer (expected status below 400). */
  checkSuccess?: (answer: MatrixAnswer, expected: number, operation: O, label: string) => void;
}

/**
 * Tries every operation as every role, in order: each answer must carry the expected status, and a refusal
 * a JSON body with a message. Asserts that every case ran and answers how many did.
 */
export async function runPermissionMatrix<R extends string, O extends string>(
  matrix: PermissionMatrix<R, O>,
): Promise<number> {
  let cases = 0;
  for (const role of matrix.roles) {
    for (const operation of matrix.operations) {
      const expected = matrix.expected(role, operation);
      const res = await matrix.attempt(role, operation);
      const label = `${matrix.label} ${role} ${operation}`;
      assert.equal(res.status, expected, `${label}: ${res.text}`);
      if (expected >= 400) {
        if (!matrix.emptyRefusalAllowed || res.text !== '') {
          assert.equal(typeof (JSON.parse(res.text) as { message: unknown }).message, 'string', label);
        }
      } else {
        matrix.checkSuccess?.(res, expected, operation, label);
      }
      cases++;
    }
  }
  assert.equal(cases, matrix.roles.length * matrix.operations.length);
  return cases;
}
