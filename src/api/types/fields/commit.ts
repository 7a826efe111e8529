import type { FieldIndex } from '../../types';
import type {
  Commit,
  CommitAffectedFiles,
  CommitDateOptions,
  CommitMeta,
  CommitStats,
  CommitUser,
  Compare,
  Identity,
  Note,
  PayloadCommit,
  PayloadCommitVerification,
  PayloadUser,
  RepoCommit,
} from '../commit';
import { bodyFields, resourceFields } from '../fieldKinds';

/** Field index of commits, comparisons and git notes, and the commit shapes of webhook payloads. */
export const commitFields = {
  Commit: resourceFields<Commit>({
    author: 'object',
    commit: 'object',
    committer: 'object',
    created: 'string',
    files: 'array',
    html_url: 'string',
    parents: 'array',
    sha: 'string',
    stats: 'object',
    url: 'string',
  }),
  CommitMeta: resourceFields<CommitMeta>({
    created: 'string',
    sha: 'string',
    url: 'string',
  }),
  CommitUser: resourceFields<CommitUser>({
    date: 'string',
    email: 'string',
    name: 'string',
  }),
  RepoCommit: resourceFields<RepoCommit>({
    author: 'object',
    committer: 'object',
    message: 'string',
    tree: 'object',
    url: 'string',
    verification: 'object',
  }),
  CommitStats: resourceFields<CommitStats>({
    additions: 'integer',
    deletions: 'integer',
    total: 'integer',
  }),
  CommitAffectedFiles: resourceFields<CommitAffectedFiles>({
    filename: 'string',
    status: 'string',
  }),
  Compare: resourceFields<Compare>({
    commits: 'array',
    total_commits: 'integer',
  }),
  Note: resourceFields<Note>({
    commit: 'object',
    message: 'string',
  }),
  PayloadCommit: resourceFields<PayloadCommit>({
    added: 'array',
    author: 'object',
    committer: 'object',
    id: 'string',
    message: 'string',
    modified: 'array',
    removed: 'array',
    timestamp: 'string',
    url: 'string',
    verification: 'object',
  }),
  PayloadUser: resourceFields<PayloadUser>({
    email: 'string',
    name: 'string',
    username: 'string',
  }),
  PayloadCommitVerification: resourceFields<PayloadCommitVerification>({
    payload: 'string',
    reason: 'string',
    signature: 'string',
    signer: 'object',
    verified: 'boolean',
  }),
  Identity: bodyFields<Identity>({
    email: 'string',
    name: 'string',
  }),
  CommitDateOptions: bodyFields<CommitDateOptions>({
    author: 'string',
    committer: 'string',
  }),
} satisfies Partial<FieldIndex>;
