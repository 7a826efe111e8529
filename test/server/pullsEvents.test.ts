import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import { defaultConfig } from '../../src/server/config';
import { CatFilePool } from '../../src/server/git/catFile';
import { createAppServices } from '../../src/server/services/appServices';
import { createLogger } from '../../src/server/log';
import { EventBus, type RepositoryEvent } from '../../src/server/services/events';
import { mergePullRequest } from '../../src/server/services/merge';
import { createPullRequest, type PullActor } from '../../src/server/services/pullRequests';
import { editPullRequest } from '../../src/server/services/pullRequestsEdit';
import { startPullRequestSync } from '../../src/server/services/pullRequestsEvents';
import type { PullItem } from '../../src/server/services/pullRequestsState';
import { createReview } from '../../src/server/services/reviews';
import { Database } from '../../src/server/store/database';
import { migrate } from '../../src/server/store/migrations';
import { findRepositoryById, type RepositoryRow } from '../../src/server/store/repositories';
import { findUserById, insertUser, type UserRow } from '../../src/server/store/users';
import { git, GitWorkspace, makeTempDir, serverRepoPath } from '../helpers/gitFixtures';
import { insertTestRepository } from './storeFixture';
import { waitFor } from './harness';

interface PullPayload {
  action: string;
  number: number;
  changes?: { ref?: { from: string }; base?: { ref: { from: string } } };
  pull_request: {
    number: number;
    merged: boolean;
    state: string;
    base: { ref: string };
    head: { sha: string };
  };
  repository: { full_name: string };
  sender: { login: string };
  review: { type: string; content: string } | null;
}

/** The pull request services without HTTP: which events they emit, with which payloads, in which order. */
describe('pull request events', () => {
  const dataDir = makeTempDir('teahouse-pull-events-');
  const db = new Database(path.join(dataDir, 'teahouse.db'));
  migrate(db);
  const log = createLogger('info', () => undefined);
  let events: RepositoryEvent[] = [];
  const bus = new EventBus((error) => {
    throw error;
  });
  // a payload is read while its listener runs, as the webhook service does: kept as it was then
  bus.subscribe((event) => events.push(JSON.parse(JSON.stringify(event)) as RepositoryEvent));
  const pool = new CatFilePool();
  const stops: (() => void | Promise<void>)[] = [];
  const app = createAppServices({
    db,
    log,
    config: { ...defaultConfig({ dataDir }), rootUrl: 'http://teahouse.test/' },
    onStop: (cleanup) => stops.push(cleanup),
    events: bus,
    gitPool: pool,
  });
  startPullRequestSync(app);

  const user = (name: string): UserRow =>
    findUserById(db, insertUser(db, { name, email: `${name}@example.com`, passwdHash: '', salt: '' }))!;
  const owner = user('ev-owner');
  const reviewer = user('ev-reviewer');
  const actorOf = (doer: UserRow): PullActor => ({
    db,
    rootUrl: app.config.rootUrl,
    events: bus,
    doer,
    dataDir,
    gitPool: pool,
    log,
  });

  // A repository at the server's managed location with main, a feature branch and a release branch.
  const ws = GitWorkspace.init('main');
  ws.write('README.md', '# events\n').commit('init');
  ws.branch('release', { stay: true });
  ws.branch('feature').write('feature.txt', 'feature\n').commit('feature');
  const gitDir = serverRepoPath(dataDir, 'ev-owner', 'events');
  mkdirSync(path.dirname(gitDir), { recursive: true });
  git(dataDir, ['clone', '--quiet', '--bare', ws.dir, gitDir]);
  const repo: RepositoryRow = findRepositoryById(
    db,
    insertTestRepository(db, { id: owner.id, name: 'ev-owner' }, 'events', { isEmpty: false }),
  )!;

  const payloads = (): PullPayload[] => events.map((e) => e.payload as unknown as PullPayload);
  const summary = (): string[] =>
    events.map((e) => `${e.event}:${(e.payload as { action?: string }).action ?? ''}`);
  let item: PullItem;

  beforeEach(() => {
    events = [];
  });
  after(async () => {
    for (const stop of stops) await stop();
    await pool.close();
    db.close();
    ws.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('opening a pull request emits pull_request opened with the pull request as payload', async () => {
    item = await createPullRequest(actorOf(owner), repo, { head: 'feature', base: 'main', title: 'Feature' });
    assert.deepEqual(summary(), ['pull_request:opened']);
    const [payload] = payloads();
    assert.equal(payload!.number, item.issue.number);
    assert.equal(payload!.pull_request.number, item.issue.number);
    assert.equal(payload!.pull_request.head.sha, ws.git('rev-parse', 'feature').trim());
    assert.equal(payload!.repository.full_name, 'ev-owner/events');
    assert.equal(payload!.sender.login, 'ev-owner');
    assert.equal(events[0]!.repoId, repo.id);
  });

  test('changing the base branch emits edited with the old branch in changes.ref and changes.base.ref', async () => {
    item = await editPullRequest(actorOf(owner), item, { base: 'release' });
    assert.deepEqual(summary(), ['pull_request:edited']);
    const [payload] = payloads();
    assert.equal(payload!.changes?.ref?.from, 'main');
    assert.equal(payload!.changes?.base?.ref.from, 'main');
    assert.equal(payload!.pull_request.base.ref, 'release');
  });

  test('an approval emits pull_request_review_approved with the review', async () => {
    await createReview(actorOf(reviewer), item, { event: 'APPROVED', body: 'fine', comments: [] });
    assert.deepEqual(summary(), ['pull_request_review_approved:reviewed']);
    assert.deepEqual(payloads()[0]!.review, { type: 'pull_request_review_approved', content: 'fine' });
    assert.equal(payloads()[0]!.sender.login, 'ev-reviewer');
  });

  test('a push to the head branch emits pull_request_sync synchronized with the new head', async () => {
    const oldHead = git(dataDir, ['--git-dir', gitDir, 'rev-parse', 'refs/heads/feature']).trim();
    const newHead = git(
      dataDir,
      [
        '--git-dir',
        gitDir,
        'commit-tree',
        '-p',
        'refs/heads/feature',
        '-m',
        'more',
        'refs/heads/feature^{tree}',
      ],
      {
        GIT_AUTHOR_NAME: 'a',
        GIT_AUTHOR_EMAIL: 'a@example.com',
        GIT_COMMITTER_NAME: 'a',
        GIT_COMMITTER_EMAIL: 'a@example.com',
      },
    ).trim();
    git(dataDir, ['--git-dir', gitDir, 'update-ref', 'refs/heads/feature', newHead]);
    // What the git transport emits after a push.
    bus.emit({
      event: 'push',
      repoId: repo.id,
      senderId: owner.id,
      payload: { ref: 'refs/heads/feature', before: oldHead, after: newHead },
    });
    await waitFor(() => events.some((e) => e.event === 'pull_request_sync'), 10_000);
    const sync = events.find((e) => e.event === 'pull_request_sync')!.payload as unknown as PullPayload;
    assert.equal(sync.action, 'synchronized');
    assert.equal(sync.pull_request.head.sha, newHead);
    assert.equal(
      git(dataDir, ['--git-dir', gitDir, 'rev-parse', `refs/pull/${item.issue.number}/head`]).trim(),
      newHead,
    );
  });

  test('merging emits the push of the base branch, then pull_request closed with merged: true', async () => {
    const current = { ...item, issue: item.issue };
    await mergePullRequest(actorOf(owner), current, { style: 'merge', noreplyHost: 'teahouse.test' });
    assert.deepEqual(summary(), ['push:', 'pull_request:closed']);
    const closed = payloads()[1]!;
    assert.equal(closed.pull_request.merged, true);
    assert.equal(closed.pull_request.state, 'closed');
    assert.equal((events[0]!.payload as { ref?: string }).ref, 'refs/heads/release');
  });
});
