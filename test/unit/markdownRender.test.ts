import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseRepoContext } from '../../src/server/services/markdown/renderContext';
import {
  markdownMode,
  renderMarkdown,
  type MarkdownMode,
  type RenderOptions,
} from '../../src/server/services/markdown/renderMarkdown';

const rootUrl = 'http://teahouse.test:3000/';
const repo = { owner: 'alice', repo: 'tea' };

function render(text: string, mode: MarkdownMode = 'gfm', options: Partial<RenderOptions> = {}): string {
  return renderMarkdown(text, { mode, rootUrl, repo, ...options });
}

describe('markdown renderer: GitHub-flavoured syntax', () => {
  test('a pipe table becomes a table with the column alignment', () => {
    const html = render('| a | b |\n|:--|--:|\n| 1 | 2 |');
    assert.match(html, /<table>/);
    assert.match(html, /<th align="left">a<\/th>/);
    assert.match(html, /<td align="right">2<\/td>/);
  });

  test('task list items carry Gitea’s class and a disabled checkbox, checked when ticked', () => {
    const html = render('- [ ] open\n- [x] done\n- plain');
    assert.match(html, /<li class="task-list-item"><input disabled="" type="checkbox" \/> open<\/li>/);
    assert.match(html, /<li class="task-list-item"><input checked="" disabled="" type="checkbox" \/> done/);
    assert.match(html, /<li>plain<\/li>/);
  });

  test('double tildes strike through', () => {
    assert.match(render('~~gone~~'), /<del>gone<\/del>/);
  });

  test('bare URLs and addresses become links with rel="nofollow"', () => {
    const html = render('see https://example.com/x and www.example.org or mail me@example.com');
    assert.match(html, /<a href="https:\/\/example.com\/x" rel="nofollow">https:\/\/example.com\/x<\/a>/);
    assert.match(html, /<a href="http:\/\/www.example.org" rel="nofollow">/);
    assert.match(html, /<a href="mailto:me@example.com" rel="nofollow">/);
  });

  test('every link gets rel="nofollow", replacing whatever rel the author wrote', () => {
    const html = render('[x](https://example.com) <a href="https://example.org" rel="opener">y</a>');
    assert.equal(html.match(/rel="nofollow"/g)?.length, 2);
    assert.doesNotMatch(html, /opener/);
  });

  test('fenced code keeps its language as a language-* class and escapes its content', () => {
    const html = render('```ts\nconst a = "<b>";\n```');
    assert.match(html, /<pre><code class="language-ts">const a = "&lt;b&gt;";/);
  });

  test('headings get Gitea’s user-content- anchors, numbered when repeated, and in-page links follow', () => {
    const html = render('# Hello *World*!\n\n## Hello World\n\n[top](#hello-world)');
    assert.match(html, /<h1 id="user-content-hello-world">Hello <em>World<\/em>!<\/h1>/);
    assert.match(html, /<h2 id="user-content-hello-world-1">/);
    assert.match(html, /<a href="#user-content-hello-world" rel="nofollow">top<\/a>/);
  });

  test('safe raw HTML such as details, kbd and sup survives', () => {
    const html = render(
      '<details><summary>More</summary>\n\nPress <kbd>Ctrl</kbd> x<sup>2</sup>\n\n</details>',
    );
    assert.match(html, /<details><summary>More<\/summary>/);
    assert.match(html, /<kbd>Ctrl<\/kbd>/);
    assert.match(html, /<sup>2<\/sup>/);
  });

  test('empty text renders as nothing', () => {
    assert.equal(render(''), '');
  });
});

describe('markdown renderer: Gitea’s special links', () => {
  test('#12 links to the Context repository’s issue with class ref-issue', () => {
    assert.match(
      render('fixes #12.'),
      /fixes <a href="http:\/\/teahouse.test:3000\/alice\/tea\/issues\/12" class="ref-issue" rel="nofollow">#12<\/a>\./,
    );
  });

  test('!7 links to a pull request', () => {
    assert.match(
      render('see !7'),
      /<a href="http:\/\/teahouse.test:3000\/alice\/tea\/pulls\/7" class="ref-issue"/,
    );
  });

  test('owner/repo#3 links to that repository’s issue, with or without a Context', () => {
    for (const context of [repo, null]) {
      const html = render('(bob/kettle#3)', 'gfm', { repo: context });
      assert.match(html, /\(<a href="http:\/\/teahouse.test:3000\/bob\/kettle\/issues\/3" class="ref-issue"/);
      assert.match(html, />bob\/kettle#3<\/a>\)/);
    }
  });

  test('@alice links to the user with class mention, also at the end of a sentence', () => {
    const html = render('thanks @carol-b.');
    assert.match(
      html,
      /thanks <a href="http:\/\/teahouse.test:3000\/carol-b" class="mention" rel="nofollow">@carol-b<\/a>\./,
    );
  });

  test('a commit SHA links to the commit and shows ten characters in code', () => {
    const sha = '0123456789abcdef0123456789abcdef01234567';
    const html = render(`landed in ${sha} and abcdef1`);
    assert.match(
      html,
      new RegExp(
        `<a href="http://teahouse.test:3000/alice/tea/commit/${sha}" class="commit" rel="nofollow">` +
          '<code class="nohighlight">0123456789</code></a>',
      ),
    );
    assert.match(html, /commit\/abcdef1" class="commit"/);
  });

  test('words that only look like references are left alone', () => {
    const html = render('issue#12 a@b mail@example.com 12345678z #12x deadbeeg abcdef');
    assert.doesNotMatch(html, /ref-issue|class="mention"|class="commit"/);
  });

  test('references inside code spans, code blocks and existing links are not rewritten', () => {
    const html = render(
      '`#1 @bob` and [see #2 @bob](https://example.com)\n\n```\n#3 @bob abcdef1\n```\n\n<a href="/x">#4</a>',
    );
    assert.doesNotMatch(html, /ref-issue|class="mention"|class="commit"/);
    assert.match(html, /<code>#1 @bob<\/code>/);
  });

  test('references inside raw HTML prose are linked, as Gitea’s post-processor does', () => {
    assert.match(
      render('<details><summary>fixes #5</summary></details>'),
      /<summary>fixes <a href="[^"]+\/issues\/5"/,
    );
  });

  test('without a Context, #12 and SHAs stay text while mentions still link', () => {
    const html = render('#12 abcdef1 @dave', 'gfm', { repo: null });
    assert.doesNotMatch(html, /ref-issue|class="commit"/);
    assert.match(html, /class="mention"/);
  });

  test('markdown mode renders plain markdown without any special links', () => {
    const html = render('#12 @dave bob/kettle#3 abcdef1 [[Home]]', 'markdown', { wiki: true });
    assert.equal(html, '<p>#12 @dave bob/kettle#3 abcdef1 [[Home]]</p>\n');
  });

  test('comment mode keeps single line breaks; gfm mode joins the lines', () => {
    assert.match(render('one\ntwo', 'comment'), /one<br \/>two/);
    assert.match(render('one\ntwo', 'gfm'), /one\ntwo/);
  });

  test('wiki links resolve only when Wiki is set (or in wiki mode)', () => {
    const page =
      /<a href="http:\/\/teahouse.test:3000\/alice\/tea\/wiki\/Getting-Started" rel="nofollow">Getting Started<\/a>/;
    assert.match(render('[[Getting Started]]', 'gfm', { wiki: true }), page);
    assert.match(render('[[Getting Started]]', 'wiki'), page);
    assert.match(render('[[Getting Started]]', 'gfm'), /\[\[Getting Started\]\]/);
    const named = render('[[the docs|Docs/Intro]]', 'wiki');
    assert.match(
      named,
      /<a href="http:\/\/teahouse.test:3000\/alice\/tea\/wiki\/Docs\/Intro" rel="nofollow">the docs<\/a>/,
    );
    const image = render('[[images/logo.png]]', 'wiki');
    assert.match(image, /<img src="http:\/\/teahouse.test:3000\/alice\/tea\/wiki\/raw\/images\/logo.png"/);
  });

  test('unknown modes render as plain markdown, as Gitea’s /markdown does', () => {
    assert.equal(markdownMode('GFM'), 'gfm');
    assert.equal(markdownMode('comment'), 'comment');
    assert.equal(markdownMode('file'), 'markdown');
    assert.equal(markdownMode(undefined), 'markdown');
  });
});

describe('markdown renderer: Context', () => {
  test('a full URL, a URL path or owner/repo name the repository', () => {
    for (const context of [
      'alice/tea',
      '/alice/tea',
      'http://teahouse.test:3000/alice/tea',
      'http://teahouse.test:3000/alice/tea/src/branch/main/docs',
      'https://elsewhere.example/alice/tea',
    ]) {
      assert.deepEqual(parseRepoContext(context, rootUrl), repo, context);
    }
  });

  test('a sub-path root is stripped from the Context', () => {
    const root = 'https://example.com/git/';
    assert.deepEqual(parseRepoContext('/git/alice/tea/src/branch/main', root), repo);
    assert.deepEqual(parseRepoContext('https://example.com/git/alice/tea', root), repo);
  });

  test('a Context that names no repository gives none', () => {
    for (const context of ['', '   ', 'alice', '/', 'a b/c', '../etc', 'http://[bad', '%E0%A4%A/x']) {
      assert.equal(parseRepoContext(context, rootUrl), null, context);
    }
  });
});

describe('markdown renderer: hostile input', () => {
  test('100 KB of # and @ characters renders without catastrophic backtracking', () => {
    const inputs = [
      '#@'.repeat(50_000),
      ' #'.repeat(50_000),
      ' @a'.repeat(33_000),
      ' abcdef1'.repeat(12_500),
      '[['.repeat(50_000),
    ];
    for (const input of inputs) {
      const html = render(input, 'wiki');
      assert.ok(html.length >= input.length / 2, 'the text is rendered');
    }
  });

  test('input nested too deeply for the parser answers the escaped text instead of failing', () => {
    const failures: unknown[] = [];
    const html = render('>'.repeat(30_000) + '<b>x</b>', 'gfm', { onError: (error) => failures.push(error) });
    assert.equal(failures.length, 1);
    assert.ok(html.endsWith('&lt;b&gt;x&lt;/b&gt;'));
    assert.doesNotMatch(html, /<b>/);
  });
});
