import type { TypeName } from './types';
import { typeFields } from './types/fieldIndex';

/**
 * Gitea answers `null` where its Go code holds a nil slice: a list nobody appended to (the reactions of an
 * issue without any, the branches of an empty repository, an issue's timeline), and list fields of an
 * object left unset (`assignees` and `requested_reviewers` without any, a branch commit's
 * `added`/`removed`/`modified`, a combined status without `statuses`, a token's `scopes`, every list of an
 * issue converted after a failed load). Readers take those answers here, once, as the empty lists they mean.
 */

/**
 * Request bodies: Gitea's swagger names them `…Option` or `…Options`, and so does the catalogue (no answer
 * type is named so; test/unit/nilSlices.test.ts holds it to that).
 */
// Gitea names request bodies …Option(s), but for four of 1.27's, which no answer uses either.
const otherBodyTypes: ReadonlySet<string> = new Set([
  'CreateActionWorkflowDispatch',
  'IssueMeta',
  'MergeUpstreamRequest',
  'UpdateBranchProtectionPriories',
]);
export const isBodyType = (type: string): boolean => /Options?$/.test(type) || otherBodyTypes.has(type);

/**
 * Field names that hold a list in every answer type that has them (from the field index): `labels`, but not
 * `body` (a string of an issue, a list of an issue template) nor `tree` (an object of a commit).
 */
function listFieldNames(): ReadonlySet<string> {
  const lists = new Set<string>();
  const others = new Set<string>();
  for (const [type, fields] of Object.entries(typeFields) as [TypeName, (typeof typeFields)[TypeName]][]) {
    if (isBodyType(type)) continue;
    for (const field of fields) (field.kind === 'array' ? lists : others).add(field.name);
  }
  return new Set([...lists].filter((name) => !others.has(name)));
}

export const nilSliceFields: ReadonlySet<string> = listFieldNames();

function objectWithoutNils(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(objectWithoutNils);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(record)) {
    if (inner === null) {
      if (nilSliceFields.has(key)) record[key] = [];
    } else if (typeof inner === 'object') {
      objectWithoutNils(inner);
    }
  }
  return record;
}

/**
 * A parsed JSON answer with Gitea's nil slices as empty lists, changed in place. For a list answer (`list`),
 * `null` is the empty list and `null` items are dropped (Gitea's converters answer nil for an item they
 * failed to load, e.g. a pull request in a list).
 */
export function withoutNilSlices(value: unknown, list: boolean): unknown {
  if (!list) return objectWithoutNils(value);
  if (value === null) return [];
  if (!Array.isArray(value)) return value;
  return value.filter((item) => item !== null).map(objectWithoutNils);
}
