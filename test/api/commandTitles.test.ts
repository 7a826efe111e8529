import assert from 'node:assert/strict';
import { test } from 'node:test';
import { operations } from '../../src/api/operations';
import { commandTitles, maxTitleLength, shortTitle } from '../../src/extension/operations/commandTitles';

const titles = commandTitles(operations);

test('every operation has a title, all distinct, short, without a trailing period', () => {
  assert.equal(titles.size, operations.length);
  assert.equal(new Set(titles.values()).size, operations.length);
  for (const [operationId, title] of titles) {
    assert.ok(title.length <= maxTitleLength, `${operationId}: ${title}`);
    assert.ok(title.length >= 8, `${operationId}: ${title}`);
    assert.ok(!title.endsWith('.'), `${operationId}: ${title}`);
    assert.match(title, /^[A-Z]/, `${operationId}: ${title}`);
  }
});

test('a title is the first sentence of the summary, trimmed of trailing detail', () => {
  assert.equal(titles.get('issueCreateIssue'), 'Create an issue');
  assert.equal(titles.get('issueEditIssueDeadline'), 'Set an issue deadline');
  assert.equal(titles.get('repoGet'), 'Get a repository');
  assert.equal(
    shortTitle(
      'Gets the metadata and contents (if a file) of an entry in a repository, or a list of entries if a dir.',
    ),
    'Gets the metadata and contents of an entry in a repository',
  );
  assert.equal(
    shortTitle('update an OAuth2 Application, this includes regenerating the client secret'),
    'Update an OAuth2 Application',
  );
  assert.equal(
    shortTitle('Retrieve a specific branch from a repository, including its effective branch protection'),
    'Retrieve a specific branch from a repository',
  );
  const long = shortTitle(
    'List every single thing that anybody could ever possibly want to know about everything',
  );
  assert.ok(long.length <= maxTitleLength && long.endsWith('…'), long);
});

test('operations of the same summary are told apart by the words of their ids', () => {
  assert.equal(titles.get('orgCreateHook'), 'Create a hook (org)');
  assert.equal(titles.get('repoCreateHook'), 'Create a hook (repo)');
  assert.equal(titles.get('issueEditComment'), 'Edit a comment');
  assert.equal(titles.get('issueEditCommentDeprecated'), 'Edit a comment (deprecated)');
  assert.equal(titles.get('orgCreate'), 'Create an organization');
  assert.equal(titles.get('adminCreateOrg'), 'Create an organization (admin)');
  const twins = commandTitles([
    { operationId: 'a', summary: 'Do it' },
    { operationId: 'b', summary: 'Do it.' },
  ]);
  assert.deepEqual([...twins.values()], ['Do it (a)', 'Do it (b)']);
});
