import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseMarkdown } from '../../src/server/services/markdown/markedParser';
import { renderMarkdown, type MarkdownMode } from '../../src/server/services/markdown/renderMarkdown';
import { executableConstructs, loadXssPayloads } from '../fixtures/xss/executableConstructs';

const payloads = loadXssPayloads();
const modes: readonly MarkdownMode[] = ['markdown', 'gfm', 'comment', 'wiki'];

describe('markdown renderer: XSS corpus', () => {
  test('the corpus holds at least 40 payloads', () => {
    assert.ok(payloads.length >= 40, `${payloads.length} payloads`);
  });

  test('the checker finds the executable constructs of unsanitised output (so the corpus test can fail)', () => {
    const flagged = payloads.filter(
      (payload) => executableConstructs(parseMarkdown(payload, { breaks: false })).length > 0,
    );
    assert.ok(
      flagged.length >= payloads.length * 0.75,
      `only ${flagged.length} of ${payloads.length} flagged`,
    );
    assert.deepEqual(executableConstructs('<a href="jav&#x09;ascript:x">a</a>'), ['javascript: in href']);
    assert.deepEqual(executableConstructs('<img src="data:image/png;base64,AA">'), []);
    assert.deepEqual(executableConstructs('<img src="data:image/svg+xml,x">'), ['data: in src on <img>']);
    assert.deepEqual(executableConstructs('<p onclick="x">'), ['onclick= on <p>']);
  });

  for (const mode of modes) {
    test(`no payload leaves anything executable in ${mode} mode`, () => {
      for (const payload of payloads) {
        const html = renderMarkdown(payload, {
          mode,
          rootUrl: 'http://teahouse.test/',
          repo: { owner: 'alice', repo: 'tea' },
          wiki: true,
        });
        assert.deepEqual(executableConstructs(html), [], `${JSON.stringify(payload)}\n→ ${html}`);
      }
    });
  }

  test('a safe data: image survives while other data: URLs are dropped', () => {
    const html = renderMarkdown(
      '![ok](data:image/png;base64,iVBORw0KGgo=) ![bad](data:image/svg+xml,<svg/>)',
      {
        mode: 'gfm',
        rootUrl: 'http://teahouse.test/',
      },
    );
    assert.match(html, /<img src="data:image\/png;base64,iVBORw0KGgo=" alt="ok" \/>/);
    assert.match(html, /<img alt="bad" \/>/);
  });

  test('checkboxes stay disabled and other inputs disappear', () => {
    const html = renderMarkdown('<input type="checkbox" checked> <input type="password">', {
      mode: 'gfm',
      rootUrl: 'http://teahouse.test/',
    });
    assert.equal(html, '<p><input type="checkbox" checked="" disabled="" /> </p>\n');
  });
});
