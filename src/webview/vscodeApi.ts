import type { ExtensionMessage, Requests } from './protocol';

type RequestMap<R> = { [M in keyof R]: { params: unknown; result: unknown } };

interface VsCodeApi<State> {
  postMessage(message: unknown): void;
  getState(): State | undefined;
  setState(state: State): void;
}

declare function acquireVsCodeApi<State>(): VsCodeApi<State>;

type EventOf<E extends string> = Extract<ExtensionMessage, { type: 'event'; event: E }>;

/**
 * The webview's side of the protocol: requests with ids answered by the extension, and its events. `R` is
 * the view's request map (protocol.ts's for the issue views, createPullProtocol.ts's for the form).
 */
export class Channel<State, R extends RequestMap<R> = Requests> {
  readonly #api = acquireVsCodeApi<State>();
  #nextId = 1;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  readonly #listeners = new Map<string, ((message: ExtensionMessage) => void)[]>();

  constructor() {
    window.addEventListener('message', (event: MessageEvent<ExtensionMessage>) => {
      // only the extension host posts to this window; anything else is ignored
      const message = event.data;
      if (typeof message !== 'object' || message === null) return;
      if (message.type === 'response') {
        const pending = this.#pending.get(message.id);
        if (!pending) return;
        this.#pending.delete(message.id);
        if (message.ok) pending.resolve(message.result);
        else pending.reject(new Error(message.error));
      } else if (message.type === 'event') {
        for (const listener of this.#listeners.get(message.event) ?? []) listener(message);
      }
    });
  }

  request<M extends keyof R & string>(method: M, params: R[M]['params']): Promise<R[M]['result']> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#api.postMessage({ type: 'request', id, method, params });
    });
  }

  on<E extends EventOf<string>['event']>(event: E, listener: (message: EventOf<E>) => void): void {
    const list = this.#listeners.get(event) ?? [];
    list.push(listener as (message: ExtensionMessage) => void);
    this.#listeners.set(event, list);
  }

  get state(): State | undefined {
    return this.#api.getState();
  }

  set state(value: State) {
    this.#api.setState(value);
  }
}
