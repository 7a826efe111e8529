import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OperationSpec } from '../../../src/api/operationSpec';
import { operations } from '../../../src/api/operations';
import type { FieldInfo } from '../../../src/api/types/fieldKinds';
import type { Account } from '../../../src/extension/accounts/account';
import {
  Cancelled,
  gatherArguments,
  type ArgumentPrompter,
  type ParameterRequest,
} from '../../../src/extension/operations/argumentGathering';
import { nodeContext } from '../../../src/extension/operations/contextValues';
import { roleOf } from '../../../src/extension/operations/parameterRoles';
import { ArgumentError, parseFieldInput, parseList } from '../../../src/extension/operations/valueParsing';
import type { TreeNode } from '../../../src/extension/views/nodes';

function operation(id: string): OperationSpec {
  const found = operations.find((candidate) => candidate.operationId === id);
  if (!found) throw new Error(`no ${id} in the catalogue`);
  return found;
}

/** A user answering prompts from a script, recording what was asked in which order. */
class ScriptedUser implements ArgumentPrompter {
  readonly asked: string[] = [];
  constructor(
    private readonly answers: Record<string, unknown>,
    private readonly extraFields: string[] = [],
  ) {}
  async parameter(request: ParameterRequest): Promise<unknown> {
    this.asked.push(`param:${request.param.name}:${request.role}`);
    return this.answers[request.param.name];
  }
  async field(_form: string, field: FieldInfo): Promise<unknown> {
    this.asked.push(`field:${field.name}`);
    return this.answers[`field.${field.name}`];
  }
  async nextField(_form: string, remaining: readonly FieldInfo[]): Promise<FieldInfo | 'send' | undefined> {
    this.asked.push('next');
    const name = this.extraFields.shift();
    return name === undefined ? 'send' : remaining.find((field) => field.name === name);
  }
  async text(): Promise<string | undefined> {
    this.asked.push('text');
    return this.answers['text'] as string | undefined;
  }
  async file(): Promise<Blob | undefined> {
    this.asked.push('file');
    return this.answers['file'] as Blob | undefined;
  }
}

const account: Account = {
  id: 'local',
  kind: 'local',
  serverUrl: 'http://127.0.0.1:3000/',
  username: 'admin',
  userId: 1,
  addedAt: '2026-01-01T00:00:00Z',
};

test('parameters take the arguments object first, then the tree item, then the workspace repository', async () => {
  const args = await gatherArguments(operation('issueGetIssue'), {
    given: { index: '7' },
    context: [
      { owner: 'node-owner', repo: 'node-repo', issue: 3 },
      { owner: 'ws', repo: 'ws-repo' },
    ],
    prompter: undefined,
  });
  assert.deepEqual(args, { owner: 'node-owner', repo: 'node-repo', index: 7 });
  const fromWorkspace = await gatherArguments(operation('issueGetIssue'), {
    given: {},
    context: [{}, { owner: 'ws', repo: 'ws-repo', issue: 2 }],
    prompter: undefined,
  });
  assert.deepEqual(fromWorkspace, { owner: 'ws', repo: 'ws-repo', index: 2 });
  const shorthand = await gatherArguments(operation('repoGet'), {
    given: { repository: 'alice/tea' },
    context: [{ owner: 'ws', repo: 'ws-repo' }],
    prompter: undefined,
  });
  assert.deepEqual(shorthand, { owner: 'alice', repo: 'tea' });
});

test('a context value of the wrong role or type is not used: a release id never fills a label id', async () => {
  await assert.rejects(
    gatherArguments(operation('issueGetLabel'), {
      given: { owner: 'a', repo: 'b' },
      context: [{ release: 4 }],
      prompter: undefined,
    }),
    (error: unknown) => error instanceof ArgumentError && /needs the argument "id"/.test(error.message),
  );
  const labelled = await gatherArguments(operation('issueGetLabel'), {
    given: { owner: 'a', repo: 'b' },
    context: [{ label: 9, release: 4 }],
    prompter: undefined,
  });
  assert.equal(labelled['id'], 9);
});

test('non-interactively, a missing required parameter or body field is an error naming it', async () => {
  await assert.rejects(
    gatherArguments(operation('repoGet'), { given: { owner: 'a' }, context: [], prompter: undefined }),
    /repoGet needs the argument "repo" \(string\)/,
  );
  await assert.rejects(
    gatherArguments(operation('issueCreateLabel'), {
      given: { owner: 'a', repo: 'b', body: { name: 'bug' } },
      context: [],
      prompter: undefined,
    }),
    /the CreateLabelOption body needs color/,
  );
});

test('values are checked before sending: types, enums, unknown fields, a body where none is taken', async () => {
  const base = { owner: 'a', repo: 'b' };
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['issueGetIssue', { ...base, index: 'seven' }, /index must be an integer/],
    ['issueListIssues', { ...base, state: 'sometimes' }, /state must be one of closed, open, all/],
    ['issueCreateIssue', { ...base, body: { title: 'x', colour: 'red' } }, /has no field "colour"/],
    ['issueCreateIssue', { ...base, body: { title: 5 } }, /title must be a string/],
    ['issueCreateIssue', { ...base, body: { title: '' } }, /title is required/],
    ['issueCreateIssue', { ...base, body: { title: 'x', labels: 'bug' } }, /labels must be a list/],
    ['repoMergePullRequest', { ...base, index: 1, body: { Do: 'merge', do: 'smash' } }, /has no field "Do"/],
    ['repoMergePullRequest', { ...base, index: 1, body: { do: 'smash' } }, /do must be one of merge/],
    ['repoGet', { ...base, body: {} }, /repoGet takes no request body/],
  ];
  for (const [id, given, expected] of cases) {
    await assert.rejects(
      gatherArguments(operation(id), { given, context: [], prompter: undefined }),
      (error: unknown) => error instanceof ArgumentError && expected.test(error.message),
      `${id} ${JSON.stringify(given)}`,
    );
  }
});

test('prompts ask path parameters in order, then required body fields, then optional ones through "Add field…"', async () => {
  const user = new ScriptedUser(
    {
      owner: 'alice',
      repo: 'tea',
      'field.name': 'bug',
      'field.color': '#ee0701',
      'field.description': 'Something broke',
    },
    ['description'],
  );
  const args = await gatherArguments(operation('issueCreateLabel'), {
    given: {},
    context: [],
    prompter: user,
  });
  assert.deepEqual(user.asked, [
    'param:owner:owner',
    'param:repo:repo',
    'field:color',
    'field:name',
    'next',
    'field:description',
    'next',
  ]);
  assert.deepEqual(args, {
    owner: 'alice',
    repo: 'tea',
    body: { name: 'bug', color: '#ee0701', description: 'Something broke' },
  });
});

test('what the context knows is not asked again; a pull request index is asked with its role', async () => {
  const user = new ScriptedUser({ index: 4 });
  const args = await gatherArguments(operation('repoGetPullRequest'), {
    given: {},
    context: [{ owner: 'alice', repo: 'tea' }],
    prompter: user,
  });
  assert.deepEqual(user.asked, ['param:index:pullRequest']);
  assert.deepEqual(args, { owner: 'alice', repo: 'tea', index: 4 });
});

test('optional query parameters of a list are offered through "Add field…" and typed by the parameter', async () => {
  const user = new ScriptedUser({ 'field.state': 'closed', 'field.page': 2 }, ['state', 'page']);
  const args = await gatherArguments(operation('issueListIssues'), {
    given: { labels: 'bug' },
    context: [{ owner: 'alice', repo: 'tea' }],
    prompter: user,
  });
  assert.deepEqual(args, { owner: 'alice', repo: 'tea', labels: 'bug', state: 'closed', page: 2 });
  assert.deepEqual(user.asked, ['next', 'field:state', 'next', 'field:page', 'next']);
  const wrong = new ScriptedUser({ 'field.state': 'sometimes' }, ['state']);
  await assert.rejects(
    gatherArguments(operation('issueListIssues'), {
      given: {},
      context: [{ owner: 'a', repo: 'b' }],
      prompter: wrong,
    }),
    /state must be one of/,
  );
});

test('dismissing a prompt cancels the command', async () => {
  await assert.rejects(
    gatherArguments(operation('repoGet'), { given: {}, context: [], prompter: new ScriptedUser({}) }),
    Cancelled,
  );
  const noTitle = new ScriptedUser({ owner: 'a', repo: 'b' });
  await assert.rejects(
    gatherArguments(operation('issueCreateIssue'), { given: {}, context: [], prompter: noTitle }),
    Cancelled,
  );
});

test('an optional body is sent only when given or filled; a text body comes from a text prompt', async () => {
  const none = await gatherArguments(operation('createFork'), {
    given: { owner: 'a', repo: 'b' },
    context: [],
    prompter: new ScriptedUser({}),
  });
  assert.equal('body' in none, false);
  const raw = await gatherArguments(operation('renderMarkdownRaw'), {
    given: {},
    context: [],
    prompter: new ScriptedUser({ text: '# Hello' }),
  });
  assert.equal(raw['body'], '# Hello');
});

test('a file body is a given Blob or the file the user picks, and nothing else', async () => {
  const upload = operation('repoCreateReleaseAttachment');
  const file = new File(['bytes'], 'tea.zip');
  const given = await gatherArguments(upload, {
    given: { owner: 'a', repo: 'b', id: 1, body: file },
    context: [],
    prompter: undefined,
  });
  assert.equal(given['body'], file);
  const user = new ScriptedUser({ owner: 'a', repo: 'b', id: '1', file });
  const picked = await gatherArguments(upload, { given: {}, context: [], prompter: user });
  assert.equal(picked['body'], file);
  assert.ok(user.asked.includes('file'));
  await assert.rejects(
    gatherArguments(upload, {
      given: { owner: 'a', repo: 'b', id: 1, body: 'not a file' },
      context: [],
      prompter: undefined,
    }),
    /takes a file/,
  );
  await assert.rejects(
    gatherArguments(upload, { given: { owner: 'a', repo: 'b', id: 1 }, context: [], prompter: undefined }),
    /needs a file/,
  );
});

test('typed body fields are parsed by kind; lists are comma-separated', () => {
  const field = (kind: FieldInfo['kind'], extra: Partial<FieldInfo> = {}): FieldInfo => ({
    name: 'f',
    kind,
    ...extra,
  });
  assert.deepEqual(parseFieldInput(field('array'), 'alice, bob ,,'), { value: ['alice', 'bob'] });
  assert.deepEqual(parseFieldInput(field('array'), '1, 2'), { value: [1, 2] });
  assert.deepEqual(parseFieldInput(field('integer'), '42'), { value: 42 });
  assert.deepEqual(parseFieldInput(field('integer'), '4.2'), { error: 'f must be an integer' });
  assert.deepEqual(parseFieldInput(field('boolean'), 'true'), { value: true });
  assert.deepEqual(parseFieldInput(field('object'), '{"a":1}'), { value: { a: 1 } });
  assert.deepEqual(parseFieldInput(field('object'), '[1]'), { error: 'f must be a JSON object' });
  assert.deepEqual(parseFieldInput(field('string', { enum: ['a', 'b'] }), 'c'), {
    error: 'f must be one of a, b (not c)',
  });
  assert.deepEqual(parseList(''), []);
});

test('parameter roles follow the name and the path around it', () => {
  const role = (id: string, name: string) => {
    const spec = operation(id);
    const param = [...(spec.pathParams ?? []), ...(spec.queryParams ?? [])].find((p) => p.name === name);
    if (!param) throw new Error(`${id} has no ${name}`);
    return roleOf(spec, param);
  };
  assert.equal(role('repoGetPullRequest', 'index'), 'pullRequest');
  assert.equal(role('issueGetIssue', 'index'), 'issue');
  assert.equal(role('issueGetLabel', 'id'), 'label');
  assert.equal(role('issueGetMilestone', 'id'), 'milestone');
  assert.equal(role('orgGetTeam', 'id'), 'team');
  assert.equal(role('repoGetRelease', 'id'), 'release');
  assert.equal(role('repoGetHook', 'id'), 'other');
  assert.equal(role('repoGetBranch', 'branch'), 'branch');
  assert.equal(role('repoAddCollaborator', 'collaborator'), 'user');
  assert.equal(role('orgGet', 'org'), 'organization');
});

test('a tree item offers its objects and its parents’: a pull request item is an issue too', () => {
  const repositoryNode = {
    kind: 'folder',
    id: 'r/p',
    parent: undefined,
    account,
    folder: 'openPulls',
    label: 'Pull Requests',
    ref: { owner: 'alice', repo: 'tea' },
  } as const satisfies TreeNode;
  const pull: TreeNode = {
    kind: 'issue',
    id: 'r/p/5',
    parent: repositoryNode,
    account,
    ref: { owner: 'alice', repo: 'tea' },
    issue: {
      number: 5,
      title: 'Fix',
      state: 'open',
      isPull: true,
      merged: false,
      draft: false,
      labels: [],
      author: 'bob',
      assignees: [],
      milestone: undefined,
      comments: 0,
      htmlUrl: '',
      updatedAt: '',
      head: undefined,
      base: undefined,
      pinned: false,
      locked: false,
    },
  };
  assert.deepEqual(nodeContext(pull), {
    accountId: 'local',
    values: { owner: 'alice', repo: 'tea', issue: 5, pullRequest: 5 },
  });
});

test('a query parameter named body (GET /file-contents) is a query value, never a request body', async () => {
  const files = JSON.stringify({ files: ['README.md'] });
  const args = await gatherArguments(operation('repoGetFileContents'), {
    given: { owner: 'a', repo: 'b', body: files },
    context: [],
    prompter: undefined,
  });
  assert.deepEqual(args, { owner: 'a', repo: 'b', body: files });
  await assert.rejects(
    gatherArguments(operation('repoGetFileContents'), {
      given: { owner: 'a', repo: 'b' },
      context: [],
      prompter: undefined,
    }),
    /needs the argument "body"/,
  );
});
