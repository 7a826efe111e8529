import type { IncomingMessage } from 'node:http';

/**
 * Tells a worker to end its client's connection after relaying the answer (`serve --workers`). The primary
 * does not close the relay's connection on a refused body: closing with the body unread makes the kernel
 * reset it, and the worker could lose the answer (a 413) before reading it.
 */
export const relayCloseHeader = 'x-teahouse-relay-close';

const relayed = new WeakSet<IncomingMessage>();

/** Marks a request that came through a worker (its relay secret checked). */
export function markRelayed(req: IncomingMessage): void {
  relayed.add(req);
}

/**
 * The headers of an error answer: to a relayed request, `Connection: close` becomes the relay's header and
 * the rest of the body is read and dropped, so the answer reaches the worker whole.
 */
export function errorHeaders(
  req: IncomingMessage,
  headers: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  if (!relayed.has(req) || headers['Connection'] !== 'close') return headers;
  const { Connection: _closing, ...kept } = headers;
  req.resume();
  return { ...kept, [relayCloseHeader]: '1' };
}
