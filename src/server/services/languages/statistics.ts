import type { CatFileReader } from '../../git/catFile';
import { ObjectCache } from '../../git/objectCache';
import { listTreeEntries, type ListedEntry } from '../../git/treeListing';
import { detectLanguage } from './detect';
import { isDocumentation, isDotFile, isGenerated, isVendored } from './exclusions';
import { linguistIndex } from './linguistData';

/** go-enry's configuration languages: files of these are never counted. */
const configurationLanguages = new Set(['XML', 'JSON', 'TOML', 'YAML', 'INI', 'SQL']);
/** Larger files are judged by their name only (Gitea's bigFileSize). */
const contentLimit = 1024 * 1024;
/** Blobs read at once: a batch is held in memory until it is judged (at most 32 MiB). */
const batchSize = 32;

/** Bytes per language, the largest first (Gitea's order), as `[language, bytes]`. */
export type LanguageBytes = readonly (readonly [string, number])[];

/** Statistics are a function of the tree alone: kept per tree id, so a push computes them once. */
const statsCache = new ObjectCache<LanguageBytes>(256);

/** A file worth reading: a regular blob with content that no path rule excludes. */
function counted(entry: ListedEntry): boolean {
  if (entry.type !== 'blob' || entry.mode === '120000' || entry.size === 0) return false;
  if (isVendored(entry.path) || isDotFile(entry.path) || isDocumentation(entry.path)) return false;
  const byName = detectLanguage(entry.path, undefined);
  return byName === undefined || !configurationLanguages.has(byName);
}

async function languageOf(reader: CatFileReader, entry: ListedEntry): Promise<string | undefined> {
  const content = entry.size <= contentLimit ? (await reader.read(entry.sha))?.content : undefined;
  if (isGenerated(entry.path, content)) return undefined;
  const language = detectLanguage(entry.path, content);
  return language === undefined ? undefined : (linguistIndex().languages.get(language)?.group ?? language);
}

/**
 * The languages of the files of `tree` (a full id) and their bytes, as Gitea computes a repository's
 * language statistics: vendored, documentation, dot, configuration and generated files left out, languages
 * counted toward their group, and data and prose languages dropped unless one is all there is.
 */
export async function languageStatistics(
  git: { readonly gitDir: string; readonly reader: CatFileReader },
  tree: string,
): Promise<LanguageBytes> {
  const cached = statsCache.get(tree);
  if (cached) return cached;
  const files = (await listTreeEntries(git.gitDir, tree, { recursive: true, treesToo: false })).filter(
    counted,
  );
  const sizes = new Map<string, number>();
  for (let at = 0; at < files.length; at += batchSize) {
    const batch = files.slice(at, at + batchSize);
    const languages = await Promise.all(batch.map((entry) => languageOf(git.reader, entry)));
    languages.forEach((language, i) => {
      if (language !== undefined) sizes.set(language, (sizes.get(language) ?? 0) + batch[i]!.size);
    });
  }
  if (sizes.size > 1) {
    const { languages } = linguistIndex();
    for (const language of [...sizes.keys()]) {
      const type = languages.get(language)?.type;
      if (type !== 'programming' && type !== 'markup') sizes.delete(language);
    }
  }
  const stats = [...sizes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  statsCache.set(tree, stats);
  return stats;
}
