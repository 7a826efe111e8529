import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bytesOf } from '../../../src/extension/webviews/attachments';
import {
  allowedTypesOf,
  attachmentMarkdown,
  typeAllowed,
  uploadRefusal,
} from '../../../src/webview/uploadRules';

test("allowed types read as Gitea reads them: commas or the old '|', trimmed, case-insensitive", () => {
  assert.deepEqual(allowedTypesOf(' .ZIP, image/* |.txt,, '), ['.zip', 'image/*', '.txt']);
  assert.deepEqual(allowedTypesOf(''), []);
});

test('a type is allowed by extension, exact MIME type, wildcard or */*, and anything when none is listed', () => {
  assert.equal(typeAllowed([], 'tool.exe', 'application/x-msdownload'), true);
  assert.equal(typeAllowed(['*/*'], 'tool.exe', ''), true);
  assert.equal(typeAllowed(['.log'], 'Crash.LOG', ''), true);
  assert.equal(typeAllowed(['.log'], 'log', 'text/plain'), false);
  assert.equal(typeAllowed(['.log'], '.log', 'text/plain'), false, 'a dot file has no extension');
  assert.equal(typeAllowed(['text/plain'], 'notes', 'text/plain; charset=utf-8'), true);
  assert.equal(typeAllowed(['image/*'], 'paste', 'image/png'), true);
  assert.equal(typeAllowed(['image/*'], 'clip.mp4', 'video/mp4'), false);
});

test('the first refusal: too many files, then per file its size, then its type', () => {
  const rules = { maxBytes: 100, allowedTypes: ['.txt'], maxFiles: 2 };
  const file = (name: string, size: number) => ({ name, type: '', size });
  assert.deepEqual(uploadRefusal(rules, [file('a.txt', 1), file('b.txt', 1), file('c.txt', 1)]), {
    reason: 'tooMany',
    limit: 2,
  });
  assert.deepEqual(uploadRefusal(rules, [file('a.txt', 1), file('b.txt', 101)]), {
    reason: 'tooBig',
    limitBytes: 100,
    file: 'b.txt',
  });
  assert.deepEqual(uploadRefusal(rules, [file('a.png', 1)]), { reason: 'type', file: 'a.png' });
  assert.equal(uploadRefusal(rules, [file('a.txt', 100), file('b.txt', 0)]), undefined);
  assert.equal(
    uploadRefusal({ maxBytes: undefined, allowedTypes: [], maxFiles: undefined }, [file('x', 1e12)]),
    undefined,
  );
});

test('an image is linked inline, another file as a link, brackets in the name escaped', () => {
  assert.equal(
    attachmentMarkdown('shot.png', 'image/png', 'http://h/attachments/u'),
    '![shot.png](http://h/attachments/u)',
  );
  assert.equal(
    attachmentMarkdown('a [b].log', 'text/plain', 'http://h/attachments/v'),
    '[a \\[b\\].log](http://h/attachments/v)',
  );
});

test("the webview's bytes arrive as a typed array, a buffer, a view, or JSON's numbered keys", () => {
  const expected = new Uint8Array([1, 2, 255]);
  assert.deepEqual(bytesOf(new Uint8Array([1, 2, 255])), expected);
  assert.deepEqual(bytesOf(new Uint8Array([1, 2, 255]).buffer), expected);
  assert.deepEqual(bytesOf(new DataView(new Uint8Array([9, 1, 2, 255]).buffer, 1)), expected);
  assert.deepEqual(bytesOf({ 0: 1, 1: 2, 2: 255 }), expected);
  assert.throws(() => bytesOf('not bytes'), /without its bytes/);
  assert.throws(() => bytesOf({ 0: 'a' }), /without its bytes/);
});
