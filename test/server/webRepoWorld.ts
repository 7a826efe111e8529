import assert from 'node:assert/strict';
import { binaryBytes, createRepository, pushTo, serverRepoPath } from '../helpers/gitFixtures';
import type { TestServer, TestUser } from './harness';

/**
 * The repositories the code page tests browse: a public one whose names, contents and messages carry
 * HTML, refs with slashes, a file path with a space and non-ASCII letters, an image, a binary file, 60
 * commits, a release with an asset and a pull request; a private one; an empty one.
 */
export interface RepoWorld {
  readonly owner: TestUser;
  readonly me: string;
  readonly repo: string;
  readonly privateRepo: string;
  readonly emptyRepo: string;
  readonly slashBranch: string;
  readonly htmlBranch: string;
  readonly unicodePath: string;
  readonly htmlFileName: string;
  readonly htmlCommit: string;
  readonly editCommit: string;
  /** Adds a 2,000-line file (past DiffView's cap per file) and a TypeScript file over 1 MB. */
  readonly bigCommit: string;
  readonly pull: number;
  readonly assetUrl: string;
}

/** A tiny PNG's bytes after its signature do not matter to the page: it is shown from the raw URL. */
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), binaryBytes(64)]);

export const xss = '<script>alert(1)</script>';

export async function buildRepoWorld(server: TestServer, prefix: string): Promise<RepoWorld> {
  const owner = await server.createUser(`${prefix}-owner`);
  const me = owner.user.login;
  const repo = 'code';
  const privateRepo = 'secret';
  const emptyRepo = 'blank';
  const slashBranch = 'feature/deep/x';
  const htmlBranch = '<b>bold</b>';
  const unicodePath = 'docs/a file é ü.txt';
  const htmlFileName = '<img src=x onerror=alert(2)>.txt';
  await createRepository(server, owner.token, repo);
  await createRepository(server, owner.token, privateRepo, { private: true });
  await createRepository(server, owner.token, emptyRepo, { empty: true });
  let htmlCommit = '';
  let editCommit = '';
  let bigCommit = '';
  pushTo(serverRepoPath(server.dataDir, me, repo), (work) => {
    work
      .write('README.md', `# Code garden\n\nHello **world** ${xss}\n`)
      .write(
        'src/main.ts',
        `/* a comment\n   over two lines */\nconst greeting = "${xss}";\nexport default greeting;\n`,
      )
      .write(unicodePath, 'unicode content\n')
      .write(htmlFileName, `${xss}\n`)
      .write('logo.png', png)
      .write('blob.bin', binaryBytes(300))
      .write('docs/guide.md', '# Guide\n\n- one\n- two\n');
    htmlCommit = work.commit(`Add files ${xss}\n\nThe body <i>too</i>.`);
    const numbered = Array.from({ length: 2000 }, (_, i) => `line ${i + 1}`).join('\n');
    const bigTs = `const value = 1;\n${'// filler line to pass one megabyte of code\n'.repeat(25_000)}`;
    work.write('big.txt', `${numbered}\n`).write('src/big.ts', bigTs);
    bigCommit = work.commit('Add big files');
    for (let i = 1; i <= 60; i++) {
      work.write('counter.txt', `${i}\n`);
      work.commit(`Count to ${i}`);
    }
    work.write('src/main.ts', `const greeting = "hello";\nexport default greeting;\n`);
    editCommit = work.commit('Edit main');
    work.tag('v1.0').tag('release/2', 'an annotated tag');
    work.branch(slashBranch).write('src/feature.ts', 'export const feature = 1;\n');
    work.commit('Feature work');
    work.checkout('main').branch(htmlBranch).write('html.txt', 'x\n');
    work.commit('On the html branch');
    work.checkout('main');
  });
  const pull = await server.request<{ number: number }>('POST', `/repos/${me}/${repo}/pulls`, {
    token: owner.token,
    body: { head: slashBranch, base: 'main', title: `Feature ${xss}`, body: 'Please' },
  });
  assert.equal(pull.status, 201, pull.text);
  const release = await server.request<{ id: number }>('POST', `/repos/${me}/${repo}/releases`, {
    token: owner.token,
    body: { tag_name: 'v1.0', name: 'First <em>release</em>', body: `Notes **bold** ${xss}` },
  });
  assert.equal(release.status, 201, release.text);
  const form = new FormData();
  form.append('attachment', new Blob([Buffer.from('asset bytes')]), 'tool.txt');
  const asset = await fetch(`${server.apiUrl}/repos/${me}/${repo}/releases/${release.json.id}/assets`, {
    method: 'POST',
    headers: { Authorization: `token ${owner.token}` },
    body: form,
  });
  assert.equal(asset.status, 201, await asset.clone().text());
  const { browser_download_url: assetUrl } = (await asset.json()) as { browser_download_url: string };
  return {
    owner,
    me,
    repo,
    privateRepo,
    emptyRepo,
    slashBranch,
    htmlBranch,
    unicodePath,
    htmlFileName,
    htmlCommit,
    editCommit,
    bigCommit,
    pull: pull.json.number,
    assetUrl,
  };
}
