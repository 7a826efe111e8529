import type { ParamSpec } from '../../api/operationSpec';
import type { OperationId } from '../../api/operations';
import type { OperationById, ParamsOf } from '../../api/client/operationTypes';
import { invalid } from '../domain/errors';

/**
 * A query parameter as the server receives it: typed by the catalogue's declaration, but an enum stays a
 * string (a client may send anything; the handler decides what an unknown choice means, as Gitea does).
 */
type Received<P extends ParamSpec> = P['type'] extends 'integer'
  ? number
  : P['type'] extends 'boolean'
    ? boolean
    : P['type'] extends 'string[]'
      ? readonly string[]
      : P['type'] extends 'integer[]'
        ? readonly number[]
        : string;

/** The query of operation `K`: only what its catalogue entry declares, each absent when not sent. */
export type ReceivedQuery<K extends OperationId> = {
  readonly [P in ParamsOf<OperationById[K], 'queryParams'> as P['name']]?: Received<P>;
};

const integerPattern = /^-?\d{1,15}$/;

function integer(name: string, value: string): number {
  if (!integerPattern.test(value)) throw invalid(`[${name}]: must be an integer`);
  return Number(value);
}

/** `true`/`false`/`1`/`0` in any case; anything else is a 422 naming the parameter. */
export function booleanValue(name: string, value: string): boolean {
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  throw invalid(`[${name}]: must be true or false`);
}

/** Ids come repeated (`a=1&a=2`, as Gitea reads them) or comma-separated (`a=1,2`). */
const idValues = (query: URLSearchParams, name: string): string[] =>
  query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');

function receive(spec: ParamSpec, query: URLSearchParams): unknown {
  const { name } = spec;
  switch (spec.type) {
    case 'string':
      return query.get(name) ?? undefined;
    case 'integer':
    case 'boolean': {
      const value = query.get(name);
      if (value === null || value === '') return undefined;
      return spec.type === 'integer' ? integer(name, value) : booleanValue(name, value);
    }
    case 'string[]':
      // repeated, as Gitea's QueryStrings: a value may hold commas (a path, a word)
      return query.has(name) ? query.getAll(name) : undefined;
    case 'integer[]':
      return query.has(name) ? idValues(query, name).map((value) => integer(name, value)) : undefined;
  }
}

function receiveLeniently(spec: ParamSpec, query: URLSearchParams): unknown {
  try {
    return receive(spec, query);
  } catch {
    return undefined;
  }
}

/**
 * The declared query parameters of an operation, parsed by their declared types: an integer or boolean
 * that is not one is a 422 naming the parameter, like a body field. `page` and `limit` are left to the
 * paging rules (nonsense there is treated as absent, as Gitea does). Undeclared parameters are not read.
 */
export function parseQuery(
  params: readonly ParamSpec[] | undefined,
  query: URLSearchParams,
): Readonly<Record<string, unknown>> {
  const parsed: Record<string, unknown> = {};
  const declared = new Set<string>();
  for (const spec of params ?? []) {
    declared.add(spec.name);
    if (spec.name === 'page' || spec.name === 'limit') continue;
    const value = spec.lenient ? receiveLeniently(spec, query) : receive(spec, query);
    if (value !== undefined) parsed[spec.name] = value;
  }
  // A helper shared by several operations is typed by their union; reading a parameter one of them does
  // not declare would silently be absent, so it fails loudly instead (a server bug, caught by the tests).
  return new Proxy(parsed, {
    get(target, property) {
      if (typeof property === 'string' && !declared.has(property)) {
        throw new Error(`the query parameter "${property}" is not declared by this operation`);
      }
      return Reflect.get(target, property);
    },
  });
}
