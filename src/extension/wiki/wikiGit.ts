import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { goUnescape, webPathToGitPath } from '../../api/wikiPath';

const run = promisify(execFile);

/** Where and how to read a wiki's git repository (`{repo}.wiki.git` beside the repository's clone URL). */
export interface WikiGitSource {
  /** The repository's `clone_url` (`https://host/owner/repo.git`). */
  readonly cloneUrl: string;
  /** The account's token, sent as a header through git's environment (never on its command line). */
  readonly token: string;
  readonly gitPath: string;
  /** A folder of the extension's storage that holds one bare mirror per wiki. */
  readonly cacheRoot: string;
}

/** `…/repo.git` → `…/repo.wiki.git`, where Gitea serves the wiki over smart HTTP. */
export function wikiCloneUrl(cloneUrl: string): string {
  return cloneUrl.replace(/(\.git)?\/?$/, '.wiki.git');
}

function gitEnv(token: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'http.extraHeader',
    GIT_CONFIG_VALUE_0: `Authorization: token ${token}`,
  };
}

async function git(source: WikiGitSource, cwd: string, args: readonly string[]): Promise<Buffer> {
  const { stdout } = await run(source.gitPath, [...args], {
    cwd,
    env: gitEnv(source.token),
    encoding: 'buffer',
    windowsHide: true,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

async function hasCommit(source: WikiGitSource, dir: string, sha: string): Promise<boolean> {
  try {
    await git(source, dir, ['cat-file', '-e', `${sha}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/**
 * A page's text at a commit of the wiki. Neither Gitea's API nor its raw wiki route reads a page at a
 * revision (both read the wiki branch's tip), so the commit comes from the wiki's own git repository: it is
 * fetched into a bare mirror kept in the extension's storage, once, and read from there.
 */
export async function readWikiPageAt(
  source: WikiGitSource,
  webPath: string,
  sha: string,
): Promise<Uint8Array> {
  if (!/^[0-9a-f]{7,64}$/.test(sha)) throw new Error(`not a commit id: ${sha}`);
  const url = wikiCloneUrl(source.cloneUrl);
  const dir = path.join(source.cacheRoot, createHash('sha256').update(url).digest('hex').slice(0, 24));
  await mkdir(dir, { recursive: true });
  await git(source, dir, ['init', '--bare', '--quiet']);
  if (!(await hasCommit(source, dir, sha))) {
    // the wiki's branch (its HEAD) holds every revision its page list shows
    await git(source, dir, ['fetch', '--quiet', '--no-tags', '--', url, '+HEAD:refs/wiki/head']);
  }
  const gitPath = webPathToGitPath(webPath);
  try {
    return await git(source, dir, ['show', `${sha}:${gitPath}`]);
  } catch (error) {
    // as Gitea's findEntryForFile: a file written by an older Gitea may carry the unescaped name
    const unescaped = goUnescape(gitPath, true);
    if (unescaped === undefined || unescaped === gitPath) throw error;
    return git(source, dir, ['show', `${sha}:${unescaped}`]);
  }
}
