import type { OperationId } from '../../api/operations';
import type { RequestContext } from '../http/context';

/**
 * Handles one catalogue operation, behind the guard its route declares (routes/guards.ts). It reads its
 * input (ctx.param, ctx.args — the query typed as the catalogue declares it —, ctx.body()), calls services
 * and the store, and answers with ctx.json / ctx.list / ctx.empty. Failures are domain errors
 * (src/server/domain/errors.ts).
 */
export type Handler<K extends OperationId = OperationId> = (ctx: RequestContext<K>) => void | Promise<void>;

/** A route module's handlers, keyed by the catalogue's operationId (a typo is a type error). */
export type HandlerMap = { readonly [K in OperationId]?: Handler<K> };
