import type {
  GeneralAPISettings,
  GeneralAttachmentSettings,
  GeneralRepoSettings,
  GeneralUISettings,
} from '../../api/types/misc';
import { defaultMaxBlobSize } from '../domain/blobLimits';
import { defaultGitTreesPerPage, defaultPageSize, maxPageSize } from '../domain/paging';
import { allowedReactions } from './reactions';

/**
 * What `/settings/*` report: the limits and switches this server really applies, read from the constants
 * the code pages and checks by (never a copy of Gitea's defaults), so a client that sizes its requests by
 * them (Gitea's migrator reads `max_response_items`) asks for what it gets. Fields later Gitea releases
 * added are answered too, with this server's truth.
 */

/** Gitea's `[api]` section: the page cap and default, the git tree page, the largest blob the contents API inlines. */
export const apiSettings = (): GeneralAPISettings => ({
  max_response_items: maxPageSize,
  default_paging_num: defaultPageSize,
  default_git_trees_per_page: defaultGitTreesPerPage,
  default_max_blob_size: defaultMaxBlobSize,
  // later Gitea: the largest response body of the contents API; this server's is the blob cap
  default_max_response_size: defaultMaxBlobSize,
});

const mebibyte = 1024 * 1024;

/**
 * Gitea's `[attachment]` section. A file is refused above `--attachment-max-size` and above the body limit,
 * whichever is lower (Gitea counts MB: a limit under one is said as 1, the server refusing the rest with
 * 413); no type is refused (Gitea's `*∕*`); `max_files`, the files one comment takes at once, is Gitea's
 * default, as nothing here limits it.
 */
export const attachmentSettings = (
  bodyLimit: number,
  attachmentMaxBytes: number,
): GeneralAttachmentSettings => ({
  enabled: true,
  allowed_types: '*/*',
  max_size: Math.max(1, Math.floor(Math.min(bodyLimit, attachmentMaxBytes) / mebibyte)),
  max_files: 5,
});

/**
 * Gitea's repository switches: mirrors, git over HTTP, migrations, stars and time tracking are all served;
 * there is no LFS server.
 */
export const repositorySettings = (): GeneralRepoSettings => ({
  mirrors_disabled: false,
  http_git_disabled: false,
  migrations_disabled: false,
  stars_disabled: false,
  time_tracking_disabled: false,
  lfs_disabled: true,
});

/** Gitea's `[ui]`: the reactions the server accepts; no custom emoji; Gitea's default theme name. */
export const uiSettings = (): GeneralUISettings => ({
  default_theme: 'gitea',
  allowed_reactions: [...allowedReactions],
  custom_emojis: [],
});
