import { posix } from 'node:path';
import type { OperationSpec } from '../../api/operationSpec';
import { isPlainObject } from './valueParsing';

/** One item of a list result, as a quick pick shows it. */
export interface ListEntry {
  readonly label: string;
  readonly description: string;
  readonly value: unknown;
}

/** How a result is shown: a message, a pickable list, a read-only document, or bytes to save. */
export type Presentation =
  | { readonly kind: 'empty'; readonly message: string }
  | { readonly kind: 'list'; readonly entries: readonly ListEntry[] }
  | { readonly kind: 'document'; readonly text: string; readonly extension: 'json' | 'html' | 'diff' | 'txt' }
  | { readonly kind: 'binary'; readonly bytes: Uint8Array; readonly fileName: string };

// a user's login before its full name: logins are what the API takes
const labelKeys = [
  'login',
  'full_name',
  'title',
  'name',
  'username',
  'tag_name',
  'email',
  'key_id',
  'context',
];
const descriptionKeys = ['state', 'description', 'url', 'html_url', 'created_at'];

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** A readable label for one item of a list: `#3 Title` for issues, else its name, else its id. */
export function describeItem(item: unknown, position: number): { label: string; description: string } {
  if (!isPlainObject(item)) return { label: text(item) ?? JSON.stringify(item), description: '' };
  const name = labelKeys.map((key) => text(item[key])).find((value) => value !== undefined);
  const number = typeof item['number'] === 'number' ? `#${item['number']}` : undefined;
  const sha = typeof item['sha'] === 'string' ? item['sha'].slice(0, 10) : undefined;
  const id = typeof item['id'] === 'number' ? `id ${item['id']}` : undefined;
  const label = [number, name].filter(Boolean).join(' ') || sha || id || `item ${position + 1}`;
  const description =
    [id && label !== id ? id : undefined, ...descriptionKeys.map((key) => text(item[key]))].find(
      (value) => value !== undefined,
    ) ?? '';
  return { label, description };
}

function fileNameOf(operation: OperationSpec, args: Readonly<Record<string, unknown>>): string {
  const named = args['archive'] ?? args['filepath'];
  const base = typeof named === 'string' ? posix.basename(named) : '';
  return base !== '' ? base : `${operation.operationId}.bin`;
}

/** How to show what an operation answered, from the catalogue's success content and the value's shape. */
export function presentResult(
  operation: OperationSpec,
  value: unknown,
  args: Readonly<Record<string, unknown>> = {},
): Presentation {
  if (value === undefined || value === null || value === '') {
    return {
      kind: 'empty',
      message: `${operation.summary}: done (${operation.success.status}, no content).`,
    };
  }
  if (value instanceof Uint8Array)
    return { kind: 'binary', bytes: value, fileName: fileNameOf(operation, args) };
  if (typeof value === 'string') {
    const content = operation.success.content;
    const extension = content === 'html' ? 'html' : args['diffType'] !== undefined ? 'diff' : 'txt';
    return { kind: 'document', text: value, extension };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'empty', message: `${operation.summary}: no items.` };
    return {
      kind: 'list',
      entries: value.map((item, position) => ({ ...describeItem(item, position), value: item })),
    };
  }
  return { kind: 'document', text: `${JSON.stringify(value, null, 2)}\n`, extension: 'json' };
}
