import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { operations } from '../../src/api/operations';
import type { HttpMethod, OperationSpec } from '../../src/api/operationSpec';

const root = join(__dirname, '..', '..');
const specText = readFileSync(join(__dirname, '..', 'fixtures', 'api-spec.md'), 'utf8');

interface SwaggerDocument {
  paths: Record<string, Record<string, { operationId?: string } | undefined>>;
}
const readSwagger = (name: string): SwaggerDocument =>
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8')) as SwaggerDocument;
const swagger = readSwagger('gitea-swagger-v1.1.1.json');
/** Gitea 1.14.1's own swagger, verbatim (/swagger.v1.json of that release). */
const swagger1141 = readSwagger('gitea-swagger-1.14.1.json');

interface SwaggerEntry {
  method: string;
  path: string;
  operationId: string;
}

function swaggerEntries(document: SwaggerDocument): SwaggerEntry[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op?.operationId ?? '',
    })),
  );
}

const httpMethods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const isHttpMethod = (word: string): word is HttpMethod => (httpMethods as readonly string[]).includes(word);

function between(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  assert.ok(from >= 0 && to > from, `the spec copy still has the section "${start}"`);
  return text.slice(from, to);
}

function cells(line: string): string[] {
  return line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
const placeholders = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
const shape = (path: string): string => path.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '');

interface SpecRow {
  method: HttpMethod;
  path: string;
  /** The row states a method that servers do not route ("GET (as declared; …)"). */
  declaredOnly: boolean;
  successStatus: number;
}

/** Every row of the endpoint tables of section 4, up to the later revisions. */
function specEndpointRows(): SpecRow[] {
  const section = between(specText, '## 4. Endpoints', '### Behaviours stated for later revisions');
  const rows: SpecRow[] = [];
  for (const line of section.split('\n')) {
    const [methodCell, pathCell, , successCell] = cells(line);
    const method = methodCell?.split(/\s/)[0] ?? '';
    if (!isHttpMethod(method) || pathCell === undefined || successCell === undefined) continue;
    const [path] = codeSpans(pathCell);
    assert.ok(path, `a path in the row "${line}"`);
    rows.push({
      method,
      path,
      declaredOnly: methodCell!.includes('as declared'),
      successStatus: Number.parseInt(successCell, 10),
    });
  }
  return rows;
}

/** Later revisions name some operations without paths; these are the catalogue's spellings of them. */
const namedWithoutPaths: Record<string, readonly string[]> = {
  'branch protection': [
    'repoListBranchProtection',
    'repoCreateBranchProtection',
    'repoGetBranchProtection',
    'repoEditBranchProtection',
    'repoDeleteBranchProtection',
  ],
  'pull request review': [
    'repoListPullReviews',
    'repoCreatePullReview',
    'repoGetPullReview',
    'repoSubmitPullReview',
    'repoDeletePullReview',
    'repoGetPullReviewComments',
    'repoDismissPullReview',
  ],
  'repository transfer': ['repoTransfer', 'acceptRepoTransfer', 'rejectRepoTransfer'],
  reaction: [
    'issueGetIssueReactions',
    'issuePostIssueReaction',
    'issueDeleteIssueReaction',
    'issueGetCommentReactions',
    'issuePostCommentReaction',
    'issueDeleteCommentReaction',
  ],
  contents: ['repoGetContents', 'repoCreateFile', 'repoUpdateFile', 'repoDeleteFile'],
};

interface LaterRevisionRows {
  /** Method and exact path. */
  routes: { method: HttpMethod; path: string }[];
  /** Method and a path prefix ("… under `/user/applications/oauth2`"). */
  under: { method: HttpMethod; prefix: string }[];
  /** Names given without paths, as keys of `namedWithoutPaths`. */
  named: string[];
}

function laterRevisionRows(): LaterRevisionRows {
  const section = between(specText, 'Additional endpoints mentioned by later revisions', 'Payload shapes');
  const result: LaterRevisionRows = { routes: [], under: [], named: [] };
  for (const line of section.split('\n')) {
    const [cell] = cells(line);
    if (!cell || cell === 'Method and path' || /^-+$/.test(cell)) continue;
    const paths = codeSpans(cell);
    if (paths.length === 0) {
      result.named.push(...cell.split(/,\s*/).map((name) => name.replace(/ endpoints$/, '')));
      continue;
    }
    const methods = cell
      .split('`')[0]!
      .replace(/ (on|under) $/, '')
      .split(/,\s*/)
      .map((m) => m.trim());
    assert.ok(methods.every(isHttpMethod), `methods of the row "${line}"`);
    if (cell.includes(' under ')) {
      for (const method of methods) result.under.push({ method, prefix: paths[0]! });
    } else if (paths.length === 1) {
      for (const method of methods) result.routes.push({ method, path: paths[0]! });
    } else {
      // "POST, DELETE on A and B": the n-th method goes with the n-th path
      assert.equal(methods.length, paths.length, `the row "${line}" pairs methods with paths`);
      methods.forEach((method, i) => result.routes.push({ method, path: paths[i]! }));
    }
  }
  result.named.push('contents');
  return result;
}

/**
 * The routes an operation answers: its path and aliases, each also with every value of an enum
 * placeholder spelled out (`/pulls/{index}.{diffType}` is `/pulls/{index}.diff` and `….patch` too).
 */
function routesOf(op: OperationSpec): string[] {
  const enums = (op.pathParams ?? []).filter((param) => param.enum);
  return [op.path, ...(op.aliases ?? [])].flatMap((route) =>
    enums.reduce(
      (spelled, param) => [
        ...spelled,
        ...spelled.flatMap((r) =>
          r.includes(`{${param.name}}`) ? param.enum!.map((v) => r.replace(`{${param.name}}`, v)) : [],
        ),
      ],
      [route],
    ),
  );
}

function routedAt(method: HttpMethod, path: string): OperationSpec | undefined {
  return operations.find((op) => op.method === method && routesOf(op).includes(path));
}

function declaredAt(method: HttpMethod, path: string): OperationSpec | undefined {
  return operations.find((op) => op.declared?.method === method && op.declared.path === path);
}

describe('the catalogue is complete', () => {
  test('every endpoint row of the spec is an operation, at its path, an alias, or as declared', (t) => {
    const rows = specEndpointRows();
    assert.equal(rows.length, 118, 'the spec copy has 118 endpoint rows');
    const missing = rows.filter((row) =>
      row.declaredOnly ? !declaredAt(row.method, row.path) : !routedAt(row.method, row.path),
    );
    assert.deepEqual(missing, []);
    t.diagnostic(`spec endpoint rows found: ${rows.length - missing.length} of ${rows.length}`);
  });

  test('every operation the spec lists answers the spec’s success status', () => {
    const wrong = specEndpointRows().flatMap((row) => {
      const op = row.declaredOnly ? declaredAt(row.method, row.path) : routedAt(row.method, row.path);
      return op && op.success.status !== row.successStatus
        ? [`${row.method} ${row.path}: ${op.success.status}, spec ${row.successStatus}`]
        : [];
    });
    assert.deepEqual(wrong, []);
  });

  test('the release create the spec declares on GET is routed on POST', () => {
    const create = declaredAt('GET', '/repos/{owner}/{repo}/releases');
    assert.ok(create);
    assert.equal(create.operationId, 'repoCreateRelease');
    assert.equal(create.method, 'POST');
    assert.equal(routedAt('GET', '/repos/{owner}/{repo}/releases')?.operationId, 'repoListReleases');
  });

  test('every endpoint the later revisions mention is an operation', (t) => {
    const later = laterRevisionRows();
    assert.ok(later.routes.length >= 14 && later.under.length === 4, 'the later-revision table was parsed');
    const missingRoutes = later.routes.filter((r) => !routedAt(r.method, r.path));
    const missingUnder = later.under.filter(
      (u) =>
        !operations.some(
          (op) => op.method === u.method && (op.path === u.prefix || op.path.startsWith(`${u.prefix}/`)),
        ),
    );
    assert.deepEqual([...missingRoutes, ...missingUnder], []);
    const ids = new Set(operations.map((op) => op.operationId));
    for (const name of later.named) {
      const expected = namedWithoutPaths[name];
      assert.ok(expected, `the catalogue knows what "${name}" means`);
      assert.deepEqual(
        expected.filter((id) => !ids.has(id)),
        [],
        `${name} operations`,
      );
    }
    t.diagnostic(
      `later-revision rows found: ${later.routes.length + later.under.length} routes, ${later.named.length} named groups`,
    );
  });

  test('every operation of the 1.1.1 swagger is an operation with its method, path and operationId', (t) => {
    const entries = swaggerEntries(swagger);
    assert.equal(entries.length, 146, 'the swagger copy has 146 operations');
    const idCounts = new Map<string, number>();
    for (const e of entries) idCounts.set(e.operationId, (idCounts.get(e.operationId) ?? 0) + 1);
    const problems = entries.flatMap((e) => {
      if (!isHttpMethod(e.method)) return [`${e.method} ${e.path}: not an HTTP method`];
      const candidates = [declaredAt(e.method, e.path), routedAt(e.method, e.path)].filter(
        (op): op is OperationSpec => op !== undefined,
      );
      if (candidates.length === 0) return [`${e.method} ${e.path}: missing`];
      // the 1.1.1 swagger gives orgAddTeamMember to four operations; one of them keeps it
      const duplicated = (idCounts.get(e.operationId) ?? 0) > 1;
      const idKnown = duplicated
        ? operations.some((op) => op.operationId === e.operationId)
        : candidates.some((op) => op.operationId === e.operationId);
      return idKnown ? [] : [`${e.method} ${e.path}: operationId ${e.operationId} not kept`];
    });
    assert.deepEqual(problems, []);
    t.diagnostic(`swagger 1.1.1 operations found: ${entries.length - problems.length} of ${entries.length}`);
    t.diagnostic(`catalogue operations: ${operations.length}`);
  });

  test('every operation of the 1.14.1 swagger is an operation with its method, path and operationId', (t) => {
    const entries = swaggerEntries(swagger1141);
    assert.equal(entries.length, 269, 'the swagger copy has 269 operations');
    const problems = entries.flatMap((e) => {
      if (!isHttpMethod(e.method)) return [`${e.method} ${e.path}: not an HTTP method`];
      const op = routedAt(e.method, e.path);
      if (!op) return [`${e.method} ${e.path}: missing`];
      const ids = [op.operationId, ...(op.otherOperationIds ?? [])];
      return ids.includes(e.operationId)
        ? []
        : [`${e.method} ${e.path}: operationId ${e.operationId} not kept`];
    });
    assert.deepEqual(problems, []);
    t.diagnostic(`swagger 1.14.1 operations found: ${entries.length - problems.length} of ${entries.length}`);
  });

  test("every operation of Gitea 1.27.1's swagger is an operation, Actions and packages included", (t) => {
    // the release's route table, as the capability generator keeps it (scripts/data/gitea-api/)
    const release = JSON.parse(
      readFileSync(join(__dirname, '..', '..', 'scripts', 'data', 'gitea-api', '1.27.1.json'), 'utf8'),
    ) as { routes: Record<string, { operationId: string }> };
    const entries = Object.entries(release.routes).map(([route, { operationId }]) => {
      const [method = '', path = ''] = route.split(' ');
      return { method, path, operationId };
    });
    assert.equal(entries.length, 485, 'Gitea 1.27.1 has 485 operations');
    const problems = entries.flatMap((e) => {
      if (!isHttpMethod(e.method)) return [`${e.method} ${e.path}: not an HTTP method`];
      const op = routedAt(e.method, e.path);
      if (!op) return [`${e.method} ${e.path}: missing`];
      return [op.operationId, ...(op.otherOperationIds ?? [])].includes(e.operationId)
        ? []
        : [`${e.method} ${e.path}: operationId ${e.operationId} not kept`];
    });
    assert.deepEqual(problems, []);
    const outside = entries.filter((e) => !/\/(actions|packages)(\/|$)/.test(e.path));
    t.diagnostic(
      `Gitea 1.27.1: ${entries.length} of ${entries.length} operations; outside Actions and packages ${outside.length} of ${outside.length}`,
    );
  });

  test('another operationId names an operation of some Gitea swagger, never an operation of the catalogue', () => {
    const ids = new Set(operations.map((op) => op.operationId));
    const known = new Set(
      [swagger, swagger1141].flatMap((document) => swaggerEntries(document).map((e) => e.operationId)),
    );
    const wrong = operations.flatMap((op) =>
      (op.otherOperationIds ?? [])
        .filter((id) => ids.has(id) || !known.has(id))
        .map((id) => `${op.operationId}: ${id}`),
    );
    assert.deepEqual(wrong, []);
  });
});

describe('the catalogue is well formed', () => {
  test('operationIds are unique', () => {
    const seen = new Set<string>();
    const duplicates: string[] = [];
    for (const op of operations) {
      if (seen.has(op.operationId)) duplicates.push(op.operationId);
      seen.add(op.operationId);
    }
    assert.deepEqual(duplicates, []);
  });

  test('the path parameters are exactly the placeholders of the path, in order', () => {
    const wrong = operations.filter(
      (op) => placeholders(op.path).join('/') !== (op.pathParams ?? []).map((p) => p.name).join('/'),
    );
    assert.deepEqual(
      wrong.map((op) => op.operationId),
      [],
    );
  });

  test('an alias has as many placeholders as its path and differs from it', () => {
    const wrong = operations.flatMap((op) =>
      (op.aliases ?? [])
        .filter((alias) => alias === op.path || placeholders(alias).length !== placeholders(op.path).length)
        .map((alias) => `${op.operationId}: ${alias}`),
    );
    assert.deepEqual(wrong, []);
  });

  test('a wildcard parameter is the last placeholder of the path and of every alias', () => {
    const wrong = operations.flatMap((op) => {
      const params = op.pathParams ?? [];
      const index = params.findIndex((p) => p.wildcard);
      if (index < 0) return [];
      const endsWithIt = [op.path, ...(op.aliases ?? [])].every((route) => /\}$/.test(route));
      return index === params.length - 1 && endsWithIt ? [] : [op.operationId];
    });
    assert.deepEqual(wrong, []);
    assert.ok(
      operations.some((op) => op.pathParams?.some((p) => p.wildcard)),
      'file paths and branch names are wildcards',
    );
  });

  test('a paged list takes integer page and limit query parameters', () => {
    const paged = operations.filter((op) => op.paged);
    assert.ok(paged.length > 0);
    const wrong = paged.filter(
      (op) =>
        !['page', 'limit'].every((name) =>
          op.queryParams?.some((q) => q.name === name && q.type === 'integer'),
        ),
    );
    assert.deepEqual(
      wrong.map((op) => op.operationId),
      [],
    );
  });

  test('no two operations answer the same method on the same path shape', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const op of operations) {
      for (const route of new Set([op.path, ...(op.aliases ?? [])].map(shape))) {
        const key = `${op.method} ${route}`;
        const owner = owners.get(key);
        if (owner !== undefined && owner !== op.operationId)
          clashes.push(`${key}: ${owner}, ${op.operationId}`);
        owners.set(key, op.operationId);
      }
    }
    assert.deepEqual(clashes, []);
  });

  test('every write needs at least a signed-in caller; only the markdown renders and the file reads by POST (which store nothing) are open', () => {
    const open = operations.filter((op) => op.method !== 'GET' && op.auth === 'public');
    assert.deepEqual(
      open.map((op) => op.operationId),
      ['renderMarkdown', 'renderMarkdownRaw', 'repoGetFileContentsPost'],
    );
  });

  test('only the release create declares a route other than its own', () => {
    assert.deepEqual(
      operations.filter((op) => op.declared).map((op) => op.operationId),
      ['repoCreateRelease'],
    );
  });
});

describe('teahouse operations', () => {
  const cli = (...args: string[]): string =>
    execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'operations', ...args], {
      cwd: root,
      encoding: 'utf8',
    });

  test('--json prints one element per catalogue operation with its route, group and success status', () => {
    const listed = JSON.parse(cli('--json')) as Record<string, unknown>[];
    assert.equal(listed.length, operations.length);
    const byId = new Map(operations.map((op) => [op.operationId, op]));
    for (const row of listed) {
      const op = byId.get(String(row.operationId));
      assert.ok(op, `${String(row.operationId)} is in the catalogue`);
      assert.deepEqual(row, {
        operationId: op.operationId,
        method: op.method,
        path: op.path,
        aliases: op.aliases ?? [],
        giteaOperationIds: op.otherOperationIds ?? [],
        group: op.group,
        successStatus: op.success.status,
      });
      byId.delete(op.operationId);
    }
    assert.equal(byId.size, 0, 'every operation is listed once');
  });

  test("--json names Gitea 1.27's other operationIds, so coverage counts the milestone and status aliases", () => {
    const listed = JSON.parse(cli('--json')) as { giteaOperationIds: string[] }[];
    const ids = new Set(listed.flatMap((row) => row.giteaOperationIds));
    assert.ok(ids.has('issueGetMilestonesList'));
    assert.ok(ids.has('repoListStatusesByRef'));
  });

  test('the table lists every operation and counts them', () => {
    const table = cli();
    const missing = operations.filter((op) => !new RegExp(`\\s${op.operationId}$`, 'm').test(table));
    assert.deepEqual(
      missing.map((op) => op.operationId),
      [],
    );
    assert.match(table, new RegExp(`^${operations.length} operations$`, 'm'));
  });
});
