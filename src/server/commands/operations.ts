import { operations } from '../../api/operations';
import type { CliCommand } from './cliCommand';
import { optionCommand } from './optionCommand';

export interface OperationListing {
  operationId: string;
  method: string;
  path: string;
  aliases: readonly string[];
  /** Gitea's other operationIds for the operation (e.g. 1.27's `issueGetMilestonesList`), so coverage scripts count them. */
  giteaOperationIds: readonly string[];
  group: string;
  successStatus: number;
}

export function listOperations(): OperationListing[] {
  return operations.map((op) => ({
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    aliases: op.aliases ?? [],
    giteaOperationIds: op.otherOperationIds ?? [],
    group: op.group,
    successStatus: op.success.status,
  }));
}

function formatTable(rows: readonly OperationListing[]): string {
  const header = ['GROUP', 'METHOD', 'PATH', 'STATUS', 'OPERATION'];
  const lines = rows.map((r) => [r.group, r.method, r.path, String(r.successStatus), r.operationId]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [render(header), ...lines.map(render), '', `${rows.length} operations`].join('\n') + '\n';
}

export const operationsCommand: CliCommand = optionCommand({
  name: 'teahouse operations',
  summary: 'list every API operation of the catalogue',
  description:
    'Lists every operation of the API catalogue: group, method, path, success status, operationId.',
  options: {
    json: {
      type: 'boolean',
      description: 'print JSON (with the alias paths and other Gitea operationIds) instead of a table',
    },
  },
  run: ({ json }) => {
    const rows = listOperations().sort(
      (a, b) =>
        a.group.localeCompare(b.group) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
    );
    process.stdout.write(json ? JSON.stringify(rows, null, 2) + '\n' : formatTable(rows));
    return 0;
  },
});
