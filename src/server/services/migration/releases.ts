import { GitError, runGit } from '../../git/run';
import { tagRef } from '../../git/refs';
import { insertImportedRelease } from '../../store/trackerImport';
import type { MigrationArea } from './area';
import { unixOf, type SourceRelease } from './sourceTypes';

/** The commit a tag names in the cloned repository, or '' when the tag is not there (a draft's). */
async function taggedCommit(gitDir: string, tag: string): Promise<string> {
  try {
    return (
      await runGit(['rev-parse', '--verify', '--quiet', `${tagRef(tag)}^{commit}`], { gitDir })
    ).stdout.trim();
  } catch (error) {
    if (error instanceof GitError) return '';
    throw error;
  }
}

/**
 * Releases with their notes, flags, dates and authors; each tagged commit is read from the clone. Release
 * assets join as an area of their own after this one, finding each release in `target.releaseIds`.
 */
export const releasesArea: MigrationArea = {
  name: 'releases',
  wanted: (flags) => flags.releases,
  async load(source) {
    const releases = (await source.sharedList<SourceRelease>('/releases')).filter(
      (release) => (release.tag_name ?? '') !== '',
    );
    const commits = new Map<string, string>();
    return {
      counts: { releases: releases.length },
      async prepareGit(gitDir) {
        for (const release of releases)
          commits.set(release.tag_name!, await taggedCommit(gitDir, release.tag_name!));
      },
      write(target) {
        // Oldest first, so that ids grow with time as they do for releases made here.
        for (const release of [...releases].reverse()) {
          const tag = release.tag_name!;
          if (target.releaseIds.has(tag.toLowerCase())) continue;
          const id = insertImportedRelease(target.db, target.repoId, {
            author: target.authors.ofUser(release.author),
            tagName: tag,
            target: release.target_commitish ?? '',
            title: release.name ?? '',
            note: release.body ?? '',
            sha1: commits.get(tag) ?? '',
            isDraft: release.draft ?? false,
            isPrerelease: release.prerelease ?? false,
            created: unixOf(release.created_at),
          });
          target.releaseIds.set(tag.toLowerCase(), id);
        }
      },
    };
  },
};
