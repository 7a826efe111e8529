import type { CatFileReader } from '../git/catFile';
import { readCommit } from '../git/commits';
import { resolveBranch } from '../git/refs';
import { entryAt, readBlob } from '../git/trees';
import type { RepositoryRow } from '../store/repositories';
import { licenseTemplate, licenseTemplateNames } from '../templates/licenses';

/** Gitea reads exactly this file at the root of the default branch. */
const licenseFileName = 'LICENSE';
/** Gitea's classifier threshold. */
const threshold = 0.85;
/** Larger files are no licence text the classifier would place. */
const maxLicenseBytes = 512 * 1024;

/** Word pairs of a text, counted: wording decides, not case, punctuation or line breaks. */
function bigrams(text: string): Map<string, number> {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const counts = new Map<string, number>();
  for (let i = 1; i < words.length; i++) {
    const pair = `${words[i - 1]} ${words[i]}`;
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

const total = (counts: Map<string, number>): number => [...counts.values()].reduce((a, b) => a + b, 0);

/** Dice's coefficient of two counted pair sets: 1 for the same wording, 0 for nothing shared. */
function similarity(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  for (const [pair, count] of a) shared += Math.min(count, b.get(pair) ?? 0);
  const size = total(a) + total(b);
  return size === 0 ? 0 : (2 * shared) / size;
}

let known: { name: string; pairs: Map<string, number> }[] | undefined;

function knownLicenses(): { name: string; pairs: Map<string, number> }[] {
  known ??= licenseTemplateNames.map((name) => ({ name, pairs: bigrams(licenseTemplate(name) ?? '') }));
  return known;
}

/** Results by blob id: a blob never changes, and classifying costs a pass over every licence. */
const byBlob = new Map<string, string[]>();

/**
 * The licences a LICENSE text is, by SPDX id, among those Gitea ships (its classifier's corpus): the
 * closest one when it is close enough, else none.
 */
export function classifyLicense(text: string): string[] {
  const pairs = bigrams(text);
  let best: { name: string; score: number } | undefined;
  for (const license of knownLicenses()) {
    const score = similarity(pairs, license.pairs);
    if (score >= threshold && (!best || score > best.score)) best = { name: license.name, score };
  }
  return best ? [best.name] : [];
}

/** Gitea's repository licences: those of the LICENSE file at the root of the default branch. */
export async function repositoryLicenses(
  reader: CatFileReader,
  repo: Pick<RepositoryRow, 'default_branch' | 'is_empty'>,
): Promise<string[]> {
  if (repo.is_empty) return [];
  const tip = await resolveBranch(reader, repo.default_branch);
  const commit = tip ? await readCommit(reader, tip) : undefined;
  const entry = commit ? await entryAt(reader, commit.tree, licenseFileName) : undefined;
  if (!entry || (entry.kind !== 'file' && entry.kind !== 'executable')) return [];
  const cached = byBlob.get(entry.sha);
  if (cached) return [...cached];
  const blob = await readBlob(reader, entry.sha, maxLicenseBytes);
  const licenses = blob?.content ? classifyLicense(blob.content.toString('utf8')) : [];
  if (byBlob.size > 1000) byBlob.clear();
  byBlob.set(entry.sha, licenses);
  return [...licenses];
}
