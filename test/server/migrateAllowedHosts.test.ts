import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isIP } from 'node:net';
import os from 'node:os';
import { classifyAddress, type AddressClass } from '../../src/server/services/addressPolicy';
import { startServer, type TestServer, type TestUser } from './harness';
import { buildTrackerSource, trackerRepoName } from './migrateTrackerSource';
import { snapshotRepository, type Snapshot } from './migrateTrackerSnapshot';

/**
 * The address policy around a tracker migration (issue 20, "Take Repository Offline"): a server that listens
 * beyond loopback migrates a loopback source with its whole tracker once `--allowed-hosts` names it; a
 * server on loopback (as the extension starts its local server) migrates from a LAN address as it is, and
 * from an address of a reserved range only when `--allowed-hosts` names it (what the extension passes: the
 * hosts of the user's remote accounts).
 */

let source: TestServer;
let alice: TestUser;
let bob: TestUser;
let sourceSnapshot: Snapshot;
const fullName = `alice/${trackerRepoName}`;

/** This machine's first address of a class other than loopback (a LAN address, or a reserved one). */
function machineAddress(kind: AddressClass): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && !entry.internal && classifyAddress(entry.address) === kind)
    ?.address;
}

const urlHost = (host: string): string => (isIP(host) === 6 ? `[${host}]` : host);

const migrateFrom = (target: TestServer, user: TestUser, host: string, repoName: string) =>
  target.request<{ full_name: string; message: string }>('POST', '/repos/migrate', {
    token: user.token,
    body: {
      clone_addr: `http://${urlHost(host)}:${new URL(source.url).port}/${fullName}.git`,
      repo_name: repoName,
      service: 'gitea',
      auth_token: alice.token,
      issues: true,
      labels: true,
      milestones: true,
      pull_requests: true,
      releases: true,
    },
  });

before(async () => {
  // the source answers on every interface, so a LAN address reaches it too
  source = await startServer({ args: ['--host', '::'] });
  [alice, bob] = await Promise.all([source.createUser('alice'), source.createUser('bob')]);
  await buildTrackerSource(source, alice, bob);
  sourceSnapshot = await snapshotRepository(source, alice.token, fullName);
});

after(async () => {
  await source.stop();
});

describe('a server listening beyond loopback, with --allowed-hosts', () => {
  let open: TestServer;
  let refusing: TestServer;
  let aliceOpen: TestUser;
  let aliceRefusing: TestUser;

  before(async () => {
    [open, refusing] = await Promise.all([
      startServer({ args: ['--host', '0.0.0.0', '--allowed-hosts', 'localhost,127.0.0.1'] }),
      startServer({ args: ['--host', '0.0.0.0'] }),
    ]);
    [aliceOpen, aliceRefusing] = await Promise.all([open.createUser('alice'), refusing.createUser('alice')]);
  });

  after(async () => {
    await Promise.all([open.stop(), refusing.stop()]);
  });

  test('without the host in the list, the loopback source is refused before anything is read (422)', async () => {
    const res = await migrateFrom(refusing, aliceRefusing, '127.0.0.1', trackerRepoName);
    assert.equal(res.status, 422, res.text);
    assert.match(res.json.message, /disallowed hosts: .*loopback address/);
    const gone = await refusing.request('GET', `/repos/${fullName}`, { token: aliceRefusing.token });
    assert.equal(gone.status, 404);
  });

  test('with it, every issue, comment, label, milestone, pull request and release arrives (201)', async () => {
    const res = await migrateFrom(open, aliceOpen, '127.0.0.1', trackerRepoName);
    assert.equal(res.status, 201, res.text);
    const copy = await snapshotRepository(open, aliceOpen.token, fullName);
    assert.deepEqual(copy.effective, sourceSnapshot.effective);
    assert.equal(copy.gitRefs, sourceSnapshot.gitRefs);
    assert.deepEqual(copy.counts, sourceSnapshot.counts);
  });

  test('a host name in the list is allowed by its name', async () => {
    const res = await migrateFrom(open, aliceOpen, 'localhost', 'by-name');
    assert.equal(res.status, 201, res.text);
  });
});

describe('a server listening on loopback only (as the extension starts its local server)', () => {
  const lan = machineAddress('private');
  const reserved = machineAddress('reserved');

  test(
    'migrates from a LAN (private) address of this machine without --allowed-hosts (201)',
    { skip: lan === undefined && 'this machine has no private address' },
    async () => {
      const local = await startServer();
      try {
        const me = await local.createUser('alice');
        const res = await migrateFrom(local, me, lan!, trackerRepoName);
        assert.equal(res.status, 201, res.text);
        const copy = await snapshotRepository(local, me.token, fullName);
        assert.deepEqual(copy.effective, sourceSnapshot.effective);
      } finally {
        await local.stop();
      }
    },
  );

  test(
    'refuses an address of a reserved range (a test network) until --allowed-hosts names it',
    { skip: reserved === undefined && 'this machine has no address in a reserved range' },
    async () => {
      const [plain, allowing] = await Promise.all([
        startServer(),
        startServer({ args: ['--allowed-hosts', reserved!] }),
      ]);
      try {
        const [mePlain, meAllowing] = await Promise.all([
          plain.createUser('alice'),
          allowing.createUser('alice'),
        ]);
        const refused = await migrateFrom(plain, mePlain, reserved!, trackerRepoName);
        assert.equal(refused.status, 422, refused.text);
        assert.match(refused.json.message, /disallowed hosts: .*reserved address/);
        const res = await migrateFrom(allowing, meAllowing, reserved!, trackerRepoName);
        assert.equal(res.status, 201, res.text);
        const copy = await snapshotRepository(allowing, meAllowing.token, fullName);
        assert.deepEqual(copy.effective, sourceSnapshot.effective);
      } finally {
        await Promise.all([plain.stop(), allowing.stop()]);
      }
    },
  );
});
