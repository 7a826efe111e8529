import type { OperationSpec } from '../../../src/api/operationSpec';
import { operations } from '../../../src/api/operations';
import { typeFields } from '../../../src/api/types/fieldIndex';
import type { FieldInfo } from '../../../src/api/types/fieldKinds';
import type { FuzzWorld } from '../fuzz/world';

/** The callers who must learn nothing about a private repository or organization. */
export type Outsider = 'anonymous' | 'stranger';

export interface MatrixCase {
  readonly op: OperationSpec;
  readonly outsider: Outsider;
  readonly path: string;
  readonly body?: string;
  /** The statuses that keep the resource hidden. */
  readonly allowed: readonly number[];
}

/** Text that only the private repository's and organization's data holds (never part of a request). */
export const privateMarkers = [
  'secret issue',
  'secret-label',
  'secret milestone',
  'secret release',
  'secret comment',
];

const plausible = (field: FieldInfo): unknown => {
  if (field.enum) return field.enum[0];
  switch (field.kind) {
    case 'string':
      return 'probe';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
  }
};

/** A body that passes validation, so the answer is decided by permission and not by a 422. */
function plausibleBody(op: OperationSpec): string | undefined {
  if (!op.body) return undefined;
  // a file upload is probed with a text body: the permission answers before the body is read
  if (op.body.type === 'file' || op.body.content === 'text' || op.body.type === 'string') return 'probe';
  const required = typeFields[op.body.type].filter((field) => field.required);
  return JSON.stringify(Object.fromEntries(required.map((field) => [field.name, plausible(field)])));
}

/** Reads: 404 for what the caller may not see; the catalogue's auth answers first (401, or 403 for admin). */
function allowedStatuses(op: OperationSpec, outsider: Outsider): readonly number[] {
  if (op.method !== 'GET') return [401, 403, 404];
  if (op.auth === 'admin') return outsider === 'anonymous' ? [401] : [403];
  if (op.auth === 'basic') return [401];
  if (op.auth === 'signedIn' && outsider === 'anonymous') return [401];
  return [404];
}

const scopedToPrivate = (op: OperationSpec): boolean =>
  (op.path.includes('{owner}') && op.path.includes('{repo}')) || op.path.includes('{org}');

/**
 * Every catalogue operation whose path names a repository or an organization, aimed at the private
 * repository (`hidden/secret`) and the private organization (`hidden`), as anonymous and as a stranger.
 */
export function privateMatrix(world: FuzzWorld): MatrixCase[] {
  const fixed: Record<string, string> = {
    owner: world.privateRepo.owner,
    repo: world.privateRepo.name,
    org: world.privateOrg,
    team: 'insiders',
    branch: 'side',
    tag: 'v0.1',
    ref: 'main',
    sha: 'main',
    name: 'main',
    filepath: 'README.md',
    archive: 'main.zip',
    diffType: 'diff',
  };
  const cases: MatrixCase[] = [];
  for (const op of operations.filter(scopedToPrivate)) {
    let path = op.path;
    for (const param of op.pathParams ?? []) {
      const value =
        fixed[param.name] ?? (param.type === 'integer' ? '1' : String(world.values[param.name]?.[0] ?? 'x'));
      path = path.replace(`{${param.name}}`, value);
    }
    for (const outsider of ['anonymous', 'stranger'] as const) {
      cases.push({
        op,
        outsider,
        path: `/api/v1${path}`,
        body: plausibleBody(op),
        allowed: allowedStatuses(op, outsider),
      });
    }
  }
  return cases;
}
