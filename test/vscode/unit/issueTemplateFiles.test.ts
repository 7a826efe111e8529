import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTemplateFile } from '../../../src/extension/commands/issueTemplateFiles';

test('front matter: name, about, title, labels inline; the markdown after it is the body', () => {
  const text = [
    '---',
    'name: "Bug report"',
    "about: 'Something is broken'",
    'title: "[Bug]: "',
    'labels: [bug, "needs triage"]',
    '---',
    '## Steps',
    '',
  ].join('\n');
  assert.deepEqual(parseTemplateFile('bug.md', text), {
    name: 'Bug report',
    about: 'Something is broken',
    title: '[Bug]: ',
    body: '## Steps\n',
    labels: ['bug', 'needs triage'],
  });
});

test('labels as a block list or a comma string; CRLF; a missing name is the file name', () => {
  const block = parseTemplateFile(
    'feature.md',
    '---\r\nlabels:\r\n  - enhancement\r\n  - "ui"\r\nabout: x\r\n---\r\nBody',
  );
  assert.deepEqual(block.labels, ['enhancement', 'ui']);
  assert.equal(block.name, 'feature');
  assert.equal(block.about, 'x');
  assert.equal(block.body, 'Body');
  assert.deepEqual(parseTemplateFile('a.md', '---\nlabels: a, b ,\n---\n').labels, ['a', 'b']);
});

test('no front matter (or an unclosed one): the whole text is the body, named after the file', () => {
  assert.deepEqual(parseTemplateFile('issue_template.md', 'Describe it.\n'), {
    name: 'issue_template',
    about: '',
    title: '',
    body: 'Describe it.\n',
    labels: [],
  });
  const unclosed = '---\nname: x\nno end';
  assert.equal(parseTemplateFile('t.md', unclosed).body, unclosed);
});

test('what is not a plain field is ignored, never evaluated', () => {
  const text = '---\nname: !!js/function "x"\nnested:\n  key: value\ntitle: ok\n---\n';
  const parsed = parseTemplateFile('t.md', text);
  assert.equal(parsed.name, '!!js/function "x"');
  assert.equal(parsed.title, 'ok');
});
