import { operations, type OperationId } from '../../api/operations';
import type { OperationSpec } from '../../api/operationSpec';
import { typeFields } from '../../api/types/fieldIndex';
import { forbidden, notFound } from '../domain/errors';
import type { RequestContext } from '../http/context';
import { enterUnitOffScope, type GuardedHandler, type UnitOffGate } from './guards';
import type { Handler, HandlerMap } from './handler';

/*
 * The local server has no Actions runner and no package registry: it is a Gitea 1.27 with
 * `[actions] ENABLED=false` and `[packages] ENABLED=false`. Such a Gitea still mounts every /actions/ and
 * /packages/ route of its API (routers/api/v1/api.go registers them unconditionally; the setting only adds
 * `repo.actions`/`repo.packages` to the globally disabled units), so a client sees the routes' own checks in
 * their order — sign-in and token scope (the router, from the catalogue's `auth`/`scope`), the repository,
 * organization or owner (404), the caller's role (403) — and then a handler over tables nothing can fill:
 * no run is ever triggered, no runner can register, no package can be uploaded. So lists are empty, and
 * anything a path names (a run, job, artifact, runner, workflow, variable, secret, package) does not exist.
 * One module answers every catalogue operation marked with `unit`, so none needs a handler of its own.
 */

/** The catalogue's operations of the turned-off units. */
export const unitsOffOperations: readonly OperationSpec[] = operations.filter((op) => op.unit !== undefined);

/** The gate Gitea's route table puts before the operation's handler, from its path and method. */
export function unitOffGate(op: OperationSpec): UnitOffGate {
  if (op.path.startsWith('/packages/')) return op.method === 'GET' ? 'packageReader' : 'packageWriter';
  if (op.path.startsWith('/orgs/')) return 'orgOwner';
  if (!op.path.startsWith('/repos/')) return 'caller';
  // addActionsRoutes (secrets, variables, runners, and the run and job lists) is reqOwner; the rest of a
  // repository's Actions sits behind reqRepoReader/reqRepoWriter(unit.TypeActions).
  if (/\/actions\/(secrets|variables|runners)(\/|$)|\/actions\/(runs|jobs)$/.test(op.path))
    return 'repoOwner';
  return op.method === 'GET' ? 'unitReader' : 'unitWriter';
}

/**
 * Placeholders naming the scope (checked by the gate) rather than an object of the unit; a package's type
 * and name only filter its versions (Gitea lists none rather than answering 404).
 */
const scopeParams = new Set(['owner', 'repo', 'org', 'type', 'name']);

/**
 * Writes whose Gitea handler stores something without any object existing first: a secret (PUT creates
 * it), a variable (POST creates it), a runner registration token. The local server does not keep these
 * (see the report in CHANGELOG.md): it refuses them with a 403 instead of pretending to store them.
 */
export function storesWithoutObject(op: OperationSpec): boolean {
  return (
    op.path.endsWith('/registration-token') ||
    (op.method === 'PUT' && op.path.endsWith('/secrets/{secretname}')) ||
    (op.method === 'POST' && op.path.endsWith('/variables/{variablename}'))
  );
}

/** Gitea's not-found message for an object of the path (its handlers name runners and artifacts). */
function missingMessage(op: OperationSpec): string {
  if (op.path.includes('/runners/')) return 'Runner not found';
  if (op.path.includes('/artifacts/')) return 'Artifact not found';
  return 'not found';
}

/** What the handler answers once the gate let the caller through, given that nothing exists. */
export type UnitOffAnswer =
  | { readonly kind: 'emptyList' }
  | { readonly kind: 'emptyWrapper'; readonly field: string }
  | { readonly kind: 'missing'; readonly message: string }
  | { readonly kind: 'refused' };

export function unitOffAnswer(op: OperationSpec): UnitOffAnswer {
  if (storesWithoutObject(op)) return { kind: 'refused' };
  const namesObject = (op.pathParams ?? []).some((param) => !scopeParams.has(param.name));
  // A list under a run, job or workflow (its jobs, artifacts, runs) needs that object first.
  if (namesObject || op.method !== 'GET') return { kind: 'missing', message: missingMessage(op) };
  const type = op.success.type;
  if (op.success.list === true) return { kind: 'emptyList' };
  // Gitea's wrapped lists ({ total_count, runners | workflow_runs | jobs | artifacts | workflows }).
  const field = type === undefined ? undefined : typeFields[type].find((info) => info.kind === 'array');
  // A single object (the latest version of a package) that cannot exist.
  if (!field) return { kind: 'missing', message: missingMessage(op) };
  return { kind: 'emptyWrapper', field: field.name };
}

function unitOffHandler(op: OperationSpec): GuardedHandler {
  const gate = unitOffGate(op);
  const answer = unitOffAnswer(op);
  const handler: Handler = async (ctx: RequestContext) => {
    enterUnitOffScope(ctx, gate);
    // Gitea binds the body (bind(...)) after the gate and before the handler: a malformed one is refused first.
    if (op.body) await ctx.body();
    switch (answer.kind) {
      case 'emptyList':
        ctx.list([], 0);
        return;
      case 'emptyWrapper':
        ctx.json({ total_count: 0, [answer.field]: [] });
        return;
      case 'missing':
        throw notFound(answer.message);
      case 'refused':
        throw forbidden('Actions are disabled on this server');
    }
  };
  return Object.assign(handler, { guard: { unitOff: gate } });
}

/** Every operation of the turned-off units, answered as above. */
export const unitsOffHandlers: HandlerMap = Object.fromEntries(
  unitsOffOperations.map((op) => [op.operationId as OperationId, unitOffHandler(op)]),
);
