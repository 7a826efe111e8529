import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeTempDir } from '../helpers/gitFixtures';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import {
  header,
  hmacSha1,
  hmacSha256,
  payloadOf,
  startHookReceiver,
  type HookReceiver,
  type ReceivedHook,
} from '../helpers/hookReceiver';
import { startServer, type TestServer, type TestUser } from './harness';

interface Account {
  login: string;
}
interface RepoRef {
  full_name: string;
  html_url: string;
}
interface Payload {
  action?: string;
  number?: number;
  ref?: string;
  ref_type?: string;
  before?: string;
  after?: string;
  compare_url?: string;
  total_commits?: number;
  commits?: { id: string; message: string; added: string[] }[];
  head_commit?: { id: string } | null;
  issue?: {
    number: number;
    title: string;
    labels: { name: string }[];
    milestone: { title: string } | null;
    assignees: Account[] | null;
  };
  pull_request?: { number: number; title: string };
  comment?: { body: string };
  changes?: { title?: { from: string } };
  release?: { tag_name: string };
  review?: { type: string; content: string } | null;
  repository: RepoRef;
  organization?: Account | null;
  forkee?: RepoRef;
  sender: Account;
  pusher?: Account;
  is_pull?: boolean;
}

const secret = 'webhook-secret-☕';

describe('webhook deliveries for each event kind', () => {
  let server: TestServer;
  let receiver: HookReceiver;
  let owner: TestUser;
  let helper: TestUser;
  let scratch: string;
  const repo = 'wh-owner/events';

  before(async () => {
    receiver = await startHookReceiver();
    server = await startServer();
    scratch = makeTempDir('teahouse-webhooks-');
    owner = await server.createUser('wh-owner');
    helper = await server.createUser('wh-helper');
    const created = await server.request('POST', '/user/repos', {
      token: owner.token,
      body: { name: 'events', auto_init: true },
    });
    assert.equal(created.status, 201, created.text);
    const collaborator = await server.request('PUT', `/repos/${repo}/collaborators/wh-helper`, {
      token: owner.token,
      body: { permission: 'write' },
    });
    assert.equal(collaborator.status, 204, collaborator.text);
    const hook = await server.request('POST', `/repos/${repo}/hooks`, {
      token: owner.token,
      body: {
        type: 'gitea',
        config: { url: `${receiver.url}/repo`, content_type: 'json', secret },
        events: ['*'],
        active: true,
        authorization_header: 'Bearer receiver-token',
      },
    });
    assert.equal(hook.status, 200, hook.text);
  });
  after(async () => {
    await server.stop();
    await receiver.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** The delivery of `eventType` whose payload `match`es (to the repository hook). */
  const delivery = (
    eventType: string,
    match: (payload: Payload) => boolean = () => true,
  ): Promise<ReceivedHook> =>
    receiver.delivered(
      (hook) =>
        hook.path === '/repo' &&
        header(hook, 'x-gitea-event-type') === eventType &&
        match(payloadOf<Payload>(hook)),
    );

  const issueNumbered = (n: number) => (p: Payload) => p.issue?.number === n || p.pull_request?.number === n;

  async function openIssue(title: string): Promise<number> {
    const res = await server.request<{ number: number }>('POST', `/repos/${repo}/issues`, {
      token: owner.token,
      body: { title, body: 'details' },
    });
    assert.equal(res.status, 201, res.text);
    return res.json.number;
  }

  test('an opened issue is delivered signed, with every Gitea, Gogs and GitHub header', async () => {
    const number = await openIssue('First issue');
    const hook = await delivery('issues', issueNumbered(number));
    const payload = payloadOf<Payload>(hook);
    assert.equal(payload.action, 'opened');
    assert.equal(payload.number, number);
    assert.equal(payload.issue?.title, 'First issue');
    assert.equal(payload.repository.full_name, repo);
    assert.equal(payload.sender.login, 'wh-owner');

    assert.equal(header(hook, 'content-type'), 'application/json');
    assert.equal(header(hook, 'x-gitea-event'), 'issues');
    assert.equal(header(hook, 'x-gogs-event'), 'issues');
    assert.equal(header(hook, 'x-github-event'), 'issues');
    assert.equal(header(hook, 'x-gogs-event-type'), 'issues');
    const uuid = header(hook, 'x-gitea-delivery');
    assert.match(uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.equal(header(hook, 'x-gogs-delivery'), uuid);
    assert.equal(header(hook, 'x-github-delivery'), uuid);
    const expected = hmacSha256(secret, hook.body);
    assert.equal(header(hook, 'x-gitea-signature'), expected);
    assert.equal(header(hook, 'x-gogs-signature'), expected);
    assert.equal(header(hook, 'x-hub-signature-256'), `sha256=${expected}`);
    assert.equal(header(hook, 'x-hub-signature'), `sha1=${hmacSha1(secret, hook.body)}`);
    assert.equal(header(hook, 'authorization'), 'Bearer receiver-token');
    assert.match(header(hook, 'user-agent'), /^Teahouse\//);
    // the body is Gitea's indented JSON
    assert.match(hook.body, /^\{\n {2}"action": "opened"/);
  });

  test('an edited title is an issues event with changes.title.from', async () => {
    const number = await openIssue('Old title');
    const edited = await server.request('PATCH', `/repos/${repo}/issues/${number}`, {
      token: owner.token,
      body: { title: 'New title' },
    });
    assert.equal(edited.status, 201, edited.text);
    const payload = payloadOf<Payload>(
      await delivery('issues', (p) => p.action === 'edited' && p.number === number),
    );
    assert.equal(payload.changes?.title?.from, 'Old title');
    assert.equal(payload.issue?.title, 'New title');
  });

  test('a comment is an issue_comment event', async () => {
    const number = await openIssue('Commented');
    const res = await server.request('POST', `/repos/${repo}/issues/${number}/comments`, {
      token: helper.token,
      body: { body: 'Nice one' },
    });
    assert.equal(res.status, 201, res.text);
    const hook = await delivery('issue_comment', issueNumbered(number));
    const payload = payloadOf<Payload>(hook);
    assert.equal(header(hook, 'x-gitea-event'), 'issue_comment');
    assert.equal(payload.action, 'created');
    assert.equal(payload.comment?.body, 'Nice one');
    assert.equal(payload.is_pull, false);
    assert.equal(payload.sender.login, 'wh-helper');
  });

  test('labels added through the API are an issue_label event reported as issues', async () => {
    const number = await openIssue('Labelled');
    const label = await server.request<{ id: number }>('POST', `/repos/${repo}/labels`, {
      token: owner.token,
      body: { name: 'bug', color: '#ff0000' },
    });
    assert.equal(label.status, 201, label.text);
    const added = await server.request('POST', `/repos/${repo}/issues/${number}/labels`, {
      token: owner.token,
      body: { labels: [label.json.id] },
    });
    assert.equal(added.status, 200, added.text);
    const hook = await delivery('issue_label', issueNumbered(number));
    assert.equal(header(hook, 'x-gitea-event'), 'issues');
    const payload = payloadOf<Payload>(hook);
    assert.equal(payload.action, 'label_updated');
    assert.deepEqual(
      payload.issue?.labels.map((l) => l.name),
      ['bug'],
    );
  });

  test('a milestone and an assignee are issue_milestone and issue_assign events', async () => {
    const number = await openIssue('Planned');
    const milestone = await server.request<{ id: number }>('POST', `/repos/${repo}/milestones`, {
      token: owner.token,
      body: { title: 'v1' },
    });
    assert.equal(milestone.status, 201, milestone.text);
    const res = await server.request('PATCH', `/repos/${repo}/issues/${number}`, {
      token: owner.token,
      body: { milestone: milestone.json.id, assignees: ['wh-helper'] },
    });
    assert.equal(res.status, 201, res.text);
    const milestoned = payloadOf<Payload>(await delivery('issue_milestone', issueNumbered(number)));
    assert.equal(milestoned.action, 'milestoned');
    assert.equal(milestoned.issue?.milestone?.title, 'v1');
    const assigned = payloadOf<Payload>(await delivery('issue_assign', issueNumbered(number)));
    assert.equal(assigned.action, 'assigned');
    assert.deepEqual(
      assigned.issue?.assignees?.map((a) => a.login),
      ['wh-helper'],
    );
  });

  test('a release is a release event, and its new tag a create event', async () => {
    const res = await server.request('POST', `/repos/${repo}/releases`, {
      token: owner.token,
      body: { tag_name: 'v1.0', name: 'One' },
    });
    assert.equal(res.status, 201, res.text);
    const release = payloadOf<Payload>(await delivery('release', (p) => p.release?.tag_name === 'v1.0'));
    assert.equal(release.action, 'published');
    const created = payloadOf<Payload>(await delivery('create', (p) => p.ref === 'v1.0'));
    assert.equal(created.ref_type, 'tag');
  });

  test('a git push is a push event with its commits; a new branch a create, a deleted one a delete', async () => {
    const dir = path.join(scratch, 'push');
    const url = remoteUrl(server.url, repo, { username: 'wh-owner', secret: owner.token });
    mustGit(scratch, ['clone', '--quiet', url, dir]);
    writeFileSync(path.join(dir, 'notes.txt'), 'pushed\n');
    mustGit(dir, ['add', '--all']);
    mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'Add notes']);
    const sha = mustGit(dir, ['rev-parse', 'HEAD']).trim();
    mustGit(dir, ['push', '--quiet', 'origin', 'main']);
    const push = payloadOf<Payload>(
      await delivery('push', (p) => p.after === sha && p.ref === 'refs/heads/main'),
    );
    assert.equal(push.total_commits, 1);
    assert.equal(push.commits?.[0]?.message, 'Add notes\n');
    assert.deepEqual(push.commits?.[0]?.added, ['notes.txt']);
    assert.equal(push.head_commit?.id, sha);
    assert.match(push.compare_url ?? '', /\/wh-owner\/events\/compare\/[0-9a-f]{40}\.\.\.[0-9a-f]{40}$/);
    assert.equal(push.pusher?.login, 'wh-owner');

    mustGit(dir, ['push', '--quiet', 'origin', 'main:feature/x']);
    const created = payloadOf<Payload>(await delivery('create', (p) => p.ref === 'feature/x'));
    assert.equal(created.ref_type, 'branch');
    mustGit(dir, ['push', '--quiet', 'origin', ':feature/x']);
    const deleted = payloadOf<Payload>(await delivery('delete', (p) => p.ref === 'feature/x'));
    assert.equal(deleted.ref_type, 'branch');
  });

  test('a pull request and its approval are pull_request and pull_request_review_approved events', async () => {
    const dir = path.join(scratch, 'pull');
    const url = remoteUrl(server.url, repo, { username: 'wh-owner', secret: owner.token });
    mustGit(scratch, ['clone', '--quiet', url, dir]);
    mustGit(dir, ['checkout', '--quiet', '-b', 'topic']);
    writeFileSync(path.join(dir, 'topic.txt'), 'topic\n');
    mustGit(dir, ['add', '--all']);
    mustGit(dir, ['commit', '--quiet', '--no-gpg-sign', '-m', 'Topic']);
    mustGit(dir, ['push', '--quiet', 'origin', 'topic']);
    const pull = await server.request<{ number: number }>('POST', `/repos/${repo}/pulls`, {
      token: owner.token,
      body: { head: 'topic', base: 'main', title: 'Add topic' },
    });
    assert.equal(pull.status, 201, pull.text);
    const opened = await delivery(
      'pull_request',
      (p) => p.pull_request?.number === pull.json.number && p.action === 'opened',
    );
    assert.equal(header(opened, 'x-gitea-event'), 'pull_request');
    assert.equal(payloadOf<Payload>(opened).pull_request?.title, 'Add topic');

    const review = await server.request('POST', `/repos/${repo}/pulls/${pull.json.number}/reviews`, {
      token: helper.token,
      body: { event: 'APPROVED', body: 'Ship it' },
    });
    assert.equal(review.status, 200, review.text);
    const approved = await delivery(
      'pull_request_review_approved',
      (p) => p.pull_request?.number === pull.json.number,
    );
    assert.equal(header(approved, 'x-gitea-event'), 'pull_request_approved');
    const payload = payloadOf<Payload>(approved);
    assert.equal(payload.action, 'reviewed');
    assert.equal(payload.review?.content, 'Ship it');
  });

  test("a fork is a fork event on the forked repository's hooks", async () => {
    const res = await server.request('POST', `/repos/${repo}/forks`, { token: helper.token, body: {} });
    assert.equal(res.status, 202, res.text);
    const fork = payloadOf<Payload>(await delivery('fork'));
    assert.equal(fork.forkee?.full_name, repo);
    assert.equal(fork.repository.full_name, 'wh-helper/events');
    assert.equal(fork.sender.login, 'wh-helper');
  });

  test("organization hooks receive the events of the organization's repositories, repository ones included", async () => {
    const org = await server.request('POST', '/orgs', { token: owner.token, body: { username: 'wh-org' } });
    assert.equal(org.status, 201, org.text);
    const hook = await server.request('POST', '/orgs/wh-org/hooks', {
      token: owner.token,
      body: {
        type: 'gitea',
        config: { url: `${receiver.url}/org`, content_type: 'form', secret },
        events: ['repository', 'issues'],
        active: true,
      },
    });
    assert.equal(hook.status, 201, hook.text);
    const orgDelivery = (eventType: string, match: (p: Payload) => boolean): Promise<ReceivedHook> =>
      receiver.delivered(
        (h) =>
          h.path === '/org' && header(h, 'x-gitea-event-type') === eventType && match(payloadOf<Payload>(h)),
      );

    const created = await server.request('POST', '/orgs/wh-org/repos', {
      token: owner.token,
      body: { name: 'team-repo' },
    });
    assert.equal(created.status, 201, created.text);
    const repository = await orgDelivery('repository', (p) => p.action === 'created');
    assert.equal(header(repository, 'content-type'), 'application/x-www-form-urlencoded');
    // a form delivery signs the JSON payload it carries, as Gitea does
    const json = new URLSearchParams(repository.body).get('payload') ?? '';
    assert.equal(header(repository, 'x-gitea-signature'), hmacSha256(secret, json));
    const payload = payloadOf<Payload>(repository);
    assert.equal(payload.repository.full_name, 'wh-org/team-repo');
    assert.equal(payload.organization?.login, 'wh-org');

    const issue = await server.request<{ number: number }>('POST', '/repos/wh-org/team-repo/issues', {
      token: owner.token,
      body: { title: 'Org issue' },
    });
    assert.equal(issue.status, 201, issue.text);
    await orgDelivery(
      'issues',
      (p) => p.repository.full_name === 'wh-org/team-repo' && p.issue?.title === 'Org issue',
    );

    const deleted = await server.request('DELETE', '/repos/wh-org/team-repo', { token: owner.token });
    assert.equal(deleted.status, 204, deleted.text);
    await orgDelivery(
      'repository',
      (p) => p.action === 'deleted' && p.repository.full_name === 'wh-org/team-repo',
    );
  });
});
