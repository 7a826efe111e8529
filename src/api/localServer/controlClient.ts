import { Agent, errors, type Dispatcher } from '../undici/parts';
import {
  controlPath,
  sessionPingMs,
  type ControlEvent,
  type ControlStatus,
  type MintedToken,
  type WindowRegistration,
  type WindowSummary,
} from './controlProtocol';

/** The control path refused a request: its status and the server's message. */
export class ControlError extends Error {
  override readonly name = 'ControlError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** How a window's session ended: the server said it stops, or the connection went away without a word. */
export type SessionEnd = { readonly kind: 'stopping'; readonly reason: string } | { readonly kind: 'lost' };

export interface WindowSession {
  /** The server as it was when the window joined. */
  readonly server: ControlStatus;
  /** Settles once, when the session ends for any reason but `close()`. */
  readonly ended: Promise<SessionEnd>;
  /** Leaves: the server drops the window's folders (its repositories are hidden, not deleted). */
  close(): void;
}

export interface ControlClientOptions {
  readonly url: string;
  readonly controlToken: string;
  /** How long a request may wait for an answer (default 30 s). */
  readonly timeoutMs?: number;
}

/**
 * A client of a local server's control path (controlProtocol.ts), over undici: never through a proxy, since
 * the server is on loopback and the secret must not leave the machine.
 */
export class ControlClient {
  readonly #dispatcher: Dispatcher;
  readonly #base: URL;

  constructor(private readonly options: ControlClientOptions) {
    const timeout = options.timeoutMs ?? 30_000;
    this.#dispatcher = new Agent({
      connect: { timeout },
      headersTimeout: timeout,
      // a session's stream pings every sessionPingMs: three missed pings mean the server hangs
      bodyTimeout: 3 * sessionPingMs,
    });
    this.#base = new URL(controlPath.slice(1), options.url);
  }

  status(): Promise<ControlStatus> {
    return this.#json<ControlStatus>('GET', '');
  }

  /** Replaces a joined window's registration (its folders, hosts, setting). */
  async update(registration: WindowRegistration): Promise<readonly WindowSummary[]> {
    return (
      await this.#json<{ windows: WindowSummary[] }>(
        'PUT',
        `/windows/${encodeURIComponent(registration.id)}`,
        registration,
      )
    ).windows;
  }

  /** Asks the server to stop for every window; resolves once it has said so. */
  async stop(): Promise<void> {
    await this.#json('POST', '/stop', {});
  }

  /** A token of the local administrator (created on first use) for a window's Local account. */
  mintToken(name: string): Promise<MintedToken> {
    return this.#json<MintedToken>('POST', '/tokens', { name });
  }

  /**
   * Registers the window and keeps its session open: the server hosts its folders until `close()`, or
   * until this process dies (the connection closes with it). Resolves once the server answered `joined`.
   */
  async join(
    registration: WindowRegistration,
    onEvent: (event: ControlEvent) => void = () => undefined,
  ): Promise<WindowSession> {
    const abort = new AbortController();
    const response = await this.#send('POST', '/windows', registration, abort.signal);
    if (response.statusCode !== 200) throw await controlError(response);
    let settle: (end: SessionEnd) => void = () => undefined;
    const ended = new Promise<SessionEnd>((resolve) => (settle = resolve));
    let closed = false;
    let stopping: SessionEnd | undefined;
    let joined: ((status: ControlStatus) => void) | undefined;
    const first = new Promise<ControlStatus>((resolve) => (joined = resolve));
    const body = response.body.setEncoding('utf8');
    let pending = '';
    body.on('data', (chunk: string) => {
      pending += chunk;
      let end: number;
      while ((end = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 1);
        const event = parseEvent(line);
        if (!event) continue;
        if (event.type === 'joined') joined?.(event.server);
        if (event.type === 'stopping') stopping = { kind: 'stopping', reason: event.reason };
        onEvent(event);
      }
    });
    const finish = (): void => {
      if (!closed) settle(stopping ?? { kind: 'lost' });
    };
    body.once('end', finish);
    body.once('error', finish);
    body.once('close', finish);
    const server = await Promise.race([
      first,
      ended.then((end) => {
        throw new ControlError(0, `the server ended the session before it was joined (${end.kind})`);
      }),
    ]);
    return {
      server,
      ended,
      close: () => {
        closed = true;
        abort.abort();
      },
    };
  }

  async close(): Promise<void> {
    await this.#dispatcher.close();
  }

  async #json<T>(method: Dispatcher.HttpMethod, subPath: string, body?: unknown): Promise<T> {
    const response = await this.#send(method, subPath, body);
    if (response.statusCode >= 300) throw await controlError(response);
    return (await response.body.json()) as T;
  }

  async #send(
    method: Dispatcher.HttpMethod,
    subPath: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<Dispatcher.ResponseData> {
    const url = new URL(`${this.#base.pathname}${subPath}`, this.#base);
    try {
      return await this.#dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method,
        headers: {
          authorization: `Bearer ${this.options.controlToken}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        ...(signal && { signal }),
      });
    } catch (error) {
      throw new ControlUnreachable(this.options.url, error);
    }
  }
}

/** Nothing answered at the runtime file's address: the server is gone (or not yet listening). */
export class ControlUnreachable extends Error {
  override readonly name = 'ControlUnreachable';
  constructor(url: string, cause: unknown) {
    const detail =
      cause instanceof errors.UndiciError || cause instanceof Error ? cause.message : String(cause);
    super(`no local server answers at ${url}: ${detail}`, { cause });
  }
}

async function controlError(response: Dispatcher.ResponseData): Promise<ControlError> {
  const text = await response.body.text().catch(() => '');
  let message = text;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // not JSON: the text itself
  }
  return new ControlError(response.statusCode, message || `status ${response.statusCode}`);
}

function parseEvent(line: string): ControlEvent | undefined {
  try {
    const value = JSON.parse(line) as { type?: unknown };
    return typeof value.type === 'string' ? (value as ControlEvent) : undefined;
  } catch {
    return undefined;
  }
}
