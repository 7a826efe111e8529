import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit } from '../helpers/gitRemote';
import { databaseFile } from '../../src/server/config';
import { managedGitDir } from '../../src/server/git/paths';
import { createLogger } from '../../src/server/log';
import { EventBus, type RepositoryEvent } from '../../src/server/services/events';
import {
  syncWorkspaceRefs,
  trackRefChanges,
  type RefChangeServices,
} from '../../src/server/services/refChanges';
import { createRepository } from '../../src/server/services/repositoryCreate';
import { createUser } from '../../src/server/services/users';
import { Database } from '../../src/server/store/database';
import { migrate } from '../../src/server/store/migrations';
import {
  findRepositoryById,
  insertRepository,
  type RepositoryRow,
} from '../../src/server/store/repositories';
import type { UserRow } from '../../src/server/store/users';

/**
 * The events a push becomes, checked in process (the events leave the server only through webhooks, which
 * come later): the same service the smart HTTP route runs around `git receive-pack`, around a plain
 * `git push` to the repository's folder.
 */

let dataDir: string;
let db: Database;
let events: RepositoryEvent[];
let services: RefChangeServices;
let pusher: UserRow;
let repo: RepositoryRow;
let gitDir: string;
let work: string;

before(async () => {
  dataDir = makeTempDir('teahouse-events-');
  db = new Database(databaseFile(dataDir));
  migrate(db);
  events = [];
  const bus = new EventBus((error) => {
    throw error;
  });
  bus.subscribe((event) => events.push(event));
  services = {
    db,
    dataDir,
    rootUrl: 'http://127.0.0.1:3000/',
    events: bus,
    log: createLogger('info', () => undefined),
  };
  pusher = createUser(db, {
    username: 'event-pusher',
    email: 'pusher@example.com',
    password: 'pw-event-pusher-1',
  });
  repo = await createRepository({ db, dataDir, noreplyHost: '127.0.0.1' }, pusher, pusher, {
    name: 'hooks',
    description: '',
    isPrivate: false,
    isTemplate: false,
    autoInit: true,
    gitignores: '',
    license: '',
    readme: 'Default',
    issueLabels: '',
    defaultBranch: 'main',
    objectFormat: 'sha1',
  });
  gitDir = managedGitDir(dataDir, 'event-pusher', 'hooks');
  work = path.join(dataDir, 'work');
  mustGit(dataDir, ['clone', '--quiet', gitDir, work]);
});

after(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function commit(file: string, content: string, message: string): string {
  writeFileSync(path.join(work, file), content);
  mustGit(work, ['add', '--all']);
  mustGit(work, ['commit', '--quiet', '--no-gpg-sign', '-m', message], {
    GIT_AUTHOR_EMAIL: 'pusher@example.com',
    GIT_COMMITTER_EMAIL: 'pusher@example.com',
  });
  return mustGit(work, ['rev-parse', 'HEAD']).trim();
}

async function push(...refspecs: string[]): Promise<RepositoryEvent[]> {
  events.length = 0;
  await trackRefChanges(services, repo, gitDir, pusher, async () => {
    mustGit(work, ['push', '--quiet', 'origin', ...refspecs]);
  });
  return [...events];
}

interface PushPayloadJson {
  ref: string;
  before: string;
  after: string;
  compare_url: string;
  total_commits: number;
  commits: {
    id: string;
    message: string;
    url: string;
    author: { email: string; username: string };
    added: string[];
    modified: string[];
    removed: string[];
    timestamp: string;
  }[];
  head_commit: { id: string } | null;
  repository: { full_name: string };
  pusher: { login: string };
  sender: { login: string };
}

describe('push events', () => {
  test('a push to a branch is one push event with its commits, newest first', async () => {
    const before = mustGit(work, ['rev-parse', 'HEAD']).trim();
    const first = commit('a.txt', 'a\n', 'add a');
    const second = commit('README.md', 'changed\n', 'edit readme');
    const emitted = await push('main');
    assert.deepEqual(
      emitted.map((e) => e.event),
      ['push'],
    );
    const event = emitted[0]!;
    assert.equal(event.repoId, repo.id);
    assert.equal(event.senderId, pusher.id);
    const payload = event.payload as unknown as PushPayloadJson;
    assert.equal(payload.ref, 'refs/heads/main');
    assert.equal(payload.before, before);
    assert.equal(payload.after, second);
    assert.equal(
      payload.compare_url,
      `http://127.0.0.1:3000/event-pusher/hooks/compare/${before}...${second}`,
    );
    assert.equal(payload.total_commits, 2);
    assert.deepEqual(
      payload.commits.map((c) => c.id),
      [second, first],
    );
    assert.equal(payload.head_commit?.id, second);
    assert.deepEqual(payload.commits[1]!.added, ['a.txt']);
    assert.deepEqual(payload.commits[0]!.modified, ['README.md']);
    assert.equal(payload.commits[0]!.url, `http://127.0.0.1:3000/event-pusher/hooks/commit/${second}`);
    assert.equal(payload.commits[0]!.author.username, 'event-pusher');
    assert.match(payload.commits[0]!.timestamp, /^\d{4}-\d\d-\d\dT/);
    assert.equal(payload.repository.full_name, 'event-pusher/hooks');
    assert.equal(payload.pusher.login, 'event-pusher');
    assert.equal(payload.sender.login, 'event-pusher');
  });

  test('a new branch is a create event, then a push listing only the commits it brought', async () => {
    mustGit(work, ['checkout', '--quiet', '-b', 'topic/x']);
    const only = commit('b.txt', 'b\n', 'topic work');
    const emitted = await push('topic/x');
    assert.deepEqual(
      emitted.map((e) => e.event),
      ['create', 'push'],
    );
    assert.deepEqual(emitted[0]!.payload, {
      sha: only,
      ref: 'topic/x',
      ref_type: 'branch',
      repository: emitted[0]!.payload['repository'],
      sender: emitted[0]!.payload['sender'],
    });
    const payload = emitted[1]!.payload as unknown as PushPayloadJson;
    assert.equal(payload.before, '0'.repeat(40));
    assert.equal(payload.compare_url, '');
    assert.equal(payload.total_commits, 1);
    assert.deepEqual(
      payload.commits.map((c) => c.id),
      [only],
    );
  });

  test('a tag is a push with only its head commit, then a create event', async () => {
    mustGit(work, ['tag', 'v1.0']);
    const emitted = await push('v1.0');
    assert.deepEqual(
      emitted.map((e) => e.event),
      ['push', 'create'],
    );
    const payload = emitted[0]!.payload as unknown as PushPayloadJson;
    assert.equal(payload.ref, 'refs/tags/v1.0');
    assert.equal(payload.commits.length, 0);
    assert.equal(payload.head_commit?.id, mustGit(work, ['rev-parse', 'HEAD']).trim());
    assert.equal(emitted[1]!.payload['ref_type'], 'tag');
    assert.equal(emitted[1]!.payload['ref'], 'v1.0');
  });

  test('deleting a branch is a delete event; deleting a tag an empty push and a delete event', async () => {
    const branch = await push(':topic/x');
    assert.deepEqual(
      branch.map((e) => e.event),
      ['delete'],
    );
    assert.equal(branch[0]!.payload['ref'], 'topic/x');
    assert.equal(branch[0]!.payload['pusher_type'], 'user');
    const tag = await push(':refs/tags/v1.0');
    assert.deepEqual(
      tag.map((e) => e.event),
      ['push', 'delete'],
    );
    assert.equal((tag[0]!.payload as unknown as PushPayloadJson).after, '0'.repeat(40));
  });

  test('a push of many commits lists 20 and counts them all', async () => {
    mustGit(work, ['checkout', '--quiet', 'main']);
    for (let i = 0; i < 25; i++) commit('count.txt', `${i}\n`, `commit ${i}`);
    const emitted = await push('main');
    const payload = emitted[0]!.payload as unknown as PushPayloadJson;
    assert.equal(payload.total_commits, 25);
    assert.equal(payload.commits.length, 20);
    assert.equal(payload.commits[0]!.message, 'commit 24\n');
  });

  test('a push that changes nothing emits nothing', async () => {
    assert.deepEqual(await push('main'), []);
  });
});

describe('changes found in a workspace repository', () => {
  test('the first look only remembers the references; later commits become a push by the owner', async () => {
    const folder = path.join(dataDir, 'workspace-repo');
    mustGit(dataDir, ['init', '--quiet', '--initial-branch=main', folder]);
    writeFileSync(path.join(folder, 'a.txt'), 'a\n');
    mustGit(folder, ['add', '--all']);
    mustGit(folder, ['commit', '--quiet', '--no-gpg-sign', '-m', 'first']);
    const id = insertRepository(db, {
      ownerId: pusher.id,
      ownerName: pusher.name,
      name: 'in-place',
      description: '',
      defaultBranch: 'main',
      isPrivate: false,
      isEmpty: false,
      isTemplate: false,
      objectFormatName: 'sha1',
      size: 0,
      gitPath: path.join(folder, '.git'),
    });
    const row = findRepositoryById(db, id)!;
    events.length = 0;
    await syncWorkspaceRefs(services, row, row.git_path!);
    assert.equal(events.length, 0);

    writeFileSync(path.join(folder, 'b.txt'), 'b\n');
    mustGit(folder, ['add', '--all']);
    mustGit(folder, ['commit', '--quiet', '--no-gpg-sign', '-m', 'second']);
    mustGit(folder, ['branch', 'side']);
    await syncWorkspaceRefs(services, row, row.git_path!);
    assert.deepEqual(
      events.map((e) => `${e.event} ${String(e.payload['ref'])}`),
      ['push refs/heads/main', 'create side', 'push refs/heads/side'],
    );
    assert.equal(events[0]!.senderId, pusher.id);
    assert.equal((events[0]!.payload as unknown as PushPayloadJson).commits[0]!.message, 'second\n');
    // A new branch at a commit main already has brings no commits of its own.
    assert.equal((events[2]!.payload as unknown as PushPayloadJson).total_commits, 0);

    events.length = 0;
    await syncWorkspaceRefs(services, row, row.git_path!);
    assert.equal(events.length, 0);
  });
});
