import { existsSync, rmSync } from 'node:fs';
import { cloneMirror, removeOrigin, type FetchSource } from '../../git/fetch';
import { GitError } from '../../git/run';

/** Where a source keeps its wiki: its address without `.git`, plus `.wiki.git` (Gitea's wikiRemoteURL). */
export function wikiSourceOf(source: FetchSource): FetchSource {
  const wikiPath = (p: string): string => p.replace(/\/+$/, '').replace(/\.git$/, '') + '.wiki.git';
  if (source.kind === 'path') return { kind: 'path', path: wikiPath(source.path) };
  const url = new URL(source.url.href);
  url.pathname = wikiPath(url.pathname);
  return { ...source, url };
}

/**
 * Clones the source's wiki beside a migrated repository. A source without a wiki (or one git cannot read)
 * leaves the repository without one and the migration goes on, as Gitea's migrator only warns then.
 * Answers whether a wiki came.
 */
export async function migrateWiki(
  source: FetchSource,
  wikiDir: string,
  keepOrigin: boolean,
): Promise<boolean> {
  // A folder already there is not ours to replace (or to remove on failure).
  if (existsSync(wikiDir)) return false;
  try {
    await cloneMirror(wikiSourceOf(source), wikiDir);
    if (!keepOrigin) await removeOrigin(wikiDir);
    return true;
  } catch (error) {
    rmSync(wikiDir, { recursive: true, force: true });
    if (error instanceof GitError) return false;
    throw error;
  }
}
