import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ServerCapabilities } from '../../../src/api/capabilities';
import { capabilitiesOf } from '../../helpers/serverCapabilities';
import { featureNeeds, featureShortfall, type Feature } from '../../../src/extension/features/featureNeeds';

const server = capabilitiesOf;

/**
 * The issue and pull request views' features on the servers people run: what each shows or hides, and the
 * note an older server gets (the first release of the capability table that has the feature).
 */
test('each feature of the views is decided by the capability table, per server', () => {
  const decisions = (capabilities: ServerCapabilities) =>
    Object.fromEntries(
      (Object.keys(featureNeeds) as Feature[]).map((feature) => [
        feature,
        featureShortfall(capabilities, feature) ?? 'yes',
      ]),
    );
  // the table knows 1.14.1 and 1.22.0 and nothing between: "newer than 1.14.1" is all it can promise
  const newerThan114 = 'needs a Gitea newer than 1.14.1';
  const newerThan122 = 'needs a Gitea newer than 1.22.0';
  assert.deepEqual(decisions(server('1.14.1')), {
    timeline: newerThan114,
    dependencies: newerThan114,
    pins: newerThan114,
    locks: newerThan122,
    attachments: newerThan114,
    resolveConversations: newerThan122,
    threadReplies: newerThan122,
    scheduledMerge: newerThan114,
  });
  // the Gitea 1.22-dev the team recorded: no lock, and no API to resolve conversations or reply in them
  assert.deepEqual(decisions(server('1.22.0+dev-305-g481e738e7')), {
    timeline: 'yes',
    dependencies: 'yes',
    pins: 'yes',
    locks: newerThan122,
    attachments: 'yes',
    resolveConversations: newerThan122,
    threadReplies: newerThan122,
    scheduledMerge: 'yes',
  });
  for (const everything of [server('1.27.1'), server('1.27.1+teahouse-0.1.0', 'teahouse')])
    assert.ok(Object.values(decisions(everything)).every((decision) => decision === 'yes'));
});
