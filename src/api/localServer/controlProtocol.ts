/**
 * The private control path of a local server, by which the VS Code windows of one profile share it: each
 * window registers its workspace folders (the server hosts the union of the windows that are alive), asks
 * for a token for the local administrator, and may stop it. Loopback only, and only for the bearer of the
 * `controlToken` in the data folder's runtime file, which only the folder's OS user can read.
 */
export const controlPath = '/api/teahouse/v1/control';

/** What a window tells the server about itself; a registration with a known id replaces the last one. */
export interface WindowRegistration {
  /** Chosen by the window: letters, digits, `-` and `_`, at most 64. */
  readonly id: string;
  /** Shown in the other windows' "used by" lists: the workspace's name. */
  readonly label: string;
  /** Absolute paths of the window's workspace folders (file system ones only). */
  readonly folders: readonly string[];
  /** `--allowed-hosts` entries this window needs (its remote accounts' hosts, its setting). */
  readonly allowedHosts: readonly string[];
  /** `teahouse.localServer.keepRunning`: the server does not stop when the last window leaves. */
  readonly keepRunning: boolean;
}

export interface WindowSummary {
  readonly id: string;
  readonly label: string;
  readonly folders: readonly string[];
}

export interface ControlStatus {
  readonly pid: number;
  /** Teahouse's own version. */
  readonly version: string;
  readonly protocol: number;
  readonly url: string;
  readonly startedAt: string;
  readonly windows: readonly WindowSummary[];
  /** `--stop-when-unused` in seconds: how long the server outlives its last window; null: it runs until stopped. */
  readonly stopWhenUnusedSeconds: number | null;
}

export type StopReason = 'requested' | 'unused' | 'signal';

/** One line (JSON) of a window's session stream, `POST {controlPath}/windows`. */
export type ControlEvent =
  | { readonly type: 'joined'; readonly server: ControlStatus }
  | { readonly type: 'windows'; readonly windows: readonly WindowSummary[] }
  | { readonly type: 'ping' }
  | { readonly type: 'stopping'; readonly reason: StopReason };

/** How often the server writes a line to an idle session, so a window notices a server that hangs. */
export const sessionPingMs = 15_000;

/** A token of the local administrator for a window's Local account (`POST {controlPath}/tokens`). */
export interface MintedToken {
  readonly username: string;
  readonly token: string;
}

const windowIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The registration in a request body, or the reason it is not one (for a 422). */
export function parseWindowRegistration(value: unknown): WindowRegistration | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected a JSON object';
  const record = value as Record<string, unknown>;
  const id = record['id'];
  if (typeof id !== 'string' || !windowIdPattern.test(id))
    return 'id must be 1 to 64 letters, digits, "-" or "_"';
  const label = record['label'] ?? '';
  if (typeof label !== 'string' || label.length > 200)
    return 'label must be a string of at most 200 characters';
  const strings = (key: string): readonly string[] | string => {
    const list = record[key] ?? [];
    if (!Array.isArray(list) || list.length > 1000 || !list.every((item) => typeof item === 'string'))
      return `${key} must be a list of at most 1000 strings`;
    return list as string[];
  };
  const folders = strings('folders');
  if (typeof folders === 'string') return folders;
  const allowedHosts = strings('allowedHosts');
  if (typeof allowedHosts === 'string') return allowedHosts;
  const keepRunning = record['keepRunning'] ?? false;
  if (typeof keepRunning !== 'boolean') return 'keepRunning must be true or false';
  return { id, label, folders, allowedHosts, keepRunning };
}
