import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ServerCapabilities } from '../../src/api/capabilities';
import { TeahouseClient } from '../../src/api/client';
import { operationNamed } from '../../src/api/operations';
import { defaultApiLimits } from '../../src/api/serverProfile';
import type { ChangeFilesOptions, FilesResponse } from '../../src/api/types';
import { changeOperations } from '../../src/extension/remoteRepository/commitPlan';
import { PendingChanges } from '../../src/extension/remoteRepository/pendingChanges';
import { RepoSession } from '../../src/extension/remoteRepository/repoSession';
import { gitea122Client, startGitea122Double, type Gitea122Double } from '../helpers/gitea122Double';
import { recorded, recordedBody } from '../helpers/gitea122/recorded';
import type { RecordedAnswer } from '../helpers/recordedAnswer';

/**
 * A repository opened without cloning, read through the requests a real Gitea 1.22 answered (the double
 * replays the recording): the branch head, the recursive tree of Go to File, a file's raw bytes; and the
 * commit body against the one Gitea took.
 */

let double: Gitea122Double;
let client: TeahouseClient;
const location = { account: 'gitea', owner: 'root', repo: 'rec-1128165022' };
/** The recorded commit whose recursive tree Gitea answered. */
const recordedCommit = 'b21b30159be5d2acfc3f13365cccf815cc140cc2';

before(async () => {
  double = await startGitea122Double();
  client = gitea122Client(double);
});

after(async () => {
  await client.close();
  await double.close();
});

function session(head: string): RepoSession {
  const facts = { defaultBranch: 'main', canPush: true, htmlUrl: '', cloneUrl: '' };
  return new RepoSession(location, client, facts, {
    branch: 'main',
    head,
    changes: { changes: [], folders: [], deletedFolders: [] },
  });
}

test("a branch's head is read from Gitea's branch answer (a branch name with a slash too)", async () => {
  const expected = recordedBody<{ commit: { id: string } }>(
    'GET',
    '/repos/root/rec-1128165022/branches/feature%2Fx',
  );
  assert.equal(await session(recordedCommit).branchHead('feature/x'), expected.commit.id);
});

test("Go to File lists the blobs of Gitea's recursive tree, not its folders", async () => {
  const files = await session(recordedCommit).allFiles();
  assert.ok(files.includes('README.md'));
  assert.ok(files.includes('docs/a.md'));
  assert.ok(!files.includes('docs'), 'a tree entry is no file');
  assert.ok(
    double.requests.some((request) => request.includes(`/git/trees/${recordedCommit}?recursive=true`)),
  );
});

test("a file's bytes are Gitea's raw answer, fetched once per blob id", async () => {
  const opened = session('main');
  const entry = { name: 'README.md', kind: 'file' as const, sha: 'blob-1', size: 43 };
  const before = double.requests.length;
  const bytes = await opened.headBytes('README.md', entry);
  const expected = recordedBody<string>('GET', '/repos/root/rec-1128165022/raw/README.md?ref=main');
  assert.equal(new TextDecoder().decode(bytes), expected);
  await opened.headBytes('README.md', entry);
  assert.equal(double.requests.length - before, 1, 'the second read is the cache');
});

test('the commit body is the one Gitea 1.22 took for one commit of several files', () => {
  const taken = recorded.find(
    (entry) => entry.method === 'POST' && entry.path === '/repos/root/rec-1128165022/contents',
  ) as (RecordedAnswer & { request: ChangeFilesOptions }) | undefined;
  assert.ok(taken, 'the recording has the commit');
  assert.equal(taken.status, 201);
  const changes = new PendingChanges();
  changes.write('docs/a.md', new TextEncoder().encode('A\n'), undefined);
  changes.write('docs/b.md', new TextEncoder().encode('B\n'), undefined);
  assert.deepEqual(changeOperations(changes.list()), taken.request.files);
  // what the committer reads from the answer: the new head
  assert.match((taken.body as FilesResponse).commit.sha, /^[0-9a-f]{40}$/);
});

test('one commit through POST …/contents on Gitea ≥ 1.22 by the table and on Teahouse; one per file before', () => {
  const changeFiles = operationNamed('repoChangeFiles');
  const profile = (kind: 'gitea' | 'forgejo' | 'teahouse', giteaVersion: string) =>
    new ServerCapabilities({
      kind,
      version: giteaVersion,
      giteaVersion,
      limits: defaultApiLimits,
      limitsFromServer: false,
      readAt: '',
    });
  assert.equal(profile('gitea', '1.22.1').has(changeFiles), true);
  assert.equal(profile('forgejo', '1.22.0').has(changeFiles), true);
  assert.equal(profile('gitea', '1.14.1').has(changeFiles), false);
  assert.equal(profile('teahouse', '1.27.1').has(changeFiles), true);
  assert.equal(
    profile('gitea', '1.14.1').has(operationNamed('repoUpdateFile')),
    true,
    'the single-file API is there',
  );
});
