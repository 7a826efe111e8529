import { forbidden, notFound, unauthenticated } from '../domain/errors';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';
import type { AppServices } from './appServices';
import { pushGuard } from './branchProtectionPush';
import { atLeast, repoAccess } from './permissions';
import type { PushServices } from './pushes';
import { crashPoint } from '../domain/crashPoints';
import { trackRefChanges } from './refChanges';
import { scopesGrant } from './tokens';

/** Who is asking over git's HTTP protocol: a user (maybe through a token with scopes), or nobody. */
export interface GitCaller {
  readonly user: UserRow | null;
  readonly tokenScopes: string | undefined;
}

/**
 * Gitea's rules for git over HTTP: anonymous callers who cannot read (or write) must sign in (401),
 * signed-in callers who cannot see the repository get 404, those who can read but not write get 403;
 * a token needs the repository scope; mirrors and archived repositories take no pushes.
 */
export function authorizeGit(
  db: Database,
  caller: GitCaller,
  repo: RepositoryRow | undefined,
  write: boolean,
  wiki = false,
): RepositoryRow {
  const { user, tokenScopes } = caller;
  // The wiki (`{repo}.wiki.git`) is Gitea's wiki unit: it must be enabled, and its own access applies.
  const visible = repo !== undefined && !repo.is_missing && (!wiki || repo.has_wiki) ? repo : undefined;
  const mode = visible ? repoAccess(db, user, visible, wiki ? 'repo.wiki' : 'repo.code') : 'none';
  if (!visible || !atLeast(mode, 'read')) {
    if (!user) throw unauthenticated();
    throw notFound('Repository not found');
  }
  const scope = write ? 'write:repository' : 'read:repository';
  if (tokenScopes !== undefined && !scopesGrant(tokenScopes, scope)) {
    throw forbidden(
      `token does not have at least one of required scope(s): ${write ? 'write' : 'read'}:repository`,
    );
  }
  if (!write) return visible;
  if (!user) throw unauthenticated();
  if (!atLeast(mode, 'write')) throw forbidden('User permission denied for writing.');
  if (visible.is_mirror) throw forbidden('mirror repository is read-only');
  if (visible.is_archived) throw forbidden('repo is archived');
  return visible;
}

/** The extra git settings of one receive-pack, and how to run it so its ref changes become push events. */
export interface ReceivePack {
  readonly config: readonly string[];
  readonly env: Record<string, string> | undefined;
}

/**
 * Runs a push by `pusher` into `repo`: the repository's protection rules enforced by git's pre-receive hook
 * (and its own git hooks run, when the server enables them),
 * the references it moved turned into push events before `run`'s answer ends (`settle`).
 */
export async function receivePush(
  app: PushServices & Pick<AppServices, 'dataDir' | 'config'>,
  repo: RepositoryRow,
  gitDir: string,
  pusher: UserRow,
  run: (extra: ReceivePack, settle: () => Promise<void>) => Promise<unknown>,
): Promise<void> {
  const mode = repoAccess(app.db, pusher, repo, 'repo.code');
  const guard = pushGuard(app.db, app.dataDir, repo, pusher, mode, app.config.enableGitHooks);
  const extra: ReceivePack = { config: guard?.config ?? [], env: guard?.env };
  await trackRefChanges(app, repo, gitDir, pusher, (settle) =>
    run(extra, async () => {
      crashPoint('push:after-ref-update');
      await settle();
      crashPoint('push:after-record');
    }),
  );
}
