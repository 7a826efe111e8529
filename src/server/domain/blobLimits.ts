/**
 * Gitea's `[api] DEFAULT_MAX_BLOB_SIZE`: a file larger than this is listed by the contents API without its
 * content (`/settings/api` reports it).
 */
export const defaultMaxBlobSize = 10 * 1024 * 1024;
