import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GitWorkspace, removeDirs } from '../helpers/gitFixtures';
import { startServer, type TestServer, type TestUser } from './harness';
import { cloneAs, createRepo, openPull, pushCommit } from './pullsFixture';

/*
 * What Gitea 1.14.1's own migrator (modules/migrations/gitea_downloader.go with its Go SDK) reads from a
 * source server, in its order and with its parameters, asked of ours: the SDK refuses a source below 1.11,
 * pages by /settings/api, then reads the repository, topics, milestones, labels, releases and their asset
 * downloads, issues with reactions and comments, pull requests with reviews and review comments, each
 * pull request's patch_url, and clones the git data. Every answer must decode into what it needs.
 */

interface Named {
  id: number;
  name?: string;
}

/** Go's hashicorp/go-version, as the SDK parses `/version`: digits, optional pre-release and metadata. */
const goVersion = /^v?(\d+)(\.\d+)*(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

describe("Gitea 1.14.1's migrator reading from Teahouse", () => {
  let server: TestServer;
  let owner: TestUser;
  let reviewer: TestUser;
  const workspaces: GitWorkspace[] = [];
  const full = 'mover/source';

  before(async () => {
    server = await startServer();
    owner = await server.createUser('mover');
    reviewer = await server.createUser('critic');
    await createRepo(server, owner, 'source', { description: 'to be migrated' });
    const call = async (method: string, path: string, body: unknown, user = owner): Promise<Named> => {
      const res = await server.request<Named>(method, path, { token: user.token, body });
      assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text}`);
      return res.json;
    };
    await call('PUT', `/repos/${full}/topics`, { topics: ['tea', 'migration'] });
    await call('PUT', `/repos/${full}/collaborators/critic`, { permission: 'write' });
    const milestone = await call('POST', `/repos/${full}/milestones`, { title: 'v1' });
    const label = await call('POST', `/repos/${full}/labels`, { name: 'bug', color: '#ee0701' });
    const issue = await call('POST', `/repos/${full}/issues`, {
      title: 'An issue',
      body: 'Its body',
      labels: [label.id],
      milestone: milestone.id,
    });
    const comment = await call('POST', `/repos/${full}/issues/1/comments`, { body: 'A comment' }, reviewer);
    await call('POST', `/repos/${full}/issues/1/reactions`, { content: 'heart' }, reviewer);
    await call('POST', `/repos/${full}/issues/comments/${comment.id}/reactions`, { content: '+1' });
    assert.ok(issue.id > 0);
    const ws = cloneAs(server, owner, full);
    workspaces.push(ws);
    pushCommit(ws, 'feature', { 'feature.txt': 'a feature\n' }, 'Add a feature');
    await openPull(server, owner, full, { head: 'feature', base: 'main', title: 'A pull request' });
    await call(
      'POST',
      `/repos/${full}/pulls/2/reviews`,
      {
        event: 'COMMENT',
        body: 'Looks fine',
        comments: [{ path: 'feature.txt', body: 'Nice', new_position: 1 }],
      },
      reviewer,
    );
    const release = await call('POST', `/repos/${full}/releases`, { tag_name: 'v1.0', name: 'One' });
    const form = new FormData();
    form.append('attachment', new Blob([Buffer.from('asset bytes\n')]), 'notes.txt');
    const upload = await fetch(
      `${server.apiUrl}/repos/${full}/releases/${release.id}/assets?name=notes.txt`,
      {
        method: 'POST',
        headers: { Authorization: `token ${owner.token}` },
        body: form,
      },
    );
    assert.equal(upload.status, 201, await upload.text());
  });

  after(async () => {
    removeDirs(...workspaces.map((ws) => ws.dir));
    await server.stop();
  });

  const read = async <T>(path: string): Promise<T> => {
    const res = await server.request<T>('GET', path, { token: owner.token });
    assert.equal(res.status, 200, `GET ${path}: ${res.text}`);
    return res.json;
  };

  it('accepts the version and pages by the server’s real limit', async () => {
    const { version } = await read<{ version: string }>('/version');
    assert.match(version, goVersion);
    const [major, minor] = version.split(/[.+-]/).map(Number) as [number, number];
    assert.ok(
      major > 1 || (major === 1 && minor >= 11),
      `${version} is at least 1.11, or the SDK refuses it`,
    );
    const settings = await read<{ max_response_items: number }>('/settings/api');
    assert.ok(settings.max_response_items > 0, 'a page size of 0 would make the migrator page forever');
    const page = await read<unknown[]>(
      `/repos/${full}/labels?page=1&limit=${settings.max_response_items + 10}`,
    );
    assert.ok(page.length <= settings.max_response_items);
  });

  it('reads the repository, its topics, milestones, labels and releases with their assets', async () => {
    const repo = await read<{ full_name: string; clone_url: string; description: string }>(`/repos/${full}`);
    assert.equal(repo.description, 'to be migrated');
    const topics = await read<{ topics: string[] }>(`/repos/${full}/topics?page=1&limit=50`);
    assert.deepEqual([...topics.topics].sort(), ['migration', 'tea']);
    const milestones = await read<{ title: string }[]>(`/repos/${full}/milestones?state=all&page=1&limit=50`);
    assert.deepEqual(
      milestones.map((m) => m.title),
      ['v1'],
    );
    const labels = await read<{ name: string; color: string }[]>(`/repos/${full}/labels?page=1&limit=50`);
    assert.deepEqual(
      labels.map((l) => [l.name, l.color]),
      [['bug', 'ee0701']],
    );
    const releases = await read<
      { id: number; tag_name: string; assets: { id: number; name: string; browser_download_url: string }[] }[]
    >(`/repos/${full}/releases?page=1&limit=50`);
    assert.equal(releases.length, 1);
    const [asset] = releases[0]!.assets;
    assert.ok(asset, 'the release lists its asset');
    const again = await read<{ browser_download_url: string }>(
      `/repos/${full}/releases/${releases[0]!.id}/assets/${asset.id}`,
    );
    // the migrator downloads without credentials (a public repository)
    const download = await fetch(again.browser_download_url);
    assert.equal(download.status, 200);
    assert.equal(await download.text(), 'asset bytes\n');
  });

  it('reads issues with their reactions and comments, as the migrator asks for them', async () => {
    const issues = await read<{ number: number; title: string; body: string; labels: Named[] }[]>(
      `/repos/${full}/issues?state=all&type=issues&page=1&limit=50`,
    );
    assert.deepEqual(
      issues.map((i) => [i.number, i.title, i.body]),
      [[1, 'An issue', 'Its body']],
    );
    const reactions = await read<{ content: string; user: { login: string } }[]>(
      `/repos/${full}/issues/1/reactions`,
    );
    assert.deepEqual(
      reactions.map((r) => [r.content, r.user.login]),
      [['heart', 'critic']],
    );
    const comments = await read<{ id: number; body: string }[]>(`/repos/${full}/issues/1/comments`);
    assert.deepEqual(
      comments.map((c) => c.body),
      ['A comment'],
    );
    const commentReactions = await read<{ content: string }[]>(
      `/repos/${full}/issues/comments/${comments[0]!.id}/reactions`,
    );
    assert.deepEqual(
      commentReactions.map((r) => r.content),
      ['+1'],
    );
  });

  it('reads pull requests, their reviews and review comments, and each patch_url is the patch', async () => {
    const pulls = await read<{ number: number; patch_url: string; head: { ref: string; sha: string } }[]>(
      `/repos/${full}/pulls?state=all&page=1&limit=50`,
    );
    assert.equal(pulls.length, 1);
    const pull = pulls[0]!;
    const reviews = await read<{ id: number; body: string; state: string }[]>(
      `/repos/${full}/pulls/${pull.number}/reviews?page=1&limit=50`,
    );
    assert.deepEqual(
      reviews.map((r) => [r.state, r.body]),
      [['COMMENT', 'Looks fine']],
    );
    const reviewComments = await read<{ body: string; path: string }[]>(
      `/repos/${full}/pulls/${pull.number}/reviews/${reviews[0]!.id}/comments`,
    );
    assert.deepEqual(
      reviewComments.map((c) => [c.path, c.body]),
      [['feature.txt', 'Nice']],
    );
    // Gitea's migrator stores whatever patch_url answers: a 404 JSON would become the "patch".
    const patch = await fetch(pull.patch_url);
    assert.equal(patch.status, 200);
    const text = await patch.text();
    assert.match(text, new RegExp(`^From ${pull.head.sha} `));
    assert.match(text, /^Subject: \[PATCH\] Add a feature$/m);
  });

  it('clones the git data over HTTP', () => {
    const clone = GitWorkspace.clone(`${server.url}${full}.git`);
    workspaces.push(clone);
    assert.match(clone.git('ls-remote', 'origin'), /refs\/heads\/feature/);
    assert.match(clone.git('log', '--format=%s', 'origin/feature'), /Add a feature/);
  });
});
