import type { ParamSpec } from '../operationSpec';

/** Parameters shared by many operations, spelled once. */
export const ownerParam = {
  name: 'owner',
  type: 'string',
  required: true,
  description: 'owner of the repo',
} as const satisfies ParamSpec;
export const repoParam = {
  name: 'repo',
  type: 'string',
  required: true,
  description: 'name of the repo',
} as const satisfies ParamSpec;
export const orgParam = {
  name: 'org',
  type: 'string',
  required: true,
  description: 'name of the organization',
} as const satisfies ParamSpec;
export const pageParam = {
  name: 'page',
  type: 'integer',
  description: 'page number of results to return (1-based)',
} as const satisfies ParamSpec;
export const limitParam = {
  name: 'limit',
  type: 'integer',
  description: 'page size of results',
} as const satisfies ParamSpec;
export const issueIndexParam = {
  name: 'index',
  type: 'integer',
  required: true,
  description: 'index of the issue',
} as const satisfies ParamSpec;
export const pullIndexParam = {
  name: 'index',
  type: 'integer',
  required: true,
  description: 'index of the pull request',
} as const satisfies ParamSpec;
export const teamIdParam = {
  name: 'id',
  type: 'integer',
  required: true,
  description: 'id of the team',
} as const satisfies ParamSpec;
export const reviewIdParam = {
  name: 'id',
  type: 'integer',
  required: true,
  description: 'id of the review',
} as const satisfies ParamSpec;

/** Gitea's issue sort types (the API's default is `newest`). */
export const issueSortTypes = [
  'newest',
  'oldest',
  'recentupdate',
  'leastupdate',
  'mostcomment',
  'leastcomment',
  'nearduedate',
  'farduedate',
  'priorityrepo',
] as const;
export const issueSortParam = {
  name: 'sort',
  type: 'string',
  description: 'Order of the results; Gitea reads it though its swagger leaves it out',
  enum: issueSortTypes,
} as const satisfies ParamSpec;

/** Gitea's switches of a commit answer: each on unless turned off. */
export const verificationParam = {
  name: 'verification',
  type: 'boolean',
  description: "include verification for every commit (disable for speedup, default 'true')",
} as const satisfies ParamSpec;

export const filesParam = {
  name: 'files',
  type: 'boolean',
  description: "include a list of affected files for every commit (disable for speedup, default 'true')",
} as const satisfies ParamSpec;
