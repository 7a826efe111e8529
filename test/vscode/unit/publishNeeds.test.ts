import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capabilitiesOf } from '../../helpers/serverCapabilities';
import { targetShortfall } from '../../../src/extension/publish/publishNeeds';

const gitea = capabilitiesOf;

test('publishing needs Gitea ≥ 1.13 (a release found by its tag); Teahouse and newer Giteas take it', () => {
  assert.equal(targetShortfall(gitea('1.12.6')), 'needs Gitea ≥ 1.13');
  assert.equal(targetShortfall(gitea('1.1.1')), 'needs Gitea ≥ 1.13');
  for (const version of ['1.13.0', '1.14.1', '1.27.1'])
    assert.equal(targetShortfall(gitea(version)), undefined);
  assert.equal(targetShortfall(gitea('1.14.1+teahouse-0.1.0', 'teahouse')), undefined);
});
