import type http from 'node:http';
import type { Logger } from './log';

/**
 * Stops accepting and resolves once the requests in flight have finished: idle keep-alive connections are
 * let go at once, and what still runs after `timeoutMs` is cut off.
 */
export function drainServer(server: http.Server | undefined, timeoutMs: number): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** Runs the cleanups registered on stop, last registered first (later modules may depend on earlier ones). */
export async function runCleanups(cleanups: (() => void | Promise<void>)[], log: Logger): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log.error('cleanup on stop failed', error);
    }
  }
}

/**
 * While the server stops, each answer says `Connection: close`, and a keep-alive connection that finished its
 * last request is let go at once (the drain then ends as soon as the requests in flight have).
 */
export function letGoWhileStopping(
  server: http.Server,
  res: http.ServerResponse,
  stopping: () => boolean,
): void {
  if (stopping()) res.setHeader('Connection', 'close');
  res.on('finish', () => {
    if (stopping()) setImmediate(() => server.closeIdleConnections());
  });
}
