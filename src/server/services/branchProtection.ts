import { forbidden, invalid, malformed, notFound } from '../domain/errors';
import type { FieldReader } from '../domain/fieldReader';
import {
  deleteProtectedBranch,
  findProtectedBranch,
  insertProtectedBranch,
  protectionFlags,
  protectionLists,
  updateProtectedBranch,
  type ProtectedBranchChanges,
  type ProtectedBranchRow,
} from '../store/branchProtections';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import { findTeamByName } from '../store/teams';
import { findUserByName, findUserById, userType } from '../store/users';

export function userIds(db: Database, names: readonly string[]): number[] {
  return names.map((name) => {
    const user = findUserByName(db, name);
    // Gitea's ErrUserNotExist, answered 422
    if (!user) throw invalid(`user does not exist [uid: 0, name: ${name}]`);
    return user.id;
  });
}

export function teamIds(db: Database, repo: RepositoryRow, names: readonly string[]): number[] {
  return names.map((name) => {
    const team = findTeamByName(db, repo.owner_id, name);
    if (!team) throw invalid(`team does not exist [org_id: ${repo.owner_id}, team_id: 0, name: ${name}]`);
    return team.id;
  });
}

/** Allow lists a body names (absent lists stay as they are); team lists only count for organization repositories. */
function listChanges(db: Database, repo: RepositoryRow, body: FieldReader): ProtectedBranchChanges {
  const owner = findUserById(db, repo.owner_id);
  const ownedByOrg = owner?.type === userType.organization;
  const changes: ProtectedBranchChanges = {};
  for (const { list, usersField } of protectionLists) {
    const users = body.stringArray(usersField);
    if (users !== undefined) changes[`${list}_user_ids`] = JSON.stringify(userIds(db, users));
    const teams = body.stringArray(`${list}_teams`);
    if (teams !== undefined && ownedByOrg)
      changes[`${list}_team_ids`] = JSON.stringify(teamIds(db, repo, teams));
  }
  return changes;
}

/** Push and force-push switches nest as in Gitea: an allow list only counts when pushing is enabled. */
const nestedFlags = new Set([
  'enable_push',
  'enable_push_whitelist',
  'push_whitelist_deploy_keys',
  'enable_force_push',
  'enable_force_push_allowlist',
  'force_push_allowlist_deploy_keys',
]);

function plainFields(body: FieldReader): ProtectedBranchChanges {
  const changes: ProtectedBranchChanges = {};
  for (const flag of protectionFlags) {
    if (nestedFlags.has(flag)) continue;
    const value = body.boolean(flag);
    if (value !== undefined) changes[flag] = value;
  }
  const priority = body.integer('priority');
  if (priority !== undefined) changes.priority = priority;
  const approvals = body.integer('required_approvals');
  // Gitea ignores a negative count
  if (approvals !== undefined && approvals >= 0) changes.required_approvals = approvals;
  const contexts = body.stringArray('status_check_contexts');
  if (contexts !== undefined) changes.status_check_contexts = JSON.stringify(contexts);
  for (const field of ['protected_file_patterns', 'unprotected_file_patterns'] as const) {
    const value = body.string(field);
    if (value !== undefined) changes[field] = value;
  }
  return changes;
}

/** Gitea's CreateBranchProtection: absent switches are off; 403 when a rule of that name exists. */
export function createProtection(db: Database, repo: RepositoryRow, body: FieldReader): ProtectedBranchRow {
  const ruleName = body.string('rule_name') || body.string('branch_name') || '';
  if (ruleName === '') throw malformed('both rule_name and branch_name are empty');
  if (findProtectedBranch(db, repo.id, ruleName)) throw forbidden('Branch protection already exist');
  const on = (flag: string): boolean => body.boolean(flag) === true;
  const push = on('enable_push');
  const forcePush = push && on('enable_force_push');
  const changes: ProtectedBranchChanges = {
    rule_name: ruleName,
    enable_push: push,
    enable_push_whitelist: push && on('enable_push_whitelist'),
    push_whitelist_deploy_keys: push && on('enable_push_whitelist') && on('push_whitelist_deploy_keys'),
    enable_force_push: forcePush,
    enable_force_push_allowlist: forcePush && on('enable_force_push_allowlist'),
    force_push_allowlist_deploy_keys:
      forcePush && on('enable_force_push_allowlist') && on('force_push_allowlist_deploy_keys'),
    ...plainFields(body),
    ...listChanges(db, repo, body),
  };
  db.transaction(() => insertProtectedBranch(db, repo.id, changes));
  return findProtectedBranch(db, repo.id, ruleName)!;
}

function nestedChanges(body: FieldReader): ProtectedBranchChanges {
  const changes: ProtectedBranchChanges = {};
  const nest = (
    main: 'enable_push' | 'enable_force_push',
    allow: 'enable_push_whitelist' | 'enable_force_push_allowlist',
    keys: 'push_whitelist_deploy_keys' | 'force_push_allowlist_deploy_keys',
  ): void => {
    const enabled = body.boolean(main);
    if (enabled === undefined) return;
    changes[main] = enabled;
    const allowed = body.boolean(allow);
    if (!enabled || allowed === false) {
      changes[allow] = false;
      changes[keys] = false;
    } else if (allowed) {
      changes[allow] = true;
      const deployKeys = body.boolean(keys);
      if (deployKeys !== undefined) changes[keys] = deployKeys;
    }
  };
  nest('enable_push', 'enable_push_whitelist', 'push_whitelist_deploy_keys');
  nest('enable_force_push', 'enable_force_push_allowlist', 'force_push_allowlist_deploy_keys');
  return changes;
}

export function loadProtection(db: Database, repo: RepositoryRow, ruleName: string): ProtectedBranchRow {
  const rule = findProtectedBranch(db, repo.id, ruleName);
  if (!rule) throw notFound();
  return rule;
}

/** Gitea's EditBranchProtection: only the fields sent change. */
export function editProtection(
  db: Database,
  repo: RepositoryRow,
  rule: ProtectedBranchRow,
  body: FieldReader,
): ProtectedBranchRow {
  const changes = { ...nestedChanges(body), ...plainFields(body), ...listChanges(db, repo, body) };
  db.transaction(() => updateProtectedBranch(db, rule.id, changes));
  return findProtectedBranch(db, repo.id, rule.rule_name)!;
}

export function removeProtection(db: Database, rule: ProtectedBranchRow): void {
  deleteProtectedBranch(db, rule.id);
}
