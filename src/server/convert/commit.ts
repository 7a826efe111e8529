import type {
  Commit,
  FileCommitResponse,
  PayloadCommit,
  PayloadCommitVerification,
  PayloadUser,
} from '../../api/types';
import { identTime, type CommitChanges, type CommitObject, type PersonIdent } from '../git/commits';
import { canSeeAccount } from '../services/permissions';
import { findEmailAddress } from '../store/emails';
import type { RepositoryRow } from '../store/repositories';
import { findUserById, findUserByName, type UserRow } from '../store/users';
import { repositoryApiUrl } from './repository';
import { toUser, type UserJson } from './user';
import { isoTime } from './time';
import { siteUrl, type ViewContext } from './viewContext';

type RepoNames = Pick<RepositoryRow, 'owner_name' | 'name'>;

/** `<root>owner/repo`, the repository's web page (Gitea's `HTMLURL()`). */
export const repositoryHtmlUrl = (view: Pick<ViewContext, 'rootUrl'>, repo: RepoNames): string =>
  siteUrl(view, `${encodeURIComponent(repo.owner_name)}/${encodeURIComponent(repo.name)}`);

/**
 * The account a commit's e-mail belongs to, as Gitea's GetUserByEmail finds it: an activated address of a
 * user, or a `<name>@noreply.<host>` placeholder. Only accounts the caller may see are named.
 */
export function commitAccount(view: ViewContext, email: string): UserRow | undefined {
  if (email === '') return undefined;
  const address = findEmailAddress(view.db, email);
  let user = address && address.is_activated ? findUserById(view.db, address.uid) : undefined;
  const noreply = `@noreply.${new URL(view.rootUrl).hostname}`;
  if (!user && email.toLowerCase().endsWith(noreply)) {
    user = findUserByName(view.db, email.slice(0, -noreply.length));
  }
  return user && canSeeAccount(view.db, view.user, user) ? user : undefined;
}

/** Gitea's verification block. Signatures are not checked here, so nothing is ever `verified`. */
export function toVerification(commit: CommitObject): PayloadCommitVerification {
  if (commit.signature === undefined) {
    return {
      verified: false,
      reason: 'gpg.error.not_signed_commit',
      signature: '',
      signer: null,
      payload: '',
    };
  }
  return {
    verified: false,
    reason: 'gpg.error.no_gpg_keys_found',
    signature: commit.signature,
    signer: null,
    payload: commit.signedPayload ?? '',
  };
}

function payloadUser(view: ViewContext, ident: PersonIdent): PayloadUser {
  return { name: ident.name, email: ident.email, username: commitAccount(view, ident.email)?.name ?? '' };
}

/** Gitea's `PayloadCommit` (a branch's tip, a push's commits); the changed-file lists are empty here. */
export function toPayloadCommit(view: ViewContext, repo: RepoNames, commit: CommitObject): PayloadCommit {
  return {
    id: commit.sha,
    message: commit.message,
    url: `${repositoryHtmlUrl(view, repo)}/commit/${commit.sha}`,
    author: payloadUser(view, commit.author),
    committer: payloadUser(view, commit.committer),
    verification: toVerification(commit),
    timestamp: identTime(commit.author),
    added: [],
    removed: [],
    modified: [],
  };
}

export interface CommitJsonOptions {
  readonly verification: boolean;
  /** The changed files and line counts, when the caller asked for them (`files`, `stat`). */
  readonly changes?: CommitChanges;
  readonly files: boolean;
  readonly stat: boolean;
}

/** Gitea's `Commit` with this server's `User` shape. */
export type CommitJson = Omit<Commit, 'author' | 'committer'> & {
  author: UserJson | null;
  committer: UserJson | null;
};

/**
 * Gitea's `Commit`. The author and committer accounts are matched by e-mail; `tree` names the commit's
 * real tree (Gitea repeats the commit id there, which its `/git/trees/{sha}` also accepts).
 */
export function toCommit(
  view: ViewContext,
  repo: RepoNames,
  commit: CommitObject,
  options: CommitJsonOptions,
): CommitJson {
  const apiUrl = repositoryApiUrl(view, repo);
  const created = identTime(commit.committer);
  const account = (ident: PersonIdent): UserJson | null => {
    const user = commitAccount(view, ident.email);
    return user ? toUser(view, user) : null;
  };
  return {
    url: `${apiUrl}/git/commits/${commit.sha}`,
    sha: commit.sha,
    created,
    html_url: `${repositoryHtmlUrl(view, repo)}/commit/${commit.sha}`,
    commit: {
      url: `${apiUrl}/git/commits/${commit.sha}`,
      author: { name: commit.author.name, email: commit.author.email, date: identTime(commit.author) },
      committer: { name: commit.committer.name, email: commit.committer.email, date: created },
      message: commit.message,
      tree: { url: `${apiUrl}/git/trees/${commit.tree}`, sha: commit.tree, created },
      verification: options.verification ? toVerification(commit) : null,
    },
    author: account(commit.author),
    committer: account(commit.committer),
    // Gitea leaves a parent's time unset: Go's zero time.
    parents: commit.parents.map((sha) => ({ url: `${apiUrl}/git/commits/${sha}`, sha, created: isoTime(0) })),
    files: options.files && options.changes ? [...options.changes.files] : null,
    stats:
      options.stat && options.changes
        ? {
            total: options.changes.additions + options.changes.deletions,
            additions: options.changes.additions,
            deletions: options.changes.deletions,
          }
        : null,
  };
}

/** Gitea's `FileCommitResponse`: the commit a contents change made (dates in UTC, as Gitea writes them). */
export function toFileCommit(view: ViewContext, repo: RepoNames, commit: CommitObject): FileCommitResponse {
  const apiUrl = repositoryApiUrl(view, repo);
  const utc = (ident: PersonIdent): string => isoTime(ident.when);
  return {
    url: `${apiUrl}/git/commits/${commit.sha}`,
    sha: commit.sha,
    created: identTime(commit.committer),
    html_url: `${repositoryHtmlUrl(view, repo)}/commit/${commit.sha}`,
    author: { name: commit.author.name, email: commit.author.email, date: utc(commit.author) },
    committer: { name: commit.committer.name, email: commit.committer.email, date: utc(commit.committer) },
    message: commit.message,
    tree: { url: `${apiUrl}/git/trees/${commit.tree}`, sha: commit.tree, created: isoTime(0) },
    parents: commit.parents.map((sha) => ({ url: `${apiUrl}/git/commits/${sha}`, sha, created: isoTime(0) })),
  };
}
