import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  expandTemplate,
  sanitizeTemplatePath,
  templateMatcher,
  templateVariables,
} from '../../src/server/services/templateExpansion';

const repo = (name: string) => ({
  name,
  description: 'about it',
  ownerName: 'alice',
  link: `http://h/alice/${name}`,
  httpsUrl: `http://h/alice/${name}.git`,
  sshUrl: '',
});
const variables = templateVariables(repo('starter'), repo('my-new_repo'), new Date(2026, 0, 5));

test('variables expand as Go os.Expand does, with the transformed names', () => {
  assert.equal(
    expandTemplate(
      '$REPO_NAME ${REPO_NAME_PASCAL} $REPO_NAME_SNAKE $REPO_NAME_CAMEL $REPO_NAME_KEBAB',
      variables,
    ),
    'my-new_repo MyNewRepo my_new_repo myNewRepo my-new-repo',
  );
  assert.equal(expandTemplate('$YEAR-$MONTH-$DAY $MONTH_ENGLISH', variables), '2026-01-05 January');
  // an unknown name stays without its `$`; `$$` is `$`; `${}` is dropped; a lone `$` at the end stays
  assert.equal(expandTemplate('$UNKNOWN $$ ${} costs 5$', variables), 'UNKNOWN $  costs 5$');
});

test('paths are sanitised as Gitea does, globs use / as separator', () => {
  assert.equal(sanitizeTemplatePath('src/a<b>.txt'), 'src/a_b_.txt');
  assert.equal(sanitizeTemplatePath('../x/.git/y'), '__/x/.___/y');
  const matches = templateMatcher('# comment\n\n*.md\nsrc/**\n');
  assert.equal(matches('README.md'), true);
  assert.equal(matches('docs/a.md'), false);
  assert.equal(matches('src/deep/file.go'), true);
});
