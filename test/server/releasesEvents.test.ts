import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CatFilePool } from '../../src/server/git/catFile';
import { commitInitialFiles, initBareRepository } from '../../src/server/git/init';
import { resolveRef, resolveTag } from '../../src/server/git/refs';
import { createTag, listTags } from '../../src/server/git/tags';
import { EventBus, type RepositoryEvent } from '../../src/server/services/events';
import {
  createRelease,
  deleteRelease,
  editRelease,
  type CreateReleaseInput,
  type ReleaseGit,
  type ReleaseServices,
} from '../../src/server/services/releases';
import { Database } from '../../src/server/store/database';
import { migrate } from '../../src/server/store/migrations';
import { findReleaseById, findReleaseByTag } from '../../src/server/store/releases';
import {
  findRepositoryById,
  insertRepository,
  type RepositoryRow,
} from '../../src/server/store/repositories';
import { findUserById, insertUser, type UserRow } from '../../src/server/store/users';
import { makeTempDir } from './harness';

interface Payload {
  action?: string;
  release?: { id: number; tag_name: string; draft: boolean; author: { login: string } };
  repository: { full_name: string; release_counter: number; permissions: { admin: boolean } };
  sender: { login: string };
  sha?: string;
  ref?: string;
  ref_type?: string;
}

/** The service without HTTP: a real database and a real bare repository, and the event bus listened to. */
describe('release events', () => {
  const dir = makeTempDir('teahouse-release-events-');
  const db = new Database(path.join(dir, 'teahouse.db'));
  const pool = new CatFilePool();
  const events: RepositoryEvent[] = [];
  const services: ReleaseServices = {
    db,
    dataDir: dir,
    rootUrl: 'http://teahouse.test/',
    events: new EventBus((error) => {
      throw error;
    }),
    noreplyHost: 'teahouse.test',
  };
  services.events.subscribe((event) => events.push(event));
  let doer: UserRow;
  let repo: RepositoryRow;
  let git: ReleaseGit;
  let firstCommit: string;
  const gitDir = path.join(dir, 'shop.git');

  before(async () => {
    migrate(db);
    doer = findUserById(
      db,
      insertUser(db, { name: 'ev-owner', email: 'ev@example.com', passwdHash: '', salt: '' }),
    )!;
    await initBareRepository(gitDir, { defaultBranch: 'main', objectFormat: 'sha1' });
    firstCommit = await commitInitialFiles(gitDir, {
      branch: 'main',
      message: 'Initial commit',
      author: { name: 'ev-owner', email: 'ev@example.com', when: 1_700_000_000 },
      files: new Map([['README.md', '# shop\n']]),
    });
    const id = insertRepository(db, {
      ownerId: doer.id,
      ownerName: doer.name,
      name: 'shop',
      description: '',
      defaultBranch: 'main',
      isPrivate: false,
      isEmpty: false,
      isTemplate: false,
      objectFormatName: 'sha1',
      size: 0,
      gitPath: gitDir,
    });
    repo = findRepositoryById(db, id)!;
    const reader = pool.reader(gitDir);
    git = {
      gitDir,
      resolveCommit: async (target) => (await resolveRef(reader, target))?.commit,
      tagCommit: (tag) => resolveTag(reader, tag),
    };
  });
  after(async () => {
    await pool.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const input = (tagName: string, rest: Partial<CreateReleaseInput> = {}): CreateReleaseInput => ({
    tagName,
    target: '',
    title: '',
    note: '',
    isDraft: false,
    isPrerelease: false,
    tagMessage: '',
    ...rest,
  });
  /** The events emitted while `action` ran, as `[event, action or ref_type]` pairs and their payloads. */
  async function during(
    action: () => Promise<unknown> | void,
  ): Promise<{ names: string[]; payloads: Payload[] }> {
    events.length = 0;
    await action();
    return {
      names: events.map((e) => `${e.event}:${String(e.payload['action'] ?? e.payload['ref_type'])}`),
      payloads: events.map((e) => e.payload as unknown as Payload),
    };
  }

  test('publishing a release on a new tag emits create (the tag) then release published, shaped as Gitea', async () => {
    const { names, payloads } = await during(() => createRelease(services, git, doer, repo, input('v1')));
    assert.deepEqual(names, ['create:tag', 'release:published']);
    const [create, release] = payloads as [Payload, Payload];
    assert.equal(create.ref, 'v1');
    assert.equal(create.sha, firstCommit);
    assert.equal(create.repository.full_name, 'ev-owner/shop');
    assert.equal(create.sender.login, 'ev-owner');
    assert.equal(release.release?.tag_name, 'v1');
    assert.equal(release.release?.author.login, 'ev-owner');
    assert.equal(release.repository.release_counter, 1, 'the payload sees the new count');
    assert.equal(
      release.repository.permissions.admin,
      true,
      "the repository as the sender's access shows it",
    );
    assert.equal(events[1]?.repoId, repo.id);
    assert.equal(events[1]?.senderId, doer.id);
  });

  test('a release on an existing tag emits only release published', async () => {
    execFileSync('git', ['--git-dir', gitDir, 'tag', 'v0', firstCommit]);
    const { names } = await during(() => createRelease(services, git, doer, repo, input('v0')));
    assert.deepEqual(names, ['release:published']);
  });

  test('a draft emits nothing until its publication emits create and published', async () => {
    const drafted = await during(() =>
      createRelease(services, git, doer, repo, input('v2', { isDraft: true })),
    );
    assert.deepEqual(drafted.names, []);
    const draft = findReleaseByTag(db, repo.id, 'v2')!;
    const edited = await during(() =>
      editRelease(services, git, doer, repo, draft, { title: 'still a draft' }),
    );
    assert.deepEqual(edited.names, []);
    const current = findReleaseById(db, repo.id, draft.id)!;
    const published = await during(() => editRelease(services, git, doer, repo, current, { isDraft: false }));
    assert.deepEqual(published.names, ['create:tag', 'release:published']);
    assert.equal(published.payloads[1]?.release?.draft, false);
  });

  test('editing a published release emits release updated; deleting it emits release deleted', async () => {
    const created = await createRelease(services, git, doer, repo, input('v3'));
    const updated = await during(() =>
      editRelease(services, git, doer, repo, created, { note: 'more notes' }),
    );
    assert.deepEqual(updated.names, ['release:updated']);
    const current = findReleaseById(db, repo.id, created.id)!;
    const deleted = await during(() => deleteRelease(services, doer, repo, current));
    assert.deepEqual(deleted.names, ['release:deleted']);
    assert.equal(deleted.payloads[0]?.release?.id, created.id);
  });

  test('git tags: create-only lightweight and annotated tags, listed by name with the commits they tag', async () => {
    const tagger = { name: 'Ev <Owner>', email: 'ev@example.com', when: 1_700_000_100 };
    assert.equal(await createTag(gitDir, 'plain', firstCommit), 'created');
    assert.equal(await createTag(gitDir, 'signed/1', firstCommit, { message: 'one', tagger }), 'created');
    assert.equal(await createTag(gitDir, 'plain', firstCommit), 'exists');
    assert.equal(await createTag(gitDir, 'plain/child', firstCommit), 'conflict');
    await assert.rejects(createTag(gitDir, '-bad', firstCommit));
    const tags = await listTags(gitDir);
    const plain = tags.find((t) => t.name === 'plain');
    const signed = tags.find((t) => t.name === 'signed/1');
    const committed = Number(
      execFileSync('git', ['--git-dir', gitDir, 'log', '-1', '--format=%ct', firstCommit], {
        encoding: 'utf8',
      }),
    );
    // a lightweight tag was made when its commit was; an annotated one when its tagger says
    assert.deepEqual(plain, { name: 'plain', id: firstCommit, commit: firstCommit, created: committed });
    assert.equal(signed?.commit, firstCommit);
    assert.equal(signed?.created, 1_700_000_100);
    assert.notEqual(signed?.id, firstCommit, 'an annotated tag is its own object');
    const object = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '-p', 'refs/tags/signed/1'], {
      encoding: 'utf8',
    });
    assert.match(object, /^tagger Ev Owner <ev@example.com> 1700000100 \+0000$/m);
  });

  test('deleting a draft emits nothing', async () => {
    const draft = await createRelease(services, git, doer, repo, input('v4', { isDraft: true }));
    const deleted = await during(() => deleteRelease(services, doer, repo, draft));
    assert.deepEqual(deleted.names, []);
  });
});
