import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runtimeProblem } from '../../src/server/runtimeCheck';

const versions = (node: string, extra: Record<string, string> = {}): NodeJS.ProcessVersions =>
  ({ ...process.versions, node, ...extra }) as NodeJS.ProcessVersions;

test('Node 22.13 and later with node:sqlite run the server', () => {
  assert.equal(
    runtimeProblem(versions('22.13.0'), () => true),
    undefined,
  );
  assert.equal(
    runtimeProblem(versions('24.1.0'), () => true),
    undefined,
  );
});

test('an older Node is named with the version the server needs', () => {
  assert.match(
    runtimeProblem(versions('20.20.2'), () => false) ?? '',
    /^Teahouse needs Node\.js 22\.13 or later with node:sqlite; this is Node\.js 20\.20\.2 at \S+$/,
  );
  assert.match(runtimeProblem(versions('22.12.0'), () => true) ?? '', /this is Node\.js 22\.12\.0/);
});

test('a new enough runtime built without node:sqlite says it lacks it, naming Electron when it is one', () => {
  assert.match(
    runtimeProblem(versions('22.15.0', { electron: '35.1.0' }), () => false) ?? '',
    /this is the Electron 35\.1\.0 runtime \(Node\.js 22\.15\.0\) at \S+, which lacks node:sqlite$/,
  );
});
