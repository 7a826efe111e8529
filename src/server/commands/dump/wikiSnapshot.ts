import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { managedWikiDir } from '../../git/paths';
import { CliError } from '../cliCommand';
import type { DumpRepository } from './manifest';
import { archiveRepository } from './repositorySnapshot';
import type { TarWriter } from './tarWriter';

/**
 * The wikis to archive: every repository's `{name}.wiki.git` that exists when the snapshot is taken, a
 * workspace repository's too (its wiki lives in the data folder, not in the workspace).
 */
export function wikisOf(
  dataDir: string,
  repositories: readonly { readonly owner_name: string; readonly name: string }[],
): DumpRepository[] {
  return repositories
    .filter((r) => existsSync(managedWikiDir(dataDir, r.owner_name, r.name)))
    .map((r) => ({
      owner: r.owner_name,
      name: r.name,
      path: `repositories/${r.owner_name.toLowerCase()}/${r.name.toLowerCase()}.wiki.git`,
    }));
}

/**
 * Archives each wiki as a repository is archived (refs, then one pack of what they reach). Answers the
 * wikis gone meanwhile, as `owner/name.wiki`, for the end entry's missing repositories.
 */
export async function archiveWikis(
  tar: TarWriter,
  dataDir: string,
  wikis: readonly DumpRepository[],
  workDir: string,
  progress: (line: string) => void,
): Promise<string[]> {
  const missing: string[] = [];
  for (const wiki of wikis) {
    const name = `${wiki.owner}/${wiki.name}.wiki`;
    const gitDir = managedWikiDir(dataDir, wiki.owner, wiki.name);
    if (!existsSync(gitDir)) {
      missing.push(name);
      progress(`warning: ${name} is gone (its repository deleted or renamed during the dump); not archived`);
      continue;
    }
    const packDir = mkdtempSync(path.join(workDir, 'pack-'));
    await tar.directory(path.posix.dirname(wiki.path));
    const result = await archiveRepository(tar, gitDir, wiki.path, packDir).catch((error: unknown) => {
      throw new CliError(
        `${name} changed under the dump: ${error instanceof Error ? error.message : String(error)}. Run the dump again.`,
      );
    });
    rmSync(packDir, { recursive: true, force: true });
    progress(`wiki ${name}: ${result.refs} refs`);
  }
  return missing;
}
