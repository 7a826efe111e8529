import type { OperationSpec, ParamSpec } from '../../api/operationSpec';

/** What a parameter names on the server, which decides where its value can come from and which picker asks for it. */
export type ParameterRole =
  | 'owner'
  | 'repo'
  | 'organization'
  | 'user'
  | 'issue'
  | 'pullRequest'
  | 'label'
  | 'milestone'
  | 'team'
  | 'branch'
  | 'release'
  | 'other';

const byName: Readonly<Record<string, ParameterRole>> = {
  owner: 'owner',
  repo: 'repo',
  org: 'organization',
  username: 'user',
  user: 'user',
  collaborator: 'user',
  target: 'user',
  branch: 'branch',
};

/** `{id}` means whatever the path segment before it lists. */
const byCollection: Readonly<Record<string, ParameterRole>> = {
  labels: 'label',
  milestones: 'milestone',
  teams: 'team',
  releases: 'release',
};

/** The role of a parameter, by its name and, for `id` and `index`, by the path around it. */
export function roleOf(operation: OperationSpec, param: ParamSpec): ParameterRole {
  if (param.name === 'index') return operation.path.includes('/pulls/{index}') ? 'pullRequest' : 'issue';
  if (param.name === 'id') {
    const collection = /\/([a-z_]+)\/\{id\}/.exec(operation.path)?.[1] ?? '';
    return byCollection[collection] ?? 'other';
  }
  // a branch protection is named after the branch (or pattern) it protects
  if (param.name === 'name' && operation.path.includes('/branch_protections/')) return 'branch';
  return byName[param.name] ?? 'other';
}
