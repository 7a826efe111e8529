import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commentSyntaxOf, isInsideComment } from '../../../src/extension/editor/commentSyntax';

/** Whether the first `#1` of `text` is inside a comment of `language`. */
function commented(language: string, text: string, nth = 0): boolean {
  const syntax = commentSyntaxOf(language);
  assert.ok(syntax, `no comment syntax for ${language}`);
  let offset = -1;
  for (let n = 0; n <= nth; n++) offset = text.indexOf('#1', offset + 1);
  assert.ok(offset >= 0);
  return isInsideComment(text, offset, syntax);
}

test('a // or /* */ comment holds a reference in C-like languages; code and strings do not', () => {
  assert.equal(commented('typescript', 'const a = 1; // fixes #1'), true);
  assert.equal(commented('typescript', '/* see #1 */'), true);
  assert.equal(commented('typescript', '/*\n * see\n * #1\n */'), true);
  assert.equal(commented('typescript', '/* done */ const x = #1'), false);
  assert.equal(commented('typescript', "const s = '// #1';"), false);
  assert.equal(commented('typescript', 'const s = `a\n// #1`;'), false);
  assert.equal(commented('typescript', 'const s = "a\\" // #1";'), false);
  assert.equal(commented('javascript', "x('#1'); // #1", 1), true);
  assert.equal(commented('go', 'x := 1\n#1'), false);
});

test('# comments in Python, shell and YAML; a # inside a string is not one', () => {
  assert.equal(commented('python', 'x = 1  # see #1'), true);
  assert.equal(commented('python', "x = '#1'"), false);
  assert.equal(commented('shellscript', 'echo "#1" # #1', 1), true);
  assert.equal(commented('yaml', 'key: value # #1', 0), true);
});

test('markup, SQL, Lua and Rust comments', () => {
  assert.equal(commented('html', '<p>#1</p>'), false);
  assert.equal(commented('html', '<!-- fixes #1 -->'), true);
  assert.equal(commented('sql', "select '#1' -- #1", 1), true);
  assert.equal(commented('sql', "select '#1' -- #1", 0), false);
  assert.equal(commented('lua', '--[[ long\n#1 ]]'), true);
  assert.equal(commented('rust', "fn f<'a>() {} // #1"), true);
});

test('languages without a known comment syntax have none', () => {
  assert.equal(commentSyntaxOf('json'), undefined);
  assert.equal(commentSyntaxOf('toString'), undefined);
});
