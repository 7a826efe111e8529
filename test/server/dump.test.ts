import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createGzip, gunzipSync } from 'node:zlib';
import { TarWriter } from '../../src/server/commands/dump/tarWriter';
import { fixtureEnv, git, makeTempDir, removeDirs, type GitWorkspace } from '../helpers/gitFixtures';
import { commitIdentity, remoteUrl } from '../helpers/gitRemote';
import { runCli, startServer, type TestServer, type TestUser } from './harness';
import { assetBytes, buildTrackerSource, ok } from './migrateTrackerSource';
import { cloneAs, createRepo } from './pullsFixture';

const run = promisify(execFile);

interface Identified {
  readonly id: number;
}

/** Every page of a list endpoint (limit 50), as the admin sees it; `/repos/search` answers `{ data }`. */
async function listAll(server: TestServer, apiPath: string): Promise<Identified[]> {
  const items: Identified[] = [];
  for (let page = 1; ; page++) {
    const sep = apiPath.includes('?') ? '&' : '?';
    const res = await server.request<Identified[] | { data: Identified[] }>(
      'GET',
      `${apiPath}${sep}limit=50&page=${page}`,
      { token: server.admin.token },
    );
    assert.equal(res.status, 200, `${apiPath}: ${res.text}`);
    const pageItems = Array.isArray(res.json) ? res.json : res.json.data;
    items.push(...pageItems);
    if (pageItems.length < 50) return items;
  }
}

/** The JSON of every list endpoint, the server's own root URL replaced so two servers compare. */
async function answers(server: TestServer, repos: readonly string[]): Promise<Map<string, Identified[]>> {
  const paths = ['/admin/users', '/admin/orgs', '/repos/search'];
  for (const repo of repos) {
    for (const list of [
      'issues?state=all&type=issues',
      'issues/comments',
      'pulls?state=all',
      'releases',
      'labels',
      'milestones?state=all',
    ]) {
      paths.push(`/repos/${repo}/${list}`);
    }
  }
  const result = new Map<string, Identified[]>();
  for (const apiPath of paths) {
    const items = await listAll(server, apiPath);
    result.set(apiPath, JSON.parse(JSON.stringify(items).replaceAll(server.url, 'ROOT/')) as Identified[]);
  }
  return result;
}

/** `refname → sha` of a repository as the server answers it over HTTP. */
async function refsOf(server: TestServer, fullName: string, user: TestUser): Promise<Map<string, string>> {
  const url = remoteUrl(server.url, fullName, { username: user.user.login, secret: user.token });
  const { stdout } = await run('git', ['ls-remote', url], { env: fixtureEnv() });
  return new Map(
    stdout
      .trim()
      .split('\n')
      .filter((line) => line !== '' && !line.endsWith('\tHEAD'))
      .map((line) => {
        const [sha, ref] = line.split('\t');
        return [ref!, sha!];
      }),
  );
}

describe('teahouse dump and restore', () => {
  let source: TestServer;
  let restored: TestServer | undefined;
  let alice: TestUser;
  let bob: TestUser;
  let work: string;
  let busy: GitWorkspace;
  const repos = ['alice/tracker', 'alice/busy', 'acme/tools'];

  before(async () => {
    source = await startServer();
    alice = await source.createUser('alice');
    bob = await source.createUser('bob');
    await buildTrackerSource(source, alice, bob);
    await ok(source, alice, 'POST', '/orgs', { username: 'acme' });
    await ok(source, alice, 'POST', '/orgs/acme/repos', { name: 'tools', auto_init: true });
    await ok(source, alice, 'POST', '/repos/acme/tools/labels', { name: 'infra', color: '#00ff00' });
    await createRepo(source, alice, 'busy');
    await ok(source, alice, 'POST', '/repos/alice/busy/issues', { title: 'before the dump' });
    work = makeTempDir('teahouse-dump-test-');
    busy = cloneAs(source, alice, 'alice/busy');
  });

  after(async () => {
    await restored?.stop();
    await source.stop();
    busy.dispose();
    removeDirs(work);
  });

  it('dumps while issues, comments and pushes go on; the restored server answers what the source answered', async (t) => {
    const before = await answers(source, repos);
    const refsBefore = new Map(
      await Promise.all(repos.map(async (r) => [r, await refsOf(source, r, alice)] as const)),
    );

    let writing = true;
    const createdIssues = new Set<number>();
    const createdComments = new Set<number>();
    const writer = (async () => {
      while (writing) {
        const issue = await ok<{ id: number; number: number }>(
          source,
          alice,
          'POST',
          '/repos/alice/busy/issues',
          {
            title: `during the dump ${createdIssues.size + 1}`,
          },
        );
        createdIssues.add(issue.id);
        const comment = await ok<{ id: number }>(
          source,
          bob,
          'POST',
          `/repos/alice/busy/issues/${issue.number}/comments`,
          { body: 'a comment during the dump' },
        );
        createdComments.add(comment.id);
      }
    })();
    // Pushes all through the dump: a new branch each time, and main moved forward every other time.
    let pushed = 0;
    /** Every value each ref was pushed to during the dump, in order. */
    const pushedShas = new Map<string, string[]>();
    const pushes = (async () => {
      while (writing) {
        pushed++;
        const branch = pushed % 2 === 0 ? 'main' : `during-${pushed}`;
        busy.git('checkout', '--quiet', ...(branch === 'main' ? ['main'] : ['-b', branch, 'main']));
        busy.write(`push-${pushed}.txt`, `pushed during the dump ${pushed}\n`);
        const sha = busy.commit(`push ${pushed}`);
        await run('git', ['push', '--quiet', 'origin', branch], {
          cwd: busy.dir,
          env: fixtureEnv(commitIdentity),
        });
        const ref = `refs/heads/${branch}`;
        pushedShas.set(ref, [...(pushedShas.get(ref) ?? []), sha]);
      }
    })();
    const file = path.join(work, 'backup.tar.gz');
    const progress: string[] = [];
    let dump: Awaited<ReturnType<typeof runCli>>;
    try {
      while (createdIssues.size === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      dump = await runCli(['dump', '--data', source.dataDir, '--file', file, '--json']);
    } finally {
      writing = false;
      await writer;
      await pushes;
    }
    progress.push(...dump.stderr.split('\n'));
    assert.equal(dump.code, 0, dump.stderr);
    assert.ok(createdIssues.size > 0, 'writes ran during the dump');
    assert.match(dump.stderr, /teahouse dump: database snapshot: .* 3 repositories/);
    assert.match(dump.stderr, /teahouse dump: repository 3\/3 /);
    assert.match(dump.stderr, /teahouse dump: wrote .*backup\.tar\.gz/);
    const summary = JSON.parse(dump.stdout) as {
      bytes: number;
      manifest: { repositories: unknown[]; attachments: unknown[]; counts: Record<string, number> };
    };
    assert.equal(summary.manifest.repositories.length, 3);
    assert.equal(summary.manifest.attachments.length, 1);
    assert.equal(summary.bytes, readFileSync(file).length);
    const refsAfter = new Map(
      await Promise.all(repos.map(async (r) => [r, await refsOf(source, r, alice)] as const)),
    );

    const target = path.join(work, 'restored');
    const restore = await runCli(['restore', '--file', file, '--data', target]);
    assert.equal(restore.code, 0, restore.stderr);
    assert.match(restore.stderr, /teahouse restore: checked 3\/3/);
    const doctor = await runCli(['doctor', '--data', target]);
    assert.equal(doctor.code, 0, `doctor on the restored folder: ${doctor.stdout}${doctor.stderr}`);
    restored = await startServer({ dataDir: target, admin: source.admin });
    const now = await answers(restored, repos);

    // Every item the source listed before the dump is listed by the restored server, identical. The items
    // that the writes during the dump change (alice/busy's row, whose counters and time move) are
    // compared by id and name only. Items the restored server lists beyond those are ones created during
    // the dump: nothing else appears.
    for (const [apiPath, items] of before) {
      const restoredItems = new Map(now.get(apiPath)!.map((item) => [item.id, item]));
      for (const item of items) {
        const match = restoredItems.get(item.id);
        assert.ok(match, `${apiPath}: item ${item.id} is missing after the restore`);
        if (apiPath === '/repos/search' && (item as { full_name?: string }).full_name === 'alice/busy') {
          assert.equal((match as { full_name?: string }).full_name, 'alice/busy');
          continue;
        }
        assert.deepEqual(match, item, `${apiPath}: item ${item.id} differs`);
      }
      const known = new Set(items.map((item) => item.id));
      const during = apiPath.endsWith('/comments') ? createdComments : createdIssues;
      for (const id of restoredItems.keys()) {
        if (known.has(id)) continue;
        assert.ok(
          apiPath.startsWith('/repos/alice/busy/issues') && during.has(id),
          `${apiPath}: item ${id} was neither there before the dump nor created during it`,
        );
      }
    }

    const restoredDuring = [...now.get('/repos/alice/busy/issues?state=all&type=issues')!].filter((i) =>
      createdIssues.has(i.id),
    ).length;
    t.diagnostic(`${pushed} pushes during the dump`);
    t.diagnostic(
      `${createdIssues.size} issues created during the dump, ${restoredDuring} of them in the archive`,
    );

    // Each restored ref is at a value it had: the one before the dump or one pushed during it; a ref
    // created during the dump is absent or at one of its pushed values. Nothing pushed after the dump
    // ended is there (the last values are what the source has now).
    for (const repo of repos) {
      const refs = await refsOf(restored, repo, alice);
      const was = refsBefore.get(repo)!;
      const is = refsAfter.get(repo)!;
      for (const [ref, sha] of refs) {
        const had = [
          ...(was.has(ref) ? [was.get(ref)!] : []),
          ...(repo === 'alice/busy' ? (pushedShas.get(ref) ?? []) : []),
        ];
        assert.ok(
          had.includes(sha),
          `${repo} ${ref} restored at ${sha}, a value it never had (${had.join(', ')})`,
        );
      }
      for (const ref of was.keys()) assert.ok(refs.has(ref), `${repo} ${ref} is missing after the restore`);
      if (repo === 'alice/busy')
        t.diagnostic(
          `alice/busy: ${refs.size} refs restored, ${is.size} after the dump, main ${refs.get('refs/heads/main') === was.get('refs/heads/main') ? 'as before' : 'moved'}`,
        );
      if (repo !== 'alice/busy') assert.deepEqual(refs, was, `${repo}: no pushes, the same refs`);
    }

    // A restored repository clones, with its history.
    const clone = path.join(work, 'clone');
    await run('git', ['clone', '--quiet', remoteUrl(restored.url, 'alice/tracker'), clone], {
      env: fixtureEnv(),
    });
    assert.equal(
      git(clone, ['rev-parse', 'HEAD']).trim(),
      refsBefore.get('alice/tracker')!.get('refs/heads/main'),
    );
    assert.equal(readFileSync(path.join(clone, 'feature.txt'), 'utf8'), 'line one\nline two\n');

    // The release asset downloads byte for byte.
    const releases = now.get('/repos/alice/tracker/releases') as unknown as {
      assets: { browser_download_url: string }[];
    }[];
    const assetUrl = releases
      .flatMap((r) => r.assets)[0]!
      .browser_download_url.replace('ROOT/', restored.url);
    const download = await fetch(assetUrl, { headers: { Authorization: `token ${alice.token}` } });
    assert.equal(download.status, 200);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), assetBytes);

    // Restoring over the restored folder, which its server holds, is refused, and changes nothing there.
    const again = await runCli(['restore', '--file', file, '--data', target]);
    assert.equal(again.code, 3);
    assert.match(
      again.stderr,
      /is held by the Teahouse server with pid \d+ .*restore only writes into an empty folder/,
    );
    assert.ok(existsSync(path.join(target, 'teahouse.db')));
  });

  it('refuses a folder with a file in it', async () => {
    const file = path.join(work, 'small.tar.gz');
    const dump = await runCli(['dump', '--data', source.dataDir, '--file', file, '--quiet']);
    assert.equal(dump.code, 0, dump.stderr);
    assert.equal(dump.stderr, '');
    const target = path.join(work, 'occupied');
    mkdirSync(target);
    writeFileSync(path.join(target, 'notes.txt'), 'mine');
    const res = await runCli(['restore', '--file', file, '--data', target]);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /occupied is not empty \(notes\.txt\)/);
    assert.deepEqual(readdirSync(target), ['notes.txt']);
  });

  it('records a workspace repository hosted in place and skips it, with a warning at dump and restore', async () => {
    const workspace = path.join(work, 'workspace');
    const folder = path.join(workspace, 'proj');
    mkdirSync(folder, { recursive: true });
    git(folder, ['init', '--quiet', '--initial-branch=main']);
    writeFileSync(path.join(folder, 'README.md'), '# proj\n');
    git(folder, ['add', '--all']);
    git(folder, ['commit', '--quiet', '--no-gpg-sign', '-m', 'first'], commitIdentity);
    const hosting = await startServer({ args: ['--workspace', workspace] });
    try {
      const owner = hosting.admin.username;
      const repo = await hosting.request('GET', `/repos/${owner}/proj`, { token: hosting.admin.token });
      assert.equal(repo.status, 200, repo.text);
      const file = path.join(work, 'workspace.tar.gz');
      const dump = await runCli(['dump', '--data', hosting.dataDir, '--file', file, '--quiet', '--json']);
      assert.equal(dump.code, 0, dump.stderr);
      assert.match(
        dump.stderr,
        new RegExp(`warning: ${owner}/proj is a workspace repository hosted in place at `),
      );
      const { manifest } = JSON.parse(dump.stdout) as {
        manifest: {
          repositories: unknown[];
          skippedWorkspaceRepositories: { name: string; gitPath: string }[];
        };
      };
      assert.deepEqual(manifest.repositories, []);
      assert.equal(manifest.skippedWorkspaceRepositories.length, 1);
      assert.equal(manifest.skippedWorkspaceRepositories[0]!.name, 'proj');
      assert.ok(manifest.skippedWorkspaceRepositories[0]!.gitPath.startsWith(folder));
      const target = path.join(work, 'workspace-restored');
      const restore = await runCli(['restore', '--file', file, '--data', target, '--quiet']);
      assert.equal(restore.code, 0, restore.stderr);
      assert.match(
        restore.stderr,
        /warning: .*\/proj is a workspace repository hosted at .*not in the archive/,
      );
      assert.ok(!existsSync(path.join(target, 'repositories', owner.toLowerCase(), 'proj.git')));
    } finally {
      await hosting.stop();
    }
  });

  /** An archive whose first entry is a real dump's manifest, then `entries`. */
  async function tamperedArchive(name: string, entries: (tar: TarWriter) => Promise<void>): Promise<string> {
    const real = gunzipSync(readFileSync(path.join(work, 'small.tar.gz')));
    const manifestSize = parseInt(real.subarray(124, 136).toString().replace(/\0.*$/, ''), 8);
    const manifest = real.subarray(512, 512 + manifestSize);
    const file = path.join(work, name);
    const stream = new PassThrough();
    const written = pipeline(stream, createGzip(), createWriteStream(file));
    const tar = new TarWriter(stream);
    await tar.buffer('manifest.json', Buffer.from(manifest));
    await entries(tar);
    await tar.finish();
    stream.end();
    await written;
    return file;
  }

  it('refuses an archive with a ../ entry, writing nothing outside the folder and removing what it wrote', async () => {
    const file = await tamperedArchive('escape.tar.gz', async (tar) => {
      await tar.buffer('teahouse.db', Buffer.from('not a database'));
      await tar.buffer('attachments/../../escaped.txt', Buffer.from('gotcha'));
    });
    const target = path.join(work, 'escape', 'data');
    const res = await runCli(['restore', '--file', file, '--data', target]);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /unsafe path \("attachments\/\.\.\/\.\.\/escaped\.txt"\)/);
    assert.ok(!existsSync(path.join(work, 'escaped.txt')));
    assert.ok(!existsSync(path.join(work, 'escape', 'escaped.txt')));
    assert.ok(!existsSync(target), 'the folder restore created is removed');
  });

  it('refuses an archive with an absolute path, a link, or an entry the manifest does not announce', async () => {
    const absolute = await tamperedArchive('absolute.tar.gz', async (tar) => {
      await tar.buffer(path.join(work, 'absolute.txt'), Buffer.from('gotcha'));
    });
    const res = await runCli(['restore', '--file', absolute, '--data', path.join(work, 'abs')]);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /unsafe path/);
    assert.ok(!existsSync(path.join(work, 'absolute.txt')));

    const stray = await tamperedArchive('stray.tar.gz', async (tar) => {
      await tar.buffer('repositories/mallory/evil.git/hooks/post-receive', Buffer.from('#!/bin/sh\n'));
    });
    const strayRes = await runCli(['restore', '--file', stray, '--data', path.join(work, 'stray')]);
    assert.equal(strayRes.code, 1);
    assert.match(strayRes.stderr, /which its manifest does not announce/);

    // A symbolic link, written by the system's tar after a real manifest.
    const dir = path.join(work, 'linked');
    mkdirSync(dir);
    const real = gunzipSync(readFileSync(path.join(work, 'small.tar.gz')));
    writeFileSync(
      path.join(dir, 'manifest.json'),
      real.subarray(512, 512 + parseInt(real.subarray(124, 136).toString(), 8)),
    );
    await run('ln', ['-s', '/etc', path.join(dir, 'attachments')]);
    const linked = path.join(work, 'linked.tar.gz');
    await run('tar', ['czf', linked, '-C', dir, 'manifest.json', 'attachments']);
    const linkRes = await runCli(['restore', '--file', linked, '--data', path.join(work, 'link-target')]);
    assert.equal(linkRes.code, 1);
    assert.match(linkRes.stderr, /of a kind a dump never holds/);
    assert.ok(!existsSync(path.join(work, 'link-target')));
  });

  it('refuses a truncated archive and one from a newer Teahouse', async () => {
    const whole = readFileSync(path.join(work, 'small.tar.gz'));
    const cut = path.join(work, 'cut.tar.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const res = await runCli(['restore', '--file', cut, '--data', path.join(work, 'cut')]);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /damaged or truncated|incomplete|truncated/);
    assert.ok(!existsSync(path.join(work, 'cut')));

    const real = gunzipSync(whole);
    const manifest = JSON.parse(
      real.subarray(512, 512 + parseInt(real.subarray(124, 136).toString(), 8)).toString(),
    ) as { schemaVersions: number[]; teahouseVersion: string };
    const withManifest = async (name: string, content: object): Promise<string> => {
      const file = path.join(work, name);
      const stream = new PassThrough();
      const written = pipeline(stream, createGzip(), createWriteStream(file));
      const tar = new TarWriter(stream);
      await tar.buffer('manifest.json', Buffer.from(JSON.stringify(content)));
      await tar.finish();
      stream.end();
      await written;
      return file;
    };
    const newer = await withManifest('newer.tar.gz', {
      ...manifest,
      teahouseVersion: '9.0.0',
      schemaVersions: [...manifest.schemaVersions, 9999],
    });
    const newerRes = await runCli(['restore', '--file', newer, '--data', path.join(work, 'newer')]);
    assert.equal(newerRes.code, 1);
    assert.match(newerRes.stderr, /written by Teahouse 9\.0\.0, whose database has schema versions 9999/);
    assert.ok(!existsSync(path.join(work, 'newer')));

    const escaping = await withManifest('escaping.tar.gz', {
      ...manifest,
      repositories: [{ owner: 'x', name: 'y', path: 'repositories/../../y.git' }],
    });
    const escapingRes = await runCli(['restore', '--file', escaping, '--data', path.join(work, 'escaping')]);
    assert.equal(escapingRes.code, 1);
    assert.match(escapingRes.stderr, /unsafe repository path \("repositories\/\.\.\/\.\.\/y\.git"\)/);
  });
});
