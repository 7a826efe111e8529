import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findRuntime, runtimeCandidates, type NodeRuntime } from '../../../src/extension/local/nodeRuntime';
import { isOlder } from '../../../src/extension/local/sharedServer';

const search = {
  configured: undefined,
  hostExecutable: '/opt/vscode/code',
  pathVariable: '/usr/local/bin:/usr/bin::/opt/node22/bin:/usr/bin',
  platform: 'linux' as const,
  isExecutable: (file: string) => ['/usr/bin/node', '/opt/node22/bin/node'].includes(file),
};

test("VS Code's own runtime comes first, acting as Node, then each node on the PATH once", () => {
  assert.deepEqual(runtimeCandidates(search), [
    { command: '/opt/vscode/code', env: { ELECTRON_RUN_AS_NODE: '1' }, origin: 'vscode' },
    { command: '/usr/bin/node', env: {}, origin: 'path' },
    { command: '/opt/node22/bin/node', env: {}, origin: 'path' },
  ]);
});

test('the setting, when set, is the only runtime tried', () => {
  assert.deepEqual(runtimeCandidates({ ...search, configured: ' /srv/node/bin/node ' }), [
    { command: '/srv/node/bin/node', env: {}, origin: 'setting' },
  ]);
  assert.equal(runtimeCandidates({ ...search, configured: '  ' }).length, 3);
});

test('on Windows the PATH is split at ";" and the program is node.exe', () => {
  const found = runtimeCandidates({
    ...search,
    pathVariable: 'C:\\Node;C:\\Other',
    platform: 'win32',
    isExecutable: (file) => file.endsWith('node.exe') && file.startsWith('C:\\Node'),
  });
  assert.deepEqual(
    found.map((runtime) => runtime.origin),
    ['vscode', 'path'],
  );
  assert.match(found[1]!.command, /^C:\\Node[\\/]node\.exe$/);
});

test('the first runtime that runs the CLI is taken; without one, every reason is kept', async () => {
  const candidates = runtimeCandidates(search);
  const tried: string[] = [];
  const probe = (runtime: NodeRuntime) => {
    tried.push(runtime.command);
    return Promise.resolve(
      runtime.command === '/opt/node22/bin/node'
        ? ({ ok: true } as const)
        : ({ ok: false, problem: `${runtime.command} is too old` } as const),
    );
  };
  assert.deepEqual(await findRuntime(candidates, 'cli.js', probe), { runtime: candidates[2] });
  assert.deepEqual(tried, ['/opt/vscode/code', '/usr/bin/node', '/opt/node22/bin/node']);
  const none = await findRuntime(candidates.slice(0, 2), 'cli.js', probe);
  assert.deepEqual('problems' in none ? none.problems.map((entry) => entry.problem) : [], [
    '/opt/vscode/code is too old',
    '/usr/bin/node is too old',
  ]);
});

test('a server is older when its release is lower, whatever its build or pre-release tag', () => {
  assert.equal(isOlder('0.1.0', '0.2.0'), true);
  assert.equal(isOlder('0.10.0', '0.9.3'), false);
  assert.equal(isOlder('1.2.3', '1.2.3'), false);
  assert.equal(isOlder('1.2.3-beta.1', '1.2.3'), false);
  assert.equal(isOlder('1.2.2+build', '1.2.3'), true);
  assert.equal(isOlder('2.0.0', '1.99.99'), false);
});
