import type { Release } from '../../api/types/release';
import { attachmentsOfReleases } from '../store/attachments';
import type { ReleaseRow } from '../store/releases';
import type { RepositoryRow } from '../store/repositories';
import { toAttachment } from './attachment';
import { repositoryApiUrl } from './repository';
import { isoTime } from './time';
import { migratedAuthorRow, toUser, toUserOrGhost, type UserJson } from './user';
import { siteUrl, type ViewContext } from './viewContext';

/** Gitea's `Release` with this server's `User` shape for the author. */
export type ReleaseJson = Omit<Release, 'author'> & { author: UserJson };

/** Each segment escaped, the slashes kept (Gitea's PathEscapeSegments), for tags like `release/1.0`. */
const escapeSegments = (value: string): string => value.split('/').map(encodeURIComponent).join('/');

/**
 * Shapes a release as Gitea's convert.ToAPIRelease does. `published_at` is the creation time, which a draft's
 * publication resets, as in Gitea. `assets` are its attachments in upload order.
 */
export function toRelease(view: ViewContext, repo: RepositoryRow, release: ReleaseRow): ReleaseJson {
  const repoHtmlUrl = siteUrl(
    view,
    `${encodeURIComponent(repo.owner_name)}/${encodeURIComponent(repo.name)}`,
  );
  const url = `${repositoryApiUrl(view, repo)}/releases/${release.id}`;
  const tag = escapeSegments(release.tag_name);
  return {
    id: release.id,
    tag_name: release.tag_name,
    target_commitish: release.target,
    name: release.title,
    body: release.note,
    url,
    html_url: `${repoHtmlUrl}/releases/tag/${tag}`,
    tarball_url: `${repoHtmlUrl}/archive/${tag}.tar.gz`,
    zipball_url: `${repoHtmlUrl}/archive/${tag}.zip`,
    upload_url: `${url}/assets`,
    draft: release.is_draft,
    prerelease: release.is_prerelease,
    created_at: isoTime(release.created),
    published_at: isoTime(release.created),
    author: release.original_author
      ? toUser(view, migratedAuthorRow(release.original_author))
      : toUserOrGhost(view, release.publisher_id),
    assets: (attachmentsOfReleases(view.db, [release.id]).get(release.id) ?? []).map((attachment) =>
      toAttachment(view, attachment),
    ),
  };
}
