import type { TreeNode } from '../views/nodes';
import type { ParameterRole } from './parameterRoles';

/** Values the surroundings of a command offer, by role: a tree item, the workspace's repository. */
export type RoleValues = Partial<Record<ParameterRole, string | number>>;

/** What a tree item says about the objects it shows, and the account it belongs to. */
export interface NodeContext {
  readonly accountId: string | undefined;
  readonly values: RoleValues;
}

function accountIdOf(node: TreeNode): string | undefined {
  if ('account' in node) return node.account.id;
  if ('scope' in node) return node.scope.account.id;
  return node.parent ? accountIdOf(node.parent) : undefined;
}

function valuesOf(node: TreeNode): RoleValues {
  switch (node.kind) {
    case 'repository':
      return { owner: node.repository.owner.login, repo: node.repository.name };
    case 'branch':
      return { ...node.ref, branch: node.branch.name };
    case 'issue': {
      // a pull request is also an issue: issue operations take its number too
      const number = node.issue.number;
      return { ...node.ref, issue: number, ...(node.issue.isPull && { pullRequest: number }) };
    }
    case 'release':
      return { ...node.ref, release: node.release.id };
    case 'folder':
      return {
        ...node.ref,
        ...(node.org !== undefined && { organization: node.org }),
        ...(node.team && { team: node.team.id }),
      };
    case 'organization':
      return { organization: node.organization.username, owner: node.organization.username };
    case 'team':
      return { organization: node.org, team: node.team.id };
    case 'user':
      return { user: node.user.login };
    case 'scope':
    case 'group':
    case 'savedQuery':
      return node.scope.kind === 'repository' ? { ...node.scope.ref } : {};
    default:
      return {};
  }
}

/** The values a tree item offers, its parents' filling the gaps (a branch's repository, a team's organization). */
export function nodeContext(node: TreeNode): NodeContext {
  const chain: TreeNode[] = [];
  for (let current: TreeNode | undefined = node; current; current = current.parent) chain.unshift(current);
  const values = chain.reduce<RoleValues>((merged, item) => ({ ...merged, ...valuesOf(item) }), {});
  return { accountId: accountIdOf(node), values };
}
