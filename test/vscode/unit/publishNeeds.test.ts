import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServerCapabilities } from '../../../src/api/capabilities';
import { defaultApiLimits } from '../../../src/api/serverProfile';
import { targetShortfall } from '../../../src/extension/publish/publishNeeds';

const gitea = (version: string, kind: 'gitea' | 'teahouse' = 'gitea'): ServerCapabilities =>
  new ServerCapabilities({
    kind,
    version,
    giteaVersion: version.split('+')[0],
    limits: defaultApiLimits,
    limitsFromServer: false,
    readAt: '',
  });

test('publishing needs Gitea ≥ 1.13 (a release found by its tag); Teahouse and newer Giteas take it', () => {
  assert.equal(targetShortfall(gitea('1.12.6')), 'needs Gitea ≥ 1.13');
  assert.equal(targetShortfall(gitea('1.1.1')), 'needs Gitea ≥ 1.13');
  for (const version of ['1.13.0', '1.14.1', '1.27.1'])
    assert.equal(targetShortfall(gitea(version)), undefined);
  assert.equal(targetShortfall(gitea('1.14.1+teahouse-0.1.0', 'teahouse')), undefined);
});
