/// <reference types="mocha" />
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { OperationSpec } from '../../../src/api/operationSpec';
import { operations } from '../../../src/api/operations';
import type { OperationCommandResult } from '../../../src/extension/operations/operationRunner';
import { extensionId, localAccount, localServer, teahouse, unique } from './helpers';

/** What the suite's own objects are called; every operation acts on these, never on other suites' data. */
interface World {
  readonly serverUrl: string;
  readonly me: string;
  readonly member: string;
  /** Users the admin operations may edit, rename and delete. */
  readonly doomed: string;
  readonly renamee: string;
  readonly owner: string;
  readonly repo: string;
  readonly repoId: number;
  /** Repositories given away or deleted by the operations that do so. */
  readonly spareForTransfer: string;
  readonly spareForDelete: string;
  readonly org: string;
  readonly spareOrg: string;
  /** The organization renameOrg renames. */
  readonly renamableOrg: string;
  readonly orgRepo: string;
  readonly team: { readonly id: number; readonly name: string };
  readonly issue: number;
  readonly pull: number;
  readonly sha: string;
  readonly readmeSha: string;
  readonly tag: string;
  readonly secondHead: string;
  /** Ids answered by earlier create operations, by the path that lists them (`/repos/{owner}/{repo}/hooks`). */
  readonly created: Map<string, number | string>;
}

function sshPublicKey(): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(String(publicKey.export({ format: 'jwk' }).x), 'base64url');
  // the OpenSSH wire format: length-prefixed key type, then length-prefixed key
  const withLength = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const blob = Buffer.concat([withLength(Buffer.from('ssh-ed25519')), withLength(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} suite`;
}

function gpgPublicKey(): string {
  const root = vscode.extensions.getExtension(extensionId)?.extensionPath ?? '';
  return readFileSync(path.join(root, 'test', 'fixtures', 'keys', 'gpg', 'ed25519-cv25519.asc'), 'utf8');
}

const base64 = (text: string) => Buffer.from(text).toString('base64');
const hook = {
  type: 'gitea',
  config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' },
  events: ['push'],
};

/** Bodies for the operations that need one, built when the operation runs (ids made earlier are known then). */
function bodyFor(id: string, world: World): unknown {
  const created = (key: string) => world.created.get(key);
  const email = `${world.me}-extra@example.com`;
  const bodies: Record<string, () => unknown> = {
    adminCreateUser: () => ({
      username: unique('made'),
      email: `${unique('made')}@example.com`,
      password: `pw-${unique('p')}-x`,
      must_change_password: false,
    }),
    adminEditUser: () => ({ email: `${world.doomed}@example.com`, full_name: 'Edited by the suite' }),
    adminCreatePublicKey: () => ({ title: unique('key'), key: sshPublicKey() }),
    adminCreateOrg: () => ({ username: unique('admorg') }),
    adminCreateRepo: () => ({ name: unique('admrepo') }),
    adminRenameUser: () => ({ new_username: unique('renamed') }),
    renderMarkdown: () => ({
      Text: `# Hello #${world.issue}`,
      Mode: 'gfm',
      Context: `${world.owner}/${world.repo}`,
    }),
    renderMarkdownRaw: () => '# Hello',
    orgCreate: () => ({ username: unique('neworg') }),
    orgEdit: () => ({ description: 'Edited by the suite' }),
    createOrgRepo: () => ({ name: unique('orgrepo') }),
    orgCreateHook: () => hook,
    orgEditHook: () => ({ active: false }),
    orgCreateLabel: () => ({ name: unique('orglabel'), color: '#00aabb' }),
    orgEditLabel: () => ({ description: 'Edited' }),
    orgCreateTeam: () => ({ name: unique('team'), permission: 'read', units: ['repo.code'] }),
    orgEditTeam: () => ({ name: world.team.name, description: 'Edited' }),
    repoMigrate: () => ({
      clone_addr: `${world.serverUrl}${world.owner}/${world.repo}.git`,
      repo_name: unique('migrated'),
    }),
    createCurrentUserRepo: () => ({ name: unique('userrepo') }),
    repoEdit: () => ({ description: 'Edited by the suite' }),
    createFork: () => ({ organization: world.org }),
    repoTransfer: () => ({ new_owner: world.org }),
    repoCreateFile: () => ({ content: base64('new\n'), message: 'Add a file', branch: 'main' }),
    repoUpdateFile: () => ({ content: base64('# Updated\n'), sha: world.readmeSha, message: 'Update' }),
    repoDeleteFile: () => ({ sha: created('file') ?? world.readmeSha, message: 'Delete a file' }),
    repoCreateBranch: () => ({ new_branch_name: unique('branch'), old_branch_name: 'main' }),
    repoCreateBranchProtection: () => ({ rule_name: 'stable', branch_name: 'stable' }),
    repoEditBranchProtection: () => ({ required_approvals: 0 }),
    repoCreateStatus: () => ({ state: 'success', context: 'suite', target_url: 'http://127.0.0.1/ci' }),
    repoAddCollaborator: () => ({ permission: 'write' }),
    repoCreateKey: () => ({ title: unique('deploy'), key: sshPublicKey(), read_only: true }),
    repoCreateHook: () => hook,
    repoEditHook: () => ({ active: false }),
    repoCreateRelease: () => ({ tag_name: unique('v'), target_commitish: 'main', name: 'Suite release' }),
    repoEditRelease: () => ({ body: 'Edited' }),
    repoCreatePullRequest: () => ({ head: world.secondHead, base: 'main', title: 'Second pull request' }),
    repoEditPullRequest: () => ({ body: 'Edited' }),
    repoMergePullRequest: () => ({ do: 'merge' }),
    repoCreatePullReview: () => ({ event: 'COMMENT', body: 'Looks fine' }),
    repoSubmitPullReview: () => ({ event: 'COMMENT', body: 'Submitted' }),
    repoDismissPullReview: () => ({ message: 'Dismissed' }),
    repoCreatePullReviewCommentReply: () => ({ body: 'A reply' }),
    issueCreateIssue: () => ({ title: unique('issue') }),
    issueEditIssue: () => ({ body: 'Edited' }),
    issueEditComment: () => ({ body: 'Edited' }),
    issueCreateComment: () => ({ body: 'A comment' }),
    issuePostIssueReaction: () => ({ content: '+1' }),
    issueDeleteIssueReaction: () => ({ content: '+1' }),
    issuePostCommentReaction: () => ({ content: 'heart' }),
    issueDeleteCommentReaction: () => ({ content: 'heart' }),
    issueReplaceLabels: () => ({ labels: [created('/repos/{owner}/{repo}/labels') ?? 0] }),
    issueAddLabel: () => ({ labels: [created('/repos/{owner}/{repo}/labels') ?? 0] }),
    issueCreateLabel: () => ({ name: unique('label'), color: '#ee0701' }),
    issueEditLabel: () => ({ description: 'Edited' }),
    issueCreateMilestone: () => ({ title: unique('milestone') }),
    issueEditMilestone: () => ({ description: 'Edited' }),
    issueAddTime: () => ({ time: 60 }),
    issueEditIssueDeadline: () => ({ due_date: '2030-01-02T03:04:05Z' }),
    issueEditCommentDeprecated: () => ({ body: 'Edited through the older path' }),
    repoCreateReleaseAttachment: () => new File([Buffer.from('suite asset\n')], 'suite.txt'),
    repoEditReleaseAttachment: () => ({ name: 'renamed.txt' }),
    repoUpdateTopics: () => ({ topics: ['suite', 'operations'] }),
    repoCreateWikiPage: () => ({ title: 'Home', content_base64: base64('# Home\n') }),
    repoEditWikiPage: () => ({ title: 'Home', content_base64: base64('# Home, edited\n') }),
    repoCreatePullReviewRequests: () => ({ reviewers: [world.member] }),
    repoDeletePullReviewRequests: () => ({ reviewers: [world.member] }),
    userCreateToken: () => ({ name: unique('token') }),
    userAddEmail: () => ({ emails: [email] }),
    userDeleteEmail: () => ({ emails: [email] }),
    userCurrentPostKey: () => ({ title: unique('key'), key: sshPublicKey() }),
    userCurrentPostGPGKey: () => ({ armored_public_key: gpgPublicKey() }),
    userCreateOAuth2Application: () => ({
      name: unique('app'),
      redirect_uris: ['http://127.0.0.1/callback'],
    }),
    userUpdateOAuth2Application: () => ({ name: unique('app'), redirect_uris: ['http://127.0.0.1/back'] }),
    // Actions are off on the local server: these are refused there, but with valid bodies
    ActionsDispatchWorkflow: () => ({ ref: 'main' }),
    ...Object.fromEntries(
      ['updateRepoRunner', 'updateAdminRunner', 'updateOrgRunner', 'updateUserRunner'].map((id) => [
        id,
        () => ({ disabled: true }),
      ]),
    ),
    ...Object.fromEntries(
      ['updateRepoSecret', 'updateOrgSecret', 'updateUserSecret'].map((id) => [
        id,
        () => ({ data: 'secret' }),
      ]),
    ),
    ...Object.fromEntries(
      [
        'updateRepoVariable',
        'createRepoVariable',
        'updateOrgVariable',
        'createOrgVariable',
        'updateUserVariable',
        'createUserVariable',
      ].map((id) => [id, () => ({ value: 'suite value' })]),
    ),
    userCreateHook: () => hook,
    adminCreateHook: () => hook,
    userVerifyGPGKey: () => ({ key_id: '0123456789ABCDEF', armored_signature: 'not a signature' }),
    renameOrg: () => ({ new_name: unique('renamedorg') }),
    repoUpdateBranch: () => ({ new_commit_id: world.sha }),
    repoRenameBranch: () => ({ name: unique('renamed') }),
    repoCreateTag: () => ({ tag_name: unique('tag'), target: 'main', message: 'Annotated by the suite' }),
    repoChangeFiles: () => ({
      message: 'Change files',
      branch: 'main',
      files: [{ operation: 'create', path: 'docs/changed.txt', content: base64('changed\n') }],
    }),
    repoApplyDiffPatch: () => ({
      message: 'Apply a patch',
      branch: 'main',
      content: [
        'diff --git a/patched.txt b/patched.txt',
        'new file mode 100644',
        '--- /dev/null',
        '+++ b/patched.txt',
        '@@ -0,0 +1 @@',
        '+patched',
        '',
      ].join('\n'),
    }),
    generateRepo: () => ({ owner: world.me, name: unique('generated'), git_content: true }),
    repoReparent: () => ({ new_owner: world.org }),
    issueCreateIssueAttachment: () => new File([Buffer.from('issue attachment\n')], 'issue.txt'),
    issueCreateIssueCommentAttachment: () => new File([Buffer.from('comment attachment\n')], 'comment.txt'),
  };
  return bodies[id]?.();
}

/** Ids of objects created by another path than the one that addresses them. */
const createdUnder: Readonly<Record<string, string>> = {
  '/repos/{owner}/{repo}/issues/comments': '/repos/{owner}/{repo}/issues/{index}/comments',
  '/repos/{owner}/{repo}/issues/{index}/labels': '/repos/{owner}/{repo}/labels',
};

function idFor(operation: OperationSpec, world: World): number | string {
  const collection = operation.path.slice(0, operation.path.indexOf('/{id}'));
  if (collection === '/teams') return world.team.id;
  if (collection === '/repositories') return world.repoId;
  return world.created.get(createdUnder[collection] ?? collection) ?? 999_999;
}

function usernameFor(operation: OperationSpec, world: World): string {
  const { operationId, path: route } = operation;
  if (operationId === 'adminRenameUser') return world.renamee;
  if (/^\/admin\/users\/\{username\}(\/keys|$)/.test(route)) return world.doomed;
  if (/members|following\/\{username\}/.test(route)) return world.member;
  return world.me;
}

/** The spare objects the operations that give away or delete a whole repository or organization act on. */
function repositoryFor(operation: OperationSpec, world: World): { owner: string; repo: string } {
  if (['repoTransfer', 'acceptRepoTransfer', 'rejectRepoTransfer'].includes(operation.operationId))
    return { owner: world.me, repo: world.spareForTransfer };
  if (operation.operationId === 'repoDelete') return { owner: world.me, repo: world.spareForDelete };
  if (operation.path.includes('/teams/{id}/repos/')) return { owner: world.org, repo: world.orgRepo };
  return { owner: world.owner, repo: world.repo };
}

/** The arguments for one operation in the suite's world, by parameter name and the path around it. */
function argumentsFor(operation: OperationSpec, world: World): Record<string, unknown> {
  const repository = repositoryFor(operation, world);
  const fileByOperation: Record<string, string> = {
    repoCreateFile: 'docs/new-file.txt',
    repoDeleteFile: 'docs/new-file.txt',
  };
  const values: Record<string, () => unknown> = {
    owner: () => repository.owner,
    repo: () => repository.repo,
    org: () =>
      operation.operationId === 'orgDelete'
        ? world.spareOrg
        : operation.operationId === 'renameOrg'
          ? world.renamableOrg
          : world.org,
    username: () => usernameFor(operation, world),
    user: () => world.me,
    target: () => world.member,
    collaborator: () => world.member,
    index: () => (operation.path.includes('/pulls/') ? world.pull : world.issue),
    id: () => idFor(operation, world),
    filepath: () => fileByOperation[operation.operationId] ?? 'README.md',
    archive: () => 'main.tar.gz',
    // the default branch cannot be deleted
    branch: () =>
      operation.operationId === 'repoDeleteBranch'
        ? 'second'
        : operation.operationId === 'repoRenameBranch'
          ? 'renamable'
          : 'main',
    name: () => 'stable',
    sha: () => world.sha,
    ref: () => 'main',
    tag: () => world.tag,
    team: () => world.team.name,
    diffType: () => 'diff',
    base: () => 'main',
    head: () => 'feature',
    token: () => 'no-such-token',
    task: () => 'update_mirrors',
    topic: () => 'suite-topic',
    attachment_id: () => world.created.get('/repos/{owner}/{repo}/releases/{id}/assets') ?? 999_999,
    q: () => 'suite',
    position: () => 1,
    assignee: () => world.member,
    basehead: () => 'main...feature',
    body: () => JSON.stringify({ files: ['README.md'] }),
    pageName: () => 'Home',
    // Actions and packages are off on the local server: these name objects that cannot exist there (404)
    runner_id: () => '1',
    secretname: () => 'SUITE_SECRET',
    variablename: () => 'SUITE_VARIABLE',
    artifact_id: () => '1',
    job_id: () => 1,
    run: () => 1,
    attempt: () => 1,
    workflow_id: () => 'ci.yml',
    type: () => 'generic',
    version: () => '1.0.0',
    repo_name: () => repository.repo,
  };
  const args: Record<string, unknown> = { account: 'local', interactive: false };
  const required = (operation.queryParams ?? []).filter((param) => param.required === true);
  for (const param of [...(operation.pathParams ?? []), ...required]) {
    const value = values[param.name];
    if (!value) throw new Error(`the suite has no value for ${operation.operationId}'s "${param.name}"`);
    args[param.name] = value();
  }
  const body = bodyFor(operation.operationId, world);
  if (body !== undefined) args['body'] = body;
  return args;
}

/** Operations that would take the world from under the others run last, deletes deepest path first. */
const late = new Set([
  'repoMergePullRequest',
  'repoTransfer',
  'acceptRepoTransfer',
  'rejectRepoTransfer',
  'adminRenameUser',
]);

function runOrder(all: readonly OperationSpec[]): OperationSpec[] {
  const depth = (operation: OperationSpec) => operation.path.split('/').length;
  const deletes = all
    .filter((operation) => operation.method === 'DELETE')
    .sort((a, b) => depth(b) - depth(a));
  const lateOnes = all.filter((operation) => late.has(operation.operationId));
  const first = all.filter((operation) => operation.method !== 'DELETE' && !late.has(operation.operationId));
  // deleting the caller's own token signs the account out: nothing may run after it
  const ownToken = (operation: OperationSpec) => operation.operationId === 'deleteCurrentToken';
  return [
    ...first,
    ...lateOnes,
    ...deletes.filter((operation) => !ownToken(operation)),
    ...deletes.filter(ownToken),
  ];
}

/** After a create operation, remember the id it answered under the path that lists such objects. */
function remember(world: World, operation: OperationSpec, result: OperationCommandResult): void {
  if (result.status >= 300 || typeof result.data !== 'object' || result.data === null) return;
  const data = result.data as { id?: unknown; content?: { sha?: unknown } };
  if (operation.operationId === 'repoCreateFile' && typeof data.content?.sha === 'string')
    world.created.set('file', data.content.sha);
  if (operation.operationId === 'notifyGetList' && Array.isArray(result.data)) {
    const first = (result.data as { id?: unknown }[])[0];
    if (typeof first?.id === 'number') world.created.set('/notifications/threads', first.id);
  }
  if ((operation.method === 'POST' || operation.method === 'PUT') && typeof data.id === 'number')
    world.created.set(operation.path, data.id);
}

async function buildWorld(): Promise<World> {
  const { client, url } = await localServer();
  const me = (await localAccount()).username;
  // the GPG key's address must be one of the user's (Gitea 1.14.1 refuses the key otherwise)
  const gpgAddress = 'ed@teahouse.test';
  const addresses = await client.api.userListEmails({});
  if (!addresses.some((address) => address.email === gpgAddress)) {
    await client.api.userAddEmail({ body: { emails: [gpgAddress] } });
  }
  const createUser = async (prefix: string) => {
    const username = unique(prefix);
    await client.api.adminCreateUser({
      body: {
        username,
        email: `${username}@example.com`,
        password: `pw-${unique('p')}-x`,
        must_change_password: false,
      },
    });
    return username;
  };
  const member = await createUser('opmember');
  const doomed = await createUser('doomed');
  const renamee = await createUser('renamee');
  const repo = unique('ops');
  const created = await client.api.adminCreateRepo({ username: me, body: { name: repo, auto_init: true } });
  const spareForTransfer = unique('transfer');
  const spareForDelete = unique('delete');
  for (const name of [spareForTransfer, spareForDelete]) {
    await client.api.adminCreateRepo({ username: me, body: { name, auto_init: false } });
  }
  const org = unique('oporg');
  const spareOrg = unique('spareorg');
  const renamableOrg = unique('renorg');
  for (const username of [org, spareOrg, renamableOrg])
    await client.api.adminCreateOrg({ username: me, body: { username } });
  const team = await client.api.orgCreateTeam({
    org,
    body: { name: unique('opteam'), permission: 'write', units: ['repo.code', 'repo.issues', 'repo.pulls'] },
  });
  await client.api.orgAddTeamMember({ id: team.id, username: member });
  const orgRepo = unique('orgops');
  await client.api.createOrgRepo({ org, body: { name: orgRepo, auto_init: false } });
  await client.api.orgAddTeamRepository({ id: team.id, org, repo: orgRepo });
  const repository = { owner: me, repo };
  const heads: string[] = [];
  for (const head of ['feature', 'second', 'renamable']) {
    await client.api.repoCreateFile({
      ...repository,
      filepath: `${head}.txt`,
      body: { content: base64(`${head}\n`), message: `On ${head}`, branch: 'main', new_branch: head },
    });
    heads.push(head);
  }
  const issue = await client.api.issueCreateIssue({ ...repository, body: { title: 'The suite issue' } });
  const pull = await client.api.repoCreatePullRequest({
    ...repository,
    body: { head: 'feature', base: 'main', title: 'The suite pull request' },
  });
  const branch = await client.api.repoGetBranch({ ...repository, branch: 'main' });
  const readme = await client.api.repoGetContents({ ...repository, filepath: 'README.md' });
  const label = await client.api.issueCreateLabel({
    ...repository,
    body: { name: unique('l'), color: '#ee0701' },
  });
  const comment = await client.api.issueCreateComment({
    ...repository,
    index: issue.number,
    body: { body: 'Seeded comment' },
  });
  const tag = unique('t');
  await client.api.repoCreateRelease({ ...repository, body: { tag_name: tag, target_commitish: 'main' } });
  return {
    serverUrl: url,
    me,
    member,
    doomed,
    renamee,
    owner: me,
    repo,
    repoId: created.id,
    spareForTransfer,
    spareForDelete,
    org,
    spareOrg,
    renamableOrg,
    orgRepo,
    team: { id: team.id, name: team.name },
    issue: issue.number,
    pull: pull.number,
    sha: branch.commit.id,
    readmeSha: Array.isArray(readme) ? '' : readme.sha,
    tag,
    secondHead: heads[1] ?? 'second',
    created: new Map<string, number | string>([
      ['/repos/{owner}/{repo}/labels', label.id],
      ['/repos/{owner}/{repo}/issues/{index}/comments', comment.id],
    ]),
  };
}

export function apiOperationsSuite(): void {
  suite('API operation commands', () => {
    test('every catalogue operation is a registered command and a package.json contribution', async () => {
      await teahouse();
      const registered = new Set(await vscode.commands.getCommands(true));
      const packageJson = vscode.extensions.getExtension(extensionId)?.packageJSON as {
        contributes: { commands: { command: string }[] };
      };
      const contributed = new Set(packageJson.contributes.commands.map((entry) => entry.command));
      const ids = operations.map((operation) => `teahouse.api.${operation.operationId}`);
      assert.deepEqual(
        ids.filter((id) => !registered.has(id)),
        [],
        'registered',
      );
      assert.deepEqual(
        ids.filter((id) => !contributed.has(id)),
        [],
        'contributed',
      );
      assert.ok(registered.has('teahouse.runApiOperation'));
    });

    test('a command returns the data, and a missing argument is an error when not interactive', async () => {
      await localServer();
      const me = (await localAccount()).username;
      const user = await vscode.commands.executeCommand<OperationCommandResult>('teahouse.api.userGet', {
        username: me,
        interactive: false,
      });
      assert.equal(user?.status, 200);
      assert.equal((user?.data as { login?: string }).login, me);
      const missing = await vscode.commands.executeCommand<OperationCommandResult>('teahouse.api.repoGet', {
        owner: me,
        repo: unique('absent'),
        interactive: false,
      });
      assert.equal(missing?.status, 404);
      assert.ok(missing?.error?.message, 'the server’s message');
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand('teahouse.api.userGet', { interactive: false })),
        /userGet needs the argument "username"/,
      );
      await assert.rejects(
        Promise.resolve(
          vscode.commands.executeCommand('teahouse.api.issueCreateIssue', {
            repository: `${me}/x`,
            interactive: false,
            body: {},
          }),
        ),
        /needs title/,
      );
    });

    test('each operation runs against the local server and answers 2xx or a Gitea error, never a crash', async function () {
      this.timeout(8 * 60_000);
      const world = await buildWorld();
      const tally = { success: 0, clientError: 0 };
      const refused: string[] = [];
      const failures: string[] = [];
      for (const operation of runOrder(operations)) {
        const command = `teahouse.api.${operation.operationId}`;
        let result: OperationCommandResult | undefined;
        try {
          result = await vscode.commands.executeCommand<OperationCommandResult>(
            command,
            argumentsFor(operation, world),
          );
        } catch (error) {
          failures.push(`${operation.operationId}: threw ${String(error)}`);
          continue;
        }
        if (!result) {
          failures.push(`${operation.operationId}: no result`);
        } else if (result.status >= 200 && result.status < 300) {
          tally.success += 1;
          remember(world, operation, result);
        } else if (result.status >= 400 && result.status < 500 && result.error?.message) {
          tally.clientError += 1;
          refused.push(`${operation.operationId} ${result.status}`);
        } else {
          failures.push(`${operation.operationId}: ${result.status} ${result.error?.message ?? ''}`);
        }
      }
      console.log(
        `    ${operations.length} operations: ${tally.success} answered 2xx, ${tally.clientError} a 4xx with Gitea's message, ${failures.length} failed`,
      );
      console.log(`    answered 4xx: ${refused.join(', ')}`);
      // deleteCurrentToken took the Local account's token: the server made it a new one, and it works
      const works = async () =>
        (
          await vscode.commands.executeCommand<OperationCommandResult>('teahouse.api.userGetCurrent', {
            account: 'local',
            interactive: false,
          })
        )?.status === 200;
      const deadline = Date.now() + 20_000;
      while (!(await works().catch(() => false))) {
        assert.ok(Date.now() < deadline, 'the Local account works again after deleteCurrentToken');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert.deepEqual(failures, []);
      assert.equal(tally.success + tally.clientError, operations.length);
    });
  });
}
