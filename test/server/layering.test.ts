import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { operations } from '../../src/api/operations';
import type { GuardedHandler } from '../../src/server/routes/guards';
import type { Handler, HandlerMap } from '../../src/server/routes/handler';
import { handlers, mergeHandlerMaps, routeModules } from '../../src/server/routes';
import { labelHandlers } from '../../src/server/routes/labels';

const guardOf = (handler: Handler | undefined): GuardedHandler['guard'] | undefined =>
  (handler as Partial<GuardedHandler> | undefined)?.guard;

const handled = operations.filter((op) => handlers[op.operationId as keyof HandlerMap] !== undefined);

describe('the route table', () => {
  test('no operation is handled by two route modules', () => {
    const declared = routeModules.reduce((sum, map) => sum + Object.keys(map).length, 0);
    assert.equal(Object.keys(handlers).length, declared);
    assert.throws(
      () => mergeHandlerMaps([labelHandlers, labelHandlers]),
      /issueListLabels is handled by two/,
    );
  });

  test('every repository route declares its guard with the route', (t) => {
    const repositoryRoutes = handled.filter((op) => op.path.startsWith('/repos/{owner}/{repo}'));
    const unguarded = repositoryRoutes
      .filter((op) => guardOf(handlers[op.operationId as keyof HandlerMap]) === undefined)
      .map((op) => `${op.method} ${op.path}`);
    assert.deepEqual(unguarded, []);
    t.diagnostic(`${repositoryRoutes.length} repository routes, all guarded`);
  });

  test('every team route declares the role it needs', () => {
    const teamRoutes = handled.filter((op) => op.path.startsWith('/teams/{id}'));
    for (const op of teamRoutes) {
      const guard = guardOf(handlers[op.operationId as keyof HandlerMap]);
      assert.ok(guard && 'of' in guard && guard.of === 'team', `${op.operationId} declares a team guard`);
    }
  });

  test('writes that Gitea guards with reqAdmin, reqOwner or mustNotBeArchived say so', () => {
    const expectations: Record<string, Partial<{ access: string; notArchived: boolean }>> = {
      repoDelete: { access: 'owner' },
      repoTransfer: { access: 'owner' },
      repoEdit: { access: 'admin' },
      repoCreateHook: { access: 'admin' },
      repoAddCollaborator: { access: 'admin' },
      repoCreateBranchProtection: { access: 'admin' },
      issueCreateIssue: { notArchived: true },
      issueCreateComment: { notArchived: true },
      repoCreatePullRequest: { notArchived: true },
      repoMergePullRequest: { notArchived: true },
      repoCreateFile: { access: 'write', notArchived: true },
      repoCreateBranch: { access: 'write', notArchived: true },
      issueCreateLabel: { access: 'write', notArchived: true },
    };
    for (const [operationId, expected] of Object.entries(expectations)) {
      const guard = guardOf(handlers[operationId as keyof HandlerMap]);
      assert.ok(guard && !('of' in guard), `${operationId} has a repository guard`);
      for (const [key, value] of Object.entries(expected)) {
        assert.equal((guard as unknown as Record<string, unknown>)[key], value, `${operationId}: ${key}`);
      }
    }
  });
});

describe('the server layers', () => {
  const serverDir = join(__dirname, '..', '..', 'src', 'server');
  const sources = (folder: string): { file: string; text: string }[] =>
    readdirSync(join(serverDir, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => ({
        file: `${folder}/${file}`,
        text: readFileSync(join(serverDir, folder, file), 'utf8'),
      }));

  test('convert only reads: it imports no store function that writes', () => {
    const writer = /^(insert|update|delete|set|record|create|add|remove|mark|upsert|replace|clear)[A-Z]/;
    const offenders: string[] = [];
    for (const { file, text } of sources('convert')) {
      for (const match of text.matchAll(/import \{([^}]*)\} from '\.\.\/store\/[\w/]+'/g)) {
        const names = (match[1] ?? '').split(',').map((name) => name.replace(/^\s*type\s+/, '').trim());
        offenders.push(...names.filter((name) => writer.test(name)).map((name) => `${file}: ${name}`));
      }
    }
    assert.deepEqual(offenders, []);
  });

  test('convert runs no SQL of its own and registers nothing at import time', () => {
    for (const { file, text } of sources('convert')) {
      assert.doesNotMatch(text, /\.db\.(all|get|run|prepare)\(/, `${file} runs SQL`);
      assert.doesNotMatch(text, /^set[A-Z]\w*\(/m, `${file} registers something when imported`);
    }
  });

  test('services throw domain errors, not HTTP errors, and read no HTTP types', () => {
    const offenders = sources('services')
      .filter(({ text }) => /from '(\.\.\/)+http\//.test(text))
      .map(({ file }) => file);
    assert.deepEqual(offenders, []);
  });
});
