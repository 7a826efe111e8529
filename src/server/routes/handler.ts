import type { OperationId } from '../../api/operations';
import type { RequestContext } from '../http/context';

/**
 * Handles one catalogue operation. It parses (ctx.param, ctx.query*, ctx.body()), checks permission through
 * services/permissions, calls services and the store, and answers with ctx.json / ctx.list / ctx.empty.
 * Failures are thrown as domain errors (src/server/errors.ts).
 */
export type Handler = (ctx: RequestContext) => void | Promise<void>;

/** A route module's handlers, keyed by the catalogue's operationId (a typo is a type error). */
export type HandlerMap = { readonly [K in OperationId]?: Handler };
