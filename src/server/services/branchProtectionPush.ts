import { receiveHooksDir } from '../git/receiveHooks';
import { listProtectedBranches } from '../store/branchProtections';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import { mayPushTo, orderedRules, ruleExpression } from './branchProtectionRules';
import { tagPushRules } from './tagProtectionRules';
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

/** Rules for the hook, one a line: `allow` or `deny`, a tab, the expression; the first that matches decides. */
const ruleLines = (rules: readonly { allow: boolean; expression: string }[]): string =>
  rules.map((rule) => `${rule.allow ? 'allow' : 'deny'}\t${rule.expression}`).join('\n');

/**
 * The hook settings for a push by `user`, or undefined when there is nothing for hooks to do (no rules, git
 * hooks off). Every protected branch refuses deletion; a branch refuses updates when the rule governing it
 * (the first match in Gitea's priority order) denies this pusher; a protected tag refuses creation, moves
 * and deletion unless a rule matching it allows the pusher (Gitea's IsUserAllowedToControlTag).
 */
export function pushGuard(
  db: Database,
  dataDir: string,
  repo: RepositoryRow,
  user: Viewer,
  mode: AccessMode,
  gitHooks: boolean,
): PushGuard | undefined {
  const rules = orderedRules(listProtectedBranches(db, repo.id));
  const tagRules = tagPushRules(db, repo.id, user);
  if (rules.length === 0 && tagRules.length === 0 && !gitHooks) return undefined;
  const branchRules = rules.map((rule) => ({
    allow: mayPushTo(db, rule, user, mode),
    expression: ruleExpression(rule.rule_name),
  }));
  return {
    // Replaces a workspace repository's own hooks for this push only.
    config: [`core.hooksPath=${receiveHooksDir(dataDir)}`],
    env: {
      TEAHOUSE_BRANCH_RULES: ruleLines(branchRules),
      TEAHOUSE_DENY_DELETE: anyOf(rules.map((rule) => ruleExpression(rule.rule_name))),
      TEAHOUSE_TAG_RULES: ruleLines(tagRules),
      TEAHOUSE_GIT_HOOKS: gitHooks ? '1' : '0',
    },
  };
}
