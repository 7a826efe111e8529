import type { HttpMethod, OperationSpec } from '../../api/operationSpec';
import { HttpError } from './httpError';
import { placeholderNames, RouteTrie } from './routeTrie';

export interface RouteMatch {
  readonly op: OperationSpec;
  /** Decoded path parameters by the operation's names. */
  readonly params: Readonly<Record<string, string>>;
}

export interface Router {
  /** The operation for a path relative to `/api/v1`; throws 404, 405 (with `Allow`) or 400 (bad encoding). */
  resolve(method: string, path: string): RouteMatch;
  /** Registrations that collided with an earlier operation's method and path (a catalogue mistake). */
  readonly conflicts: readonly string[];
}

function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, `invalid percent-encoding in path segment "${raw}"`);
  }
}

/** Builds the router from the catalogue: every operation under its `path` and each of its `aliases`. */
export function buildRouter(operations: readonly OperationSpec[]): Router {
  const trie = new RouteTrie<OperationSpec>();
  const conflicts: string[] = [];
  for (const op of operations) {
    const names = placeholderNames(op.path);
    const wildcard = new Set(op.pathParams?.filter((p) => p.wildcard).map((p) => p.name));
    for (const template of [op.path, ...(op.aliases ?? [])]) {
      // Alias placeholders map by position onto the operation's own names.
      const paramNames = placeholderNames(template).map((name, i) => names[i] ?? name);
      const taken = trie.add(op.method, template, { value: op, paramNames }, (i) =>
        wildcard.has(paramNames[i] ?? ''),
      );
      if (taken && taken.value !== op) {
        conflicts.push(
          `${op.method} ${template}: ${op.operationId} collides with ${taken.value.operationId}`,
        );
      }
    }
  }

  return {
    conflicts,
    resolve(method, path) {
      const match = trie.match(path);
      if (!match) throw new HttpError(404, "The target couldn't be found.");
      // HEAD is answered as GET without a body.
      const target = match.targets.get(method === 'HEAD' ? 'GET' : method);
      if (!target) {
        const allow = [...match.targets.keys()].sort().join(', ');
        throw new HttpError(405, `method ${method} is not allowed here; allowed: ${allow}`, { Allow: allow });
      }
      const params: Record<string, string> = {};
      target.paramNames.forEach((name, i) => {
        const raw = match.rawValues[i] ?? '';
        params[name] = raw.split('/').map(decodeSegment).join('/');
      });
      return { op: target.value, params };
    },
  };
}

export const isHttpMethod = (method: string): method is HttpMethod =>
  method === 'GET' || method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
