import assert from 'node:assert/strict';
import type { TestServer, TestUser } from '../server/harness';

/**
 * Payloads that, if a page ever let them through as markup, would call `window.__xss(…)` (a function the
 * test exposes), fetch the loopback receiver, or open a dialog: script tags, event handlers that fire on
 * their own (onerror, onload, ontoggle, onfocus with autofocus), attribute and element breakouts, srcdoc
 * frames, CSS imports.
 */
export function xssPayloads(receiverUrl: string): string[] {
  return [
    `<script>__xss('script')</script>`,
    `<img src=x onerror="__xss('img')">`,
    `"><svg onload=__xss('svg-attr')>`,
    `'><img src=x onerror=__xss('single-quote')>`,
    `</title><script>__xss('title')</script>`,
    `</textarea><script>__xss('textarea')</script>`,
    `<details open ontoggle=__xss('details')>`,
    `<input autofocus onfocus=__xss('autofocus')>`,
    `<iframe srcdoc="<script>parent.__xss('srcdoc')</script>"></iframe>`,
    `<script>fetch('${receiverUrl}hit/script')</script>`,
    `<img src=x onerror="fetch('${receiverUrl}hit/img')">`,
    `<style>@import '${receiverUrl}hit/css';</style>`,
    `<svg><animate onbegin=alert('dialog') attributeName=x dur=1s>`,
    `[link](javascript:__xss('md-link')) <a href="javascript:__xss('a-href')">a</a>`,
  ];
}

/** Payloads git accepts in a ref name (no spaces, no `~^:?*[\\`, no `..`). */
export const refPayloads = [
  `"><svg/onload=__xss('branch-svg')>`,
  `<img/src/onerror=__xss('branch-img')>`,
  `'-__xss('branch-quote')-'`,
];

export interface XssWorld {
  readonly owner: TestUser;
  readonly repo: string;
  readonly issue: number;
  readonly pull: number;
  /** Paths of pages that show the payloads (the crawl finds the rest). */
  readonly pages: readonly string[];
  /** Raw file URLs of an HTML and an SVG file carrying script. */
  readonly rawFiles: readonly string[];
  /** Payloads the server refused as names (a defence too; listed in the test output). */
  readonly refused: readonly string[];
}

const base64 = (text: string): string => Buffer.from(text).toString('base64');

async function expectCreated<T>(
  response: Promise<{ status: number; text: string; json: T }>,
  what: string,
): Promise<T> {
  const res = await response;
  assert.ok(res.status === 200 || res.status === 201, `${what}: ${res.status} ${res.text}`);
  return res.json;
}

/** A public repository (and its owner's profile) with the payloads in every field a page shows. */
export async function buildXssWorld(server: TestServer, receiverUrl: string): Promise<XssWorld> {
  const payloads = xssPayloads(receiverUrl);
  const all = payloads.join(' ');
  // fields limited to 255 characters
  const short = payloads.slice(0, 4).join(' ');
  const owner = await server.createUser('xss-owner');
  const me = owner.user.login;
  const auth = { token: owner.token };
  const admin = { token: server.admin.token };
  const repo = 'xss-garden';
  const r = `/repos/${me}/${repo}`;
  const refused: string[] = [];
  await expectCreated(
    server.request('PATCH', `/admin/users/${me}`, {
      ...admin,
      body: {
        login_name: me,
        source_id: 0,
        full_name: payloads[2],
        description: short,
        location: payloads[1],
      },
    }),
    'profile',
  );
  await expectCreated(
    server.request('POST', '/user/repos', {
      ...auth,
      body: { name: repo, auto_init: true, description: all, website: 'javascript:__xss(1)' },
    }),
    'repository',
  );
  await expectCreated(
    server.request('POST', '/orgs', {
      ...auth,
      body: { username: 'xss-org', full_name: payloads[0], description: short },
    }),
    'organization',
  );

  // file names and paths, commit messages, file contents (also an HTML and an SVG file with script)
  const files: [string, string][] = [
    [
      `dir"><svg onload=__xss('dir')>/x<img src=x onerror=__xss('file')>.md`,
      `# ${all}\n\n${payloads.join('\n\n')}\n`,
    ],
    [`notes/${payloads[0]}.txt`, all],
    [
      'page.html',
      `<!doctype html><script>__xss('raw-html')</script><script>fetch('${receiverUrl}hit/raw-html')</script>`,
    ],
    [
      'picture.svg',
      `<svg xmlns="http://www.w3.org/2000/svg"><script>fetch('${receiverUrl}hit/raw-svg')</script></svg>`,
    ],
    ['README.md', `# Readme\n\n${payloads.join('\n\n')}\n`],
  ];
  for (const [path, content] of files) {
    const encoded = path.split('/').map(encodeURIComponent).join('/');
    const method = path === 'README.md' ? 'PUT' : 'POST';
    let sha: string | undefined;
    if (method === 'PUT')
      sha = (await server.request<{ sha: string }>('GET', `${r}/contents/README.md`, auth)).json.sha;
    await expectCreated(
      server.request(method, `${r}/contents/${encoded}`, {
        ...auth,
        body: { content: base64(content), message: `Add ${payloads[1]}\n\n${all}`, sha },
      }),
      `file ${path}`,
    );
  }
  // branches and tags named with payloads
  for (const name of refPayloads) {
    const made = await server.request('POST', `${r}/branches`, {
      ...auth,
      body: { new_branch_name: name, old_branch_name: 'main' },
    });
    if (made.status !== 201) refused.push(`branch ${name}: ${made.status}`);
    // a release makes its tag
    const tag = await server.request('POST', `${r}/releases`, {
      ...auth,
      body: { tag_name: `t${name}`, target_commitish: 'main', name: `t${name}`, body: all },
    });
    if (tag.status !== 201) refused.push(`tag t${name}: ${tag.status}`);
  }
  const label = await expectCreated(
    server.request<{ id: number }>('POST', `${r}/labels`, {
      ...auth,
      body: { name: payloads[1], color: '#ee0701', description: short },
    }),
    'label',
  );
  const milestone = await expectCreated(
    server.request<{ id: number }>('POST', `${r}/milestones`, {
      ...auth,
      body: { title: payloads[0], description: all },
    }),
    'milestone',
  );
  const issue = await expectCreated(
    server.request<{ number: number }>('POST', `${r}/issues`, {
      ...auth,
      body: { title: payloads[2], body: all, labels: [label.id], milestone: milestone.id },
    }),
    'issue',
  );
  for (const payload of payloads) {
    await expectCreated(
      server.request('POST', `${r}/issues/${issue.number}/comments`, { ...auth, body: { body: payload } }),
      'comment',
    );
  }
  const head = refPayloads.find((name) => !refused.some((line) => line.startsWith(`branch ${name}:`)));
  await expectCreated(
    server.request('POST', `${r}/contents/change.md`, {
      ...auth,
      body: {
        content: base64(all),
        message: payloads[6],
        branch: head ?? 'main',
        new_branch: head ? undefined : 'plain-head',
      },
    }),
    'change on the head branch',
  );
  const pull = await expectCreated(
    server.request<{ number: number }>('POST', `${r}/pulls`, {
      ...auth,
      body: { head: head ?? 'plain-head', base: 'main', title: payloads[3], body: all },
    }),
    'pull request',
  );
  await expectCreated(
    server.request('POST', `${r}/issues/${pull.number}/comments`, { ...auth, body: { body: all } }),
    'pull comment',
  );
  await expectCreated(
    server.request('POST', `${r}/releases`, {
      ...auth,
      body: { tag_name: 'v1', target_commitish: 'main', name: payloads[0], body: all },
    }),
    'release',
  );

  const repoPath = `/${me}/${repo}`;
  return {
    owner,
    repo,
    issue: issue.number,
    pull: pull.number,
    refused,
    rawFiles: [`${repoPath}/raw/branch/main/page.html`, `${repoPath}/raw/branch/main/picture.svg`],
    pages: [
      '/',
      `/${me}`,
      '/xss-org',
      repoPath,
      `${repoPath}/src/branch/main`,
      `${repoPath}/src/branch/main/README.md`,
      `${repoPath}/issues`,
      `${repoPath}/issues/${issue.number}`,
      `${repoPath}/pulls`,
      `${repoPath}/pulls/${pull.number}`,
      `${repoPath}/pulls/${pull.number}/files`,
      `${repoPath}/commits/branch/main`,
      `${repoPath}/branches`,
      `${repoPath}/tags`,
      `${repoPath}/releases`,
      `${repoPath}/labels`,
      `${repoPath}/milestones`,
    ],
  };
}
