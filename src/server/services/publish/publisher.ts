import { repositoryGitDir } from '../../git/paths';
import type { Database } from '../../store/database';
import { clearPublishedItems, findPublishTarget, savePublishTarget } from '../../store/publishLedger';
import type { RepositoryRow } from '../../store/repositories';
import { pushRepository } from './gitPush';
import { publishIssues } from './issues';
import { publishLabels, publishMilestones } from './labelsAndMilestones';
import { defaultBranchWaitMs, PushedBranches } from './pushedBranches';
import { publishReleases } from './releases';
import {
  emptySummary,
  PublishCancelled,
  type PublishProgress,
  type PublishRun,
  type PublishSummary,
} from './run';
import { TargetApi, TargetFailure, type TargetConnection } from './targetApi';

export interface PublishOptions {
  readonly db: Database;
  readonly dataDir: string;
  /** The local repository to publish. */
  readonly repo: RepositoryRow;
  /** The target server's address, e.g. `https://gitea.example.com/`. */
  readonly serverUrl: string;
  readonly token: string;
  /** The user or organisation on the target; the token's user by default. */
  readonly owner?: string;
  /** The repository's name on the target; the local name by default. */
  readonly name?: string;
  /** Private on the target; as the local repository by default. */
  readonly private?: boolean;
  /** Publish into a repository of that name that exists on the target already (and was not published from here). */
  readonly existing?: boolean;
  /** How the target is reached: certificates, proxy. */
  readonly connection?: TargetConnection;
  /** How long to wait for the target to show a pushed branch; `defaultBranchWaitMs` by default. */
  readonly branchWaitMs?: number;
  readonly onProgress?: (progress: PublishProgress) => void;
  /** Stops the run between two items; what was sent is in the ledger, and the next run resumes there. */
  readonly signal?: AbortSignal;
}

interface RemoteRepository {
  readonly id: number;
  readonly full_name: string;
  readonly html_url: string;
  readonly default_branch: string;
  /** Gitea: true until it has recorded a branch pushed into the repository. */
  readonly empty?: boolean;
  readonly website?: string;
  readonly description?: string;
}

/** `https://host/prefix/` from what a user typed: the scheme checked, one trailing slash, no API path. */
export function normaliseServerUrl(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new TargetFailure(`"${address}" is not a server address (e.g. https://gitea.example.com/)`, 0);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetFailure(`"${address}" is not an http(s) address`, 0);
  }
  const path = url.pathname.replace(/\/api\/v1\/?$/, '/').replace(/\/?$/, '/');
  return `${url.origin}${path}`;
}

/**
 * Publishes a local repository to another Gitea-compatible server through its API: the repository, its
 * branches and tags, then labels, milestones, issues and pull requests with their comments and reviews,
 * and releases with their assets. A ledger maps what was sent, so a second run sends only what changed.
 */
export async function publishRepository(options: PublishOptions): Promise<PublishSummary> {
  const started = performance.now();
  const serverUrl = normaliseServerUrl(options.serverUrl);
  const connection = options.connection ?? {};
  const api = new TargetApi(serverUrl, options.token, connection);
  const summary = emptySummary();
  try {
    const me = await api.call<{ login: string }>('GET', '/user');
    const owner = options.owner ?? me.login;
    const name = options.name ?? options.repo.name;
    const remote = await ensureRemoteRepository(options, api, serverUrl, owner, name, me.login, summary);
    summary.remoteFullName = remote.repository.full_name;
    summary.htmlUrl = remote.repository.html_url;
    const onTarget = new Set([me.login.toLowerCase()]);
    const known = new Map<string, boolean>();
    const remotePath = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
    const checkpoint = (): void => {
      if (options.signal?.aborted) throw new PublishCancelled();
    };
    const run: PublishRun = {
      db: options.db,
      dataDir: options.dataDir,
      localRepo: options.repo,
      api,
      targetId: remote.targetId,
      remotePath,
      names: { publisher: me.login, serverUrl, onTarget },
      summary,
      progress: (phase, done, total) => options.onProgress?.({ phase, done, total }),
      checkpoint,
      pushed: new PushedBranches(api, remotePath, options.branchWaitMs ?? defaultBranchWaitMs, checkpoint),
      hasAccount: async (account) => {
        const key = account.toLowerCase();
        let has = known.get(key) ?? (onTarget.has(key) ? true : undefined);
        if (has === undefined) {
          has = (await api.find<unknown>(`/users/${encodeURIComponent(account)}`)) !== undefined;
          known.set(key, has);
          if (has) onTarget.add(key);
        }
        return has;
      },
    };
    run.progress('repository', 1, 1);
    const gitUrl = new URL(`${encodeURIComponent(owner)}/${encodeURIComponent(name)}.git`, serverUrl).href;
    const wasEmpty = summary.repositoryCreated || remote.repository.empty === true;
    const pushed = await pushRepository(run, repositoryGitDir(options.dataDir, options.repo), {
      url: gitUrl,
      login: me.login,
      token: options.token,
      connection,
    });
    const heads = pushed.heads;
    run.pushed.carried([...pushed.branches, ...heads.values()]);
    await settleRepositorySettings(
      run,
      wasEmpty ? await recorded(run, remote.repository, pushed.branches) : remote.repository,
    );
    const labels = await publishLabels(run);
    const milestones = await publishMilestones(run);
    await publishIssues(run, { labels, milestones }, heads);
    await publishReleases(run);
  } catch (error) {
    if (!(error instanceof PublishCancelled)) throw error;
    summary.cancelled = true;
  } finally {
    summary.requests = { ...api.counts };
    summary.seconds = (performance.now() - started) / 1000;
    await api.close();
  }
  return summary;
}

/**
 * The remote repository this run publishes to: the one the ledger knows, or a new one. A remote that was
 * deleted (or deleted and made again) since the last run starts the ledger afresh; a repository of that
 * name that was not published from here is refused unless `existing` says to publish into it.
 */
async function ensureRemoteRepository(
  options: PublishOptions,
  api: TargetApi,
  serverUrl: string,
  owner: string,
  name: string,
  login: string,
  summary: PublishSummary,
): Promise<{ repository: RemoteRepository; targetId: number }> {
  const fullName = `${owner}/${name}`;
  const ledger = findPublishTarget(options.db, options.repo.id, serverUrl, fullName);
  let repository = await api.find<RemoteRepository>(
    `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`,
  );
  if (repository && !ledger && !options.existing) {
    throw new TargetFailure(
      `${repository.full_name} already exists on ${serverUrl}; choose another name, or publish into it on purpose (--existing)`,
      409,
    );
  }
  if (!repository) {
    const body = {
      name,
      description: options.repo.description,
      private: options.private ?? options.repo.is_private,
      auto_init: false,
      default_branch: options.repo.default_branch,
    };
    const path =
      owner.toLowerCase() === login.toLowerCase()
        ? '/user/repos'
        : `/orgs/${encodeURIComponent(owner)}/repos`;
    try {
      repository = await api.call<RemoteRepository>('POST', path, body);
    } catch (error) {
      if (error instanceof TargetFailure && error.status === 404) {
        throw new TargetFailure(
          `there is no organisation "${owner}" on ${serverUrl} that ${login} may create repositories in`,
          404,
        );
      }
      throw error;
    }
    summary.repositoryCreated = true;
  }
  const target = savePublishTarget(options.db, options.repo.id, serverUrl, fullName, repository.id);
  if (ledger && ledger.remote_repo_id !== repository.id) clearPublishedItems(options.db, target.id);
  return { repository, targetId: target.id };
}

/**
 * The repository as the target shows it once it has recorded the first push into it. Gitea does that in a
 * queue after the push returns, and sets the default branch then, to the first branch it records: the
 * settings are compared with what it says after that, not before.
 */
async function recorded(
  run: PublishRun,
  before: RemoteRepository,
  branches: readonly string[],
): Promise<RemoteRepository> {
  const branch = branches.includes(run.localRepo.default_branch) ? run.localRepo.default_branch : branches[0];
  if (branch === undefined) return before;
  await run.pushed.visible(branch);
  return run.api.call<RemoteRepository>('GET', run.remotePath);
}

/** The default branch (once it is pushed) and the website, where the target's differ from ours. */
async function settleRepositorySettings(run: PublishRun, remote: RemoteRepository): Promise<void> {
  const local = run.localRepo;
  const changes: Record<string, string> = {};
  if (!local.is_empty && remote.default_branch !== local.default_branch)
    changes['default_branch'] = local.default_branch;
  if (local.website && remote.website !== local.website) changes['website'] = local.website;
  if (Object.keys(changes).length === 0) return;
  try {
    await run.api.call('PATCH', run.remotePath, changes);
  } catch (error) {
    if (!(error instanceof TargetFailure)) throw error;
    run.summary.warnings.push(`the repository's settings were not changed: ${error.message}`);
  }
}
