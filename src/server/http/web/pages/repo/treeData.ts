import type { CommitObject } from '../../../../git/commits';
import type { ResolvedRef } from '../../../../git/refs';
import { blobSizes, readBlob, readTree, type TreeEntry } from '../../../../git/trees';
import type { WebPage } from '../../webPage';
import type { RefNames } from './RefSwitcher';
import { refNames } from './refNames';
import type { PageRepo } from './repoAccess';

/** Sizes are shown for directories up to this many entries (each is one pipelined cat-file lookup). */
const sizedEntries = 1000;
/** A README larger than this is linked, not rendered. */
const readmeLimit = 512 * 1024;

export interface Readme {
  readonly name: string;
  /** Rendered markdown (sanitised), or plain text for other READMEs. */
  readonly html?: string;
  readonly text?: string;
}

/** What a directory page shows: the ref, its newest commit, the entries, the README, the switcher's refs. */
export interface TreeData {
  readonly ref: ResolvedRef;
  readonly head: CommitObject;
  readonly path: string;
  readonly entries: readonly TreeEntry[];
  readonly sizes: ReadonlyMap<string, number> | undefined;
  readonly readme: Readme | undefined;
  readonly refs: RefNames;
}

const readmePattern = /^readme(\.(md|markdown|mdown|mkd|txt|rst|org))?$/i;

function readmeEntry(entries: readonly TreeEntry[]): TreeEntry | undefined {
  const candidates = entries.filter((entry) => entry.kind === 'file' && readmePattern.test(entry.name));
  return candidates.find((entry) => /\.(md|markdown|mdown|mkd)$/i.test(entry.name)) ?? candidates[0];
}

async function loadReadme(
  page: WebPage,
  repo: PageRepo,
  entry: TreeEntry | undefined,
): Promise<Readme | undefined> {
  if (!entry) return undefined;
  const blob = await readBlob(repo.reader, entry.sha, readmeLimit);
  if (!blob?.content) return { name: entry.name };
  const text = blob.content.toString('utf8');
  if (!/\.(md|markdown|mdown|mkd)$/i.test(entry.name)) return { name: entry.name, text };
  return { name: entry.name, html: await page.markdown(text, { owner: repo.owner, name: repo.name }) };
}

/** Reads a directory (`treeSha`) for its page. */
export async function loadTree(
  page: WebPage,
  repo: PageRepo,
  at: { ref: ResolvedRef; head: CommitObject; path: string; treeSha: string },
): Promise<TreeData> {
  const entries = (await readTree(repo.reader, at.treeSha)) ?? [];
  const blobs = entries.filter((entry) => entry.kind !== 'dir' && entry.kind !== 'submodule');
  const [sizes, readme, refs] = await Promise.all([
    blobs.length <= sizedEntries
      ? blobSizes(
          repo.reader,
          blobs.map((entry) => entry.sha),
        )
      : undefined,
    loadReadme(page, repo, readmeEntry(entries)),
    refNames(repo),
  ]);
  return { ...at, entries, sizes, readme, refs };
}
