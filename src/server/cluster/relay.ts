import { timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { controlPath } from '../../api/localServer/controlProtocol';
import { isGitHttpPath } from '../http/gitRoutes';
import { apiPrefix, normalizePath } from '../http/requestHandler';
import { markRelayed, relayCloseHeader } from '../http/relayedRequests';
import { sendJson } from '../http/respond';

/** Carries the relay's secret: a request with it came through a worker of this server. */
const relayHeader = 'x-teahouse-relay';
/** The address of the client a worker relays for (what the primary's handlers see as the peer). */
const peerHeader = 'x-teahouse-peer';

/** Headers of one connection, not of the message (RFC 9110 §7.6.1), and the relay's own. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // the worker has answered 100 Continue already
  'expect',
  relayHeader,
  peerHeader,
  relayCloseHeader,
]);

/**
 * What a worker hands to the primary rather than answering: every request that may write (so git work,
 * webhooks, mirrors, scheduled merges and every other consequence of a write run in one process, as with one
 * process), smart HTTP (pushes to a repository stay in one queue; fetches follow for simplicity), the control
 * path (the windows sharing the server are the primary's), the cron list (its counts live in the
 * primary's memory) and every request that signs in with a password (HTTP Basic), so the failed logins of
 * all of them are counted in one place (http/loginThrottle.ts).
 */
export function servedByPrimary(method: string, rawUrl: string, authorization: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return true;
  if (authorization !== undefined && /^basic\s/i.test(authorization)) return true;
  const { path } = normalizePath(rawUrl);
  return (
    isGitHttpPath(path) ||
    path === controlPath ||
    path.startsWith(`${controlPath}/`) ||
    path === `${apiPrefix}/admin/cron` ||
    path.startsWith(`${apiPrefix}/admin/cron/`)
  );
}

function forwardable(headers: IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !hopByHop.has(name)) kept[name] = value;
  }
  return kept;
}

/** Sends a worker's request to the primary's loopback port and its answer back, streamed both ways. */
export function createRelay(
  target: URL,
  secret: string,
): (req: IncomingMessage, res: ServerResponse) => void {
  // connections to the primary kept for the next request, but let go after 2 s unused: a burst of clients
  // leaves no pile of idle sockets open in both processes
  const agent = new http.Agent({ keepAlive: true, timeout: 2_000 });
  return (req, res) => {
    const upstream = http.request({
      agent,
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: {
        ...forwardable(req.headers),
        [relayHeader]: secret,
        [peerHeader]: req.socket.remoteAddress ?? '',
      },
    });
    upstream.on('response', (answer) => {
      const headers = forwardable(answer.headers);
      // the primary ends the exchange (a refused body it will not use): so does the worker, with the client
      const closing =
        answer.headers[relayCloseHeader] !== undefined ||
        /\bclose\b/i.test(String(answer.headers.connection ?? ''));
      if (closing) {
        headers['connection'] = 'close';
        req.unpipe(upstream);
        // the primary drops what was sent of the body; the rest is not sent, and the connection not reused
        res.once('finish', () => upstream.destroy());
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
      answer.pipe(res);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // A write the primary may have done before it went: the client must not be told it failed (it might
      // do it twice), so it sees the connection cut, as when a single process dies. A request that never
      // reached the primary, or one that changes nothing, may be refused and tried again.
      const untouched = error.code === 'ECONNREFUSED' || req.method === 'GET' || req.method === 'HEAD';
      if (!res.headersSent && untouched) sendJson(res, 502, { message: 'the server is stopping; try again' });
      else res.destroy();
    });
    // a client that leaves (a window's control session) leaves the primary too
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };
}

/**
 * On the primary's loopback port: a request relayed by a worker (it carries the secret) is seen as coming
 * from the worker's client, so the control path's loopback rule, the login throttle and git's REMOTE_ADDR
 * judge the real peer. Without the secret the relay's headers are dropped and the peer is the connection's.
 */
export function adoptRelayedPeer(req: IncomingMessage, secret: Buffer): void {
  const offered = req.headers[relayHeader];
  const peer = req.headers[peerHeader];
  delete req.headers[relayHeader];
  delete req.headers[peerHeader];
  if (typeof offered !== 'string' || typeof peer !== 'string') return;
  const given = Buffer.from(offered);
  if (given.length !== secret.length || !timingSafeEqual(given, secret)) return;
  markRelayed(req);
  // per request: the worker's keep-alive connection carries many clients' requests, one after the other
  Object.defineProperty(req.socket, 'remoteAddress', { value: peer, configurable: true });
}
