import { listBranches } from '../../git/refs';
import { GitError, gitConfigEnv, runGit } from '../../git/run';
import { sourcePulls } from '../../store/publishSource';
import type { PublishRun } from './run';
import type { TargetConnection } from './targetApi';

const pushTimeoutMs = 60 * 60_000;

export interface GitTarget {
  /** `https://host/prefix/owner/name.git` */
  readonly url: string;
  /** The publishing account's login and token, sent as HTTP Basic (what Gitea's git endpoint takes). */
  readonly login: string;
  readonly token: string;
  readonly connection: TargetConnection;
}

/** What a push left on the target. */
export interface PushedRefs {
  /** Where the target has each pull request's head, by local issue id. */
  readonly heads: Map<number, string>;
  /** The branches the target has as they are here (pushed now or before), in name order. */
  readonly branches: string[];
}

/**
 * Pushes every branch and tag, and the head of each open pull request whose branch is not in the
 * repository (a fork's, or deleted) as `pull/<n>`. Never forced: a ref that moved on the target is left as
 * it is and named in the summary.
 */
export async function pushRepository(
  run: PublishRun,
  gitDir: string,
  target: GitTarget,
): Promise<PushedRefs> {
  run.progress('git', 0, 1);
  const branches = new Set((await listBranches(gitDir)).map((b) => b.name));
  const heads = new Map<number, string>();
  const extra: string[] = [];
  for (const pull of sourcePulls(run.db, run.localRepo.id).values()) {
    if (pull.has_merged) continue;
    if (pull.head_repo_id === pull.base_repo_id && branches.has(pull.head_branch)) {
      heads.set(pull.issue_id, pull.head_branch);
      continue;
    }
    if (pull.is_closed) continue;
    const { number } = pull;
    const branch = `pull/${number}`;
    if (branches.has(branch)) continue;
    extra.push(`refs/pull/${number}/head:refs/heads/${branch}`);
    heads.set(pull.issue_id, branch);
  }
  if (branches.size === 0 && extra.length === 0) {
    run.progress('git', 1, 1);
    return { heads, branches: [] };
  }
  const refspecs = ['refs/heads/*:refs/heads/*', 'refs/tags/*:refs/tags/*', ...extra];
  let output: string;
  try {
    output = (
      await runGit(['push', '--porcelain', target.url, ...refspecs], {
        gitDir,
        env: gitEnv(target),
        timeoutMs: pushTimeoutMs,
      })
    ).stdout;
  } catch (error) {
    // with --porcelain a partly refused push still lists every ref; anything else is a failed push
    if (!(error instanceof GitError) || !/^[!=*+ -]\t/m.test(error.stdout)) {
      throw new Error(
        `pushing to ${target.url} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    output = error.stdout;
  }
  for (const line of output.split('\n')) {
    const match = /^([!=*+ -])\t([^\t]*)\t?(.*)$/.exec(line);
    if (!match) continue;
    const [, flag, refs, why] = match;
    const remoteRef = refs!.split(':')[1] ?? refs!;
    if (flag === '!') run.summary.refsRejected.push(`${remoteRef} ${why}`.trim());
    else if (flag !== '=') run.summary.refsPushed++;
  }
  const refused = (branch: string): boolean =>
    run.summary.refsRejected.some((entry) => entry.startsWith(`refs/heads/${branch} `));
  for (const [issueId, branch] of heads) if (refused(branch)) heads.delete(issueId);
  run.progress('git', 1, 1);
  return { heads, branches: [...branches].filter((branch) => !refused(branch)).sort() };
}

/** Credentials and settings through git's environment, so that they never show in a process listing. */
function gitEnv(target: GitTarget): Record<string, string> {
  const config: [string, string][] = [
    [
      'http.extraHeader',
      `Authorization: Basic ${Buffer.from(`${target.login}:${target.token}`).toString('base64')}`,
    ],
    // a credential helper of the user's must not answer for (or store) these credentials
    ['credential.helper', ''],
  ];
  const { insecure, caFile, proxy } = target.connection;
  if (insecure) config.push(['http.sslVerify', 'false']);
  if (caFile) config.push(['http.sslCAInfo', caFile]);
  if (proxy) config.push(['http.proxy', proxy]);
  return { GIT_TERMINAL_PROMPT: '0', ...gitConfigEnv(config) };
}
