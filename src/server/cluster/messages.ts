/** What a worker tells its primary over the cluster's IPC channel. */
export type WorkerMessage =
  | { readonly kind: 'listening'; readonly port: number }
  | { readonly kind: 'listenFailed'; readonly code: string | undefined; readonly message: string }
  /** Its requests queued webhook deliveries: the primary's queue sends them. */
  | { readonly kind: 'wakeDeliveries' }
  /** A request waits for the workspace to be rescanned, if it is due (`answer` comes back with `freshened`). */
  | { readonly kind: 'freshen'; readonly id: number };

/** What the primary tells a worker. */
export type PrimaryMessage =
  /** Recovery is done: answer requests, relaying those the primary serves (cluster/relay.ts) to `relayUrl`. */
  | {
      readonly kind: 'ready';
      readonly relayUrl: string;
      readonly rootUrl: string;
      readonly relaySecret: string;
    }
  /** The rescan asked for is over; `hostsFolders` false: no folder is hosted, the next ask can wait a moment. */
  | { readonly kind: 'freshened'; readonly id: number; readonly hostsFolders: boolean }
  /** Stop accepting, finish the requests in flight, exit. */
  | { readonly kind: 'stop' };

const kinds = new Set([
  'listening',
  'listenFailed',
  'wakeDeliveries',
  'freshen',
  'ready',
  'freshened',
  'stop',
]);

/** Messages of this protocol, apart from cluster's own (`NODE_CLUSTER` internals travel the same channel). */
export function isClusterMessage<T extends WorkerMessage | PrimaryMessage>(message: unknown): message is T {
  return (
    typeof message === 'object' && message !== null && kinds.has((message as { kind?: string }).kind ?? '')
  );
}
