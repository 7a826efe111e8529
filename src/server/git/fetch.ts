import { isIP } from 'node:net';
import { GitError, gitConfigEnv, runGit } from './run';

/** Where a migration or a mirror fetches from, as checked by the address policy (or an admin's local path). */
export type FetchSource =
  | {
      readonly kind: 'url';
      /** An http(s) URL without credentials. */
      readonly url: URL;
      readonly credentials?: { readonly username: string; readonly password: string };
      /** The addresses the policy approved for the URL's host: git connects to these and no others. */
      readonly pin?: { readonly host: string; readonly port: number; readonly addresses: readonly string[] };
    }
  | { readonly kind: 'path'; readonly path: string };

/** Clones and fetches may take a while; a stuck remote must not hold a request forever. */
export const fetchTimeoutMs = 10 * 60_000;

/**
 * Settings passed through the environment (`GIT_CONFIG_COUNT`), not the command line, so a password never
 * shows in a process list: the credentials as a header, the approved addresses pinned, redirects (which
 * could lead anywhere) refused, and only the source's own protocol allowed (no `ext::`, no `file://`).
 */
export function fetchEnv(source: FetchSource): Record<string, string> {
  const settings: [string, string][] = [];
  if (source.kind === 'url') {
    settings.push(['http.followRedirects', 'false']);
    if (source.credentials) {
      const basic = Buffer.from(`${source.credentials.username}:${source.credentials.password}`).toString(
        'base64',
      );
      settings.push(['http.extraHeader', `Authorization: Basic ${basic}`]);
    }
    // an address literal has nothing to resolve (and curl cannot parse an IPv6 one as a resolve entry's host)
    if (source.pin && isIP(source.pin.host) === 0) {
      const addresses = source.pin.addresses.map((a) => (a.includes(':') ? `[${a}]` : a)).join(',');
      settings.push(['http.curloptResolve', `${source.pin.host}:${source.pin.port}:${addresses}`]);
    }
  }
  return {
    GIT_ALLOW_PROTOCOL: source.kind === 'url' ? source.url.protocol.replace(/:$/, '') : 'file',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'true',
    SSH_ASKPASS: 'true',
    ...gitConfigEnv(settings),
  };
}

export const address = (source: FetchSource): string =>
  source.kind === 'url' ? source.url.href : source.path;

/**
 * `git clone --mirror` into `destination` (a new bare repository with every reference of the source). The
 * source comes after `--`, so nothing in it is read as an option.
 */
export async function cloneMirror(source: FetchSource, destination: string): Promise<void> {
  await runGit(['clone', '--mirror', '--quiet', '--template=', '--', address(source), destination], {
    env: fetchEnv(source),
    timeoutMs: fetchTimeoutMs,
  });
}

/** Brings a mirror up to date: every reference of the source, and none it no longer has (`--prune`). */
export async function fetchMirror(gitDir: string, source: FetchSource): Promise<void> {
  await runGit(
    ['fetch', '--prune', '--quiet', '--no-write-fetch-head', '--', address(source), '+refs/*:refs/*'],
    {
      gitDir,
      env: fetchEnv(source),
      timeoutMs: fetchTimeoutMs,
    },
  );
}

/** Forgets where a clone came from (a migration that is not a mirror keeps no remote). */
export async function removeOrigin(gitDir: string): Promise<void> {
  try {
    await runGit(['remote', 'remove', 'origin'], { gitDir });
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
  }
}

/**
 * What went wrong with a clone or fetch, in words for the user (Gitea's "Authentication failed: …",
 * "Migration failed: …"). Never carries credentials: they were never in the URL or the arguments.
 */
export function describeFetchFailure(error: unknown): string {
  if (!(error instanceof GitError)) return `Migration failed: ${String(error)}.`;
  const stderr = error.stderr.trim();
  const lastLine =
    stderr
      .split('\n')
      .filter((line) => line.trim() !== '')
      .at(-1) ?? error.message;
  if (/timed out/.test(error.message)) return 'Migration failed: the remote did not answer in time.';
  if (
    /Authentication failed|could not read Username|could not read Password|returned error: 401/i.test(stderr)
  ) {
    return `Authentication failed: ${lastLine}.`;
  }
  if (
    /Could not resolve host|Failed to connect|Connection refused|Couldn't connect|Connection timed out/i.test(
      stderr,
    )
  ) {
    return `Migration failed: the remote is unreachable (${lastLine}).`;
  }
  if (/returned error: 30\d|redirect/i.test(stderr)) {
    return `Migration failed: the remote answered with a redirect, which is not followed; use the final address (${lastLine}).`;
  }
  if (
    /not found|does not appear to be a git repository|not a git repository|returned error: 404|repository .* does not exist/i.test(
      stderr,
    )
  ) {
    return `Migration failed: the address is not a git repository (${lastLine}).`;
  }
  return `Migration failed: ${lastLine}.`;
}

/**
 * A bare copy of a repository on this machine (a fork): `git clone --bare` of its git directory, objects
 * hard-linked where the file system allows (they never change), copied otherwise.
 */
export async function cloneBareLocal(sourceGitDir: string, destination: string): Promise<void> {
  await runGit(['clone', '--bare', '--quiet', '--template=', '--', sourceGitDir, destination], {
    env: fetchEnv({ kind: 'path', path: sourceGitDir }),
    timeoutMs: fetchTimeoutMs,
  });
  await removeOrigin(destination);
}

/**
 * Fetches one reference of a migration source into the same name here (a pull request's head that the
 * clone did not bring). Answers false when the source has no such reference.
 */
export async function fetchSourceRef(gitDir: string, source: FetchSource, ref: string): Promise<boolean> {
  if (!/^refs\/pull\/\d+\/head$/.test(ref)) throw new Error(`not a pull request head: ${ref}`);
  try {
    await runGit(
      ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--', address(source), `+${ref}:${ref}`],
      {
        gitDir,
        env: fetchEnv(source),
        timeoutMs: fetchTimeoutMs,
      },
    );
    return true;
  } catch (error) {
    if (error instanceof GitError) return false;
    throw error;
  }
}
