import { receiveHooksDir } from '../git/receiveHooks';
import { listProtectedBranches } from '../store/branchProtections';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import { mayPushTo, ruleExpression } from './branchProtectionRules';
import type { AccessMode, Viewer } from './permissions';

/**
 * What a receive-pack needs so git's hooks enforce the repository's protection rules and, with
 * `--enable-git-hooks`, run the repository's own hooks (git/receiveHooks.ts).
 */
export interface PushGuard {
  readonly config: string[];
  readonly env: Record<string, string>;
}

const anyOf = (expressions: readonly string[]): string => expressions.map((e) => `(${e})`).join('|');

/**
 * The hook settings for a push by `user`, or undefined when there is nothing for hooks to do (no rules, git
 * hooks off). Every protected branch refuses deletion; a branch refuses updates when a rule matching it
 * denies this pusher (where rules overlap, any denying rule wins, stricter than Gitea's first-match).
 */
export function pushGuard(
  db: Database,
  dataDir: string,
  repo: RepositoryRow,
  user: Viewer,
  mode: AccessMode,
  gitHooks: boolean,
): PushGuard | undefined {
  const rules = listProtectedBranches(db, repo.id);
  if (rules.length === 0 && !gitHooks) return undefined;
  const denied = rules.filter((rule) => !mayPushTo(db, rule, user, mode));
  return {
    // Replaces a workspace repository's own hooks for this push only.
    config: [`core.hooksPath=${receiveHooksDir(dataDir)}`],
    env: {
      TEAHOUSE_DENY_PUSH: anyOf(denied.map((rule) => ruleExpression(rule.rule_name))),
      TEAHOUSE_DENY_DELETE: anyOf(rules.map((rule) => ruleExpression(rule.rule_name))),
      TEAHOUSE_GIT_HOOKS: gitHooks ? '1' : '0',
    },
  };
}
