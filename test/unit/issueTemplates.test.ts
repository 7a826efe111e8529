import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseIssueTemplate, splitFrontMatter } from '../../src/server/services/issueTemplates';

describe('issue template front matter (Gitea ExtractMetadata)', () => {
  test('front matter between separator lines, the rest is the content', () => {
    assert.deepEqual(splitFrontMatter('---\nname: a\n-----\nbody\n'), { front: 'name: a', body: 'body\n' });
    assert.deepEqual(splitFrontMatter(' --- \nname: a\n---'), { front: 'name: a', body: '' });
  });

  test('no opening separator, no closing one, or nothing between them: no front matter', () => {
    assert.equal(splitFrontMatter('# title\n---\nname: a\n---\n'), undefined);
    assert.equal(splitFrontMatter('---\nname: a\n'), undefined);
    assert.equal(splitFrontMatter('---\n---\nbody'), undefined);
    assert.equal(splitFrontMatter('--\nname: a\n--\n'), undefined);
  });
});

describe('issue templates', () => {
  test('fields are read as text, labels as a list or a comma-separated string', () => {
    const template = parseIssueTemplate(
      'bug.md',
      '---\nname: 1.0\nabout: yes\nlabels: "a, b ,"\nassignees: [alice]\n---\nText\r\n',
    );
    assert.deepEqual(template, {
      name: '1.0',
      title: '',
      about: 'yes',
      labels: ['a', 'b'],
      assignees: ['alice'],
      ref: '',
      content: 'Text\r\n',
      fileName: 'bug.md',
    });
  });

  test('a template without name or about, with broken YAML, or fields of the wrong kind is skipped', () => {
    for (const text of [
      '---\nname: a\n---\n',
      '---\nabout: a\n---\n',
      '---\nname: " "\nabout: a\n---\n',
      '---\nname: [a\nabout: b\n---\n',
      '---\nname: {x: 1}\nabout: b\n---\n',
      '---\nname: a\nabout: b\nlabels: {x: 1}\n---\n',
      '---\n- a\n- b\n---\n',
      '---\nname: a\nname: b\nabout: c\n---\n',
      'no front matter',
    ]) {
      assert.equal(parseIssueTemplate('t.md', text), undefined, text);
    }
  });
});
