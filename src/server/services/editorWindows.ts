import path from 'node:path';
import type { StopReason, WindowRegistration, WindowSummary } from '../../api/localServer/controlProtocol';
import type { Logger } from '../log';
import { AllowedHosts } from './addressPolicy';

export interface EditorWindowsOptions {
  /** `--stop-when-unused`: how long the server outlives its last window (undefined: it runs until stopped). */
  readonly stopWhenUnusedMs?: number;
  /** The folders or hosts of the windows changed (the workspace rescans, the address policy follows). */
  readonly onChange: () => void;
  /** The windows' count or names changed (sessions are told). */
  readonly onWindows: (windows: readonly WindowSummary[]) => void;
  /** No window has used the server for `stopWhenUnusedMs`. */
  readonly requestStop: (reason: StopReason) => void;
  readonly log: Logger;
}

/**
 * The VS Code windows that share this server (the control path registers them): the server hosts the
 * union of their workspace folders and allows the union of their hosts, beside its own `--workspace` and
 * `--allowed-hosts`. A window that leaves (or whose connection drops) takes its folders with it; once no
 * window is left, and none asked to keep the server running, it stops after the grace period.
 */
export class EditorWindows {
  readonly #windows = new Map<string, WindowRegistration>();
  #keepRunning = false;
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: EditorWindowsOptions) {
    this.#armIdleTimer();
  }

  /** Adds or replaces a window; answers the reason it is refused (for a 422) or undefined. */
  register(registration: WindowRegistration): string | undefined {
    const relative = registration.folders.find((folder) => !path.isAbsolute(folder));
    if (relative !== undefined) return `folders must be absolute paths, got '${relative}'`;
    try {
      new AllowedHosts(registration.allowedHosts);
    } catch (error) {
      return `allowedHosts: ${(error as Error).message}`;
    }
    const known = this.#windows.has(registration.id);
    this.#windows.set(registration.id, {
      ...registration,
      folders: registration.folders.map((folder) => path.resolve(folder)),
    });
    this.#keepRunning = registration.keepRunning;
    this.#disarmIdleTimer();
    if (!known)
      this.options.log.info(`control: window "${registration.label}" joined (${this.#windows.size} in all)`);
    this.options.onChange();
    this.options.onWindows(this.list());
    return undefined;
  }

  has(id: string): boolean {
    return this.#windows.has(id);
  }

  leave(id: string): void {
    const window = this.#windows.get(id);
    if (!window) return;
    this.#windows.delete(id);
    this.options.log.info(`control: window "${window.label}" left (${this.#windows.size} remain)`);
    this.options.onChange();
    this.options.onWindows(this.list());
    this.#armIdleTimer();
  }

  list(): WindowSummary[] {
    return [...this.#windows.values()].map(({ id, label, folders }) => ({ id, label, folders }));
  }

  /** The windows' workspace folders, each once. */
  folders(): string[] {
    return [...new Set([...this.#windows.values()].flatMap((window) => window.folders))];
  }

  allowedHosts(): string[] {
    return [...new Set([...this.#windows.values()].flatMap((window) => window.allowedHosts))];
  }

  get stopWhenUnusedMs(): number | undefined {
    return this.options.stopWhenUnusedMs;
  }

  dispose(): void {
    this.#disarmIdleTimer();
  }

  #armIdleTimer(): void {
    const grace = this.options.stopWhenUnusedMs;
    if (grace === undefined || this.#windows.size > 0 || this.#keepRunning) return;
    this.#disarmIdleTimer();
    this.#idleTimer = setTimeout(() => {
      this.options.log.info(`control: no window used the server for ${Math.round(grace / 1000)} s; stopping`);
      this.options.requestStop('unused');
    }, grace);
    this.#idleTimer.unref();
  }

  #disarmIdleTimer(): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
  }
}
