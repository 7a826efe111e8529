import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  controlPath,
  parseWindowRegistration,
  sessionPingMs,
  type ControlEvent,
  type ControlStatus,
  type StopReason,
  type WindowRegistration,
  type WindowSummary,
} from '../../api/localServer/controlProtocol';
import type { AppServices } from '../services/appServices';
import { createAccessToken } from '../services/accessTokens';
import { isLoopbackHost } from '../services/addressPolicy';
import { ensureLocalAdmin } from '../services/bootstrap';
import type { EditorWindows } from '../services/editorWindows';
import { findTokenByName } from '../store/tokens';
import { parseBody, readBodyBytes } from './body';
import { HttpError } from './httpError';
import type { SiteRoute } from './requestHandler';
import { sendJson } from './respond';

export interface ControlRouteOptions {
  readonly app: AppServices;
  readonly windows: EditorWindows;
  /** The secret the runtime file gives the folder's OS user. */
  readonly controlToken: string;
  readonly status: () => ControlStatus;
  /** A workspace rescan that starts after the windows' folders changed. */
  readonly rescan: () => Promise<void>;
  readonly requestStop: (reason: StopReason) => void;
}

/** The control path's routes, and what the server does with the sessions when it stops. */
export interface ControlRoute {
  readonly route: SiteRoute;
  /** Tells every session what the windows are now. */
  announceWindows(windows: readonly WindowSummary[]): void;
  /** Tells every session why the server stops and ends them (the HTTP server then drains). */
  endSessions(reason: StopReason): void;
}

const bodyLimit = 256 * 1024;

/**
 * `/api/teahouse/v1/control` (controlProtocol.ts): how the VS Code windows of one profile share this server.
 * Only from loopback (elsewhere it does not exist: 404) and only with the runtime file's secret (401).
 */
export function controlRoute(options: ControlRouteOptions): ControlRoute {
  const { app, windows } = options;
  const expected = digest(options.controlToken);
  const sessions = new Map<string, ServerResponse>();

  const send = (res: ServerResponse, event: ControlEvent): void => {
    if (!res.writableEnded) res.write(`${JSON.stringify(event)}\n`);
  };
  const ping = setInterval(() => sessions.forEach((res) => send(res, { type: 'ping' })), sessionPingMs);
  ping.unref();

  const authorized = (req: IncomingMessage): boolean => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer (\S+)$/i.exec(header);
    return match !== null && timingSafeEqual(digest(match[1]!), expected);
  };

  const registrationOf = async (req: IncomingMessage): Promise<WindowRegistration> => {
    const parsed = parseWindowRegistration(parseBody(req, await readBodyBytes(req, bodyLimit), 'json').value);
    if (typeof parsed === 'string') throw new HttpError(422, parsed);
    return parsed;
  };

  const register = (registration: WindowRegistration): void => {
    const refused = windows.register(registration);
    if (refused) throw new HttpError(422, refused);
  };

  const join = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const registration = await registrationOf(req);
    // the repositories of its folders need their owner (`serve --no-first-admin` leaves that to the windows)
    if (registration.folders.length > 0) ensureLocalAdmin(app.db);
    register(registration);
    const previous = sessions.get(registration.id);
    sessions.set(registration.id, res);
    // a window that reconnects under its id replaces its old session, which must not take it away
    previous?.end();
    res.on('close', () => {
      if (sessions.get(registration.id) !== res) return;
      sessions.delete(registration.id);
      windows.leave(registration.id);
      void options.rescan();
    });
    await options.rescan();
    if (res.destroyed) return;
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' });
    send(res, { type: 'joined', server: options.status() });
  };

  const update = async (req: IncomingMessage, res: ServerResponse, id: string): Promise<void> => {
    if (!windows.has(id)) throw new HttpError(404, `no window ${id} is registered; join first`);
    const registration = await registrationOf(req);
    if (registration.id !== id) throw new HttpError(422, `the body's id must be the path's (${id})`);
    register(registration);
    await options.rescan();
    sendJson(res, 200, { windows: windows.list() });
  };

  const mintToken = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = parseBody(req, await readBodyBytes(req, bodyLimit), 'json').value as { name?: unknown };
    const wanted = typeof body?.name === 'string' && body.name.trim() !== '' ? body.name.trim() : 'VS Code';
    const admin = ensureLocalAdmin(app.db);
    let name = wanted.slice(0, 200);
    for (let n = 2; findTokenByName(app.db, admin.id, name); n++) name = `${wanted.slice(0, 200)} (${n})`;
    const { token } = createAccessToken(app.db, admin.id, name, ['all']);
    app.log.info(`control: made the token "${name}" for ${admin.name}`);
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, 201, { username: admin.name, token });
  };

  const route: SiteRoute = async (req, res, path) => {
    if (path !== controlPath && !path.startsWith(`${controlPath}/`)) return false;
    if (!isLoopbackHost(req.socket.remoteAddress ?? '')) return false;
    if (!authorized(req))
      throw new HttpError(401, "the control path needs the bearer secret of the data folder's server.json");
    const sub = path.slice(controlPath.length);
    const method = req.method ?? 'GET';
    const windowPath = /^\/windows\/([^/]+)$/.exec(sub);
    if (sub === '' && method === 'GET') sendJson(res, 200, options.status());
    else if (sub === '/windows' && method === 'POST') await join(req, res);
    else if (windowPath && method === 'PUT') await update(req, res, decodeURIComponent(windowPath[1]!));
    else if (sub === '/tokens' && method === 'POST') await mintToken(req, res);
    else if (sub === '/stop' && method === 'POST') {
      sendJson(res, 202, { message: 'stopping' });
      options.requestStop('requested');
    } else throw new HttpError(404, `no control operation ${method} ${sub || '/'}`);
    return true;
  };

  return {
    route,
    announceWindows: (list) => sessions.forEach((res) => send(res, { type: 'windows', windows: list })),
    endSessions: (reason) => {
      clearInterval(ping);
      // the windows are not leaving: their folders stay as they are for the next start
      const ending = [...sessions.values()];
      sessions.clear();
      for (const res of ending) {
        send(res, { type: 'stopping', reason });
        res.end();
      }
    },
  };
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
