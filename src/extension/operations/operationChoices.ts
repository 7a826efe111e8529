import type { OperationGroup, OperationSpec } from '../../api/operationSpec';

export const commandPrefix = 'teahouse.api.';

/** The palette order of the groups, each under its own separator. */
export const groupOrder: readonly OperationGroup[] = [
  'admin',
  'miscellaneous',
  'organization',
  'repository',
  'issue',
  'user',
  'package',
];

export const groupTitles: Readonly<Record<OperationGroup, string>> = {
  admin: 'Admin',
  miscellaneous: 'Miscellaneous',
  organization: 'Organization',
  repository: 'Repository',
  issue: 'Issue',
  user: 'User',
  package: 'Package',
};

export type OperationChoice =
  | { readonly kind: 'separator'; readonly label: string; readonly group: OperationGroup }
  | {
      readonly kind: 'operation';
      readonly label: string;
      readonly description: string;
      readonly detail: string;
      readonly operationId: string;
    };

export function commandIdOf(operation: Pick<OperationSpec, 'operationId'>): string {
  return `${commandPrefix}${operation.operationId}`;
}

/** Administrator operations are offered only to administrators. */
export function visibleTo(operation: OperationSpec, isAdmin: boolean): boolean {
  return isAdmin || operation.auth !== 'admin';
}

/**
 * The "Run API Operation…" list: one separator per group, each operation labelled by its whole summary
 * with its id beside it and `METHOD path` on a line of its own (a long summary would push a description
 * out of sight), so typing any of them finds it.
 */
export function operationChoices(
  all: readonly OperationSpec[],
  isAdmin: boolean,
  /** Whether the active account's server has the operation; those it lacks are not offered. */
  available: (operation: OperationSpec) => boolean = () => true,
): OperationChoice[] {
  const choices: OperationChoice[] = [];
  for (const group of groupOrder) {
    const members = all.filter(
      (operation) => operation.group === group && visibleTo(operation, isAdmin) && available(operation),
    );
    if (members.length === 0) continue;
    choices.push({ kind: 'separator', label: groupTitles[group], group });
    for (const operation of members) {
      choices.push({
        kind: 'operation',
        label: operation.summary,
        description: operation.operationId,
        detail: `${operation.method} ${operation.path}`,
        operationId: operation.operationId,
      });
    }
  }
  return choices;
}
