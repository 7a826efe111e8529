import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** A Node.js that can run the bundled CLI: the command, and what its environment needs. */
export interface NodeRuntime {
  readonly command: string;
  /** Set for VS Code's own runtime, which is Electron until told to act as Node. */
  readonly env: Readonly<Record<string, string>>;
  /** How the user would name it: "VS Code's runtime", the setting, a path on the PATH. */
  readonly origin: 'setting' | 'vscode' | 'path';
}

export interface RuntimeSearch {
  /** `teahouse.localServer.nodePath`, when set. */
  readonly configured: string | undefined;
  /** The extension host's executable (`process.execPath`). */
  readonly hostExecutable: string;
  /** `process.env.PATH`. */
  readonly pathVariable: string | undefined;
  readonly platform: NodeJS.Platform;
  readonly isExecutable?: (file: string) => boolean;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The runtimes to try, in order: the setting alone when it is set (the user chose it); else VS Code's own
 * runtime (Node 22 since VS Code 1.101, through ELECTRON_RUN_AS_NODE), then each `node` on the PATH.
 */
export function runtimeCandidates(search: RuntimeSearch): NodeRuntime[] {
  if (search.configured !== undefined && search.configured.trim() !== '') {
    return [{ command: search.configured.trim(), env: {}, origin: 'setting' }];
  }
  const isExecutable = search.isExecutable ?? executable;
  const name = search.platform === 'win32' ? 'node.exe' : 'node';
  const delimiter = search.platform === 'win32' ? ';' : ':';
  const seen = new Set<string>([search.hostExecutable]);
  const onPath: NodeRuntime[] = [];
  for (const dir of (search.pathVariable ?? '').split(delimiter)) {
    if (dir === '') continue;
    const file = path.join(dir, name);
    if (seen.has(file) || !isExecutable(file)) continue;
    seen.add(file);
    onPath.push({ command: file, env: {}, origin: 'path' });
  }
  return [
    { command: search.hostExecutable, env: { ELECTRON_RUN_AS_NODE: '1' }, origin: 'vscode' },
    ...onPath,
  ];
}

export type ProbeResult = { readonly ok: true } | { readonly ok: false; readonly problem: string };

/**
 * Whether `runtime` runs the bundled CLI: `cli.js --version` answers, or says in one line why not (exit 4:
 * too old, or no node:sqlite), or the runtime does not start at all.
 */
export function probeRuntime(runtime: NodeRuntime, cliPath: string): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(
      runtime.command,
      [cliPath, '--version'],
      { env: { ...process.env, ...runtime.env }, timeout: 20_000, windowsHide: true },
      (error, _stdout, stderr) => {
        if (!error) return resolve({ ok: true });
        const line = stderr
          .trim()
          .split('\n')[0]
          ?.replace(/^teahouse: /, '');
        const code = (error as NodeJS.ErrnoException).code;
        resolve({
          ok: false,
          problem:
            line ||
            (code === 'ENOENT'
              ? `${runtime.command} does not exist`
              : `${runtime.command} failed: ${error.message}`),
        });
      },
    );
  });
}

/** The first candidate that runs the CLI, or every candidate's reason it cannot. */
export async function findRuntime(
  candidates: readonly NodeRuntime[],
  cliPath: string,
  probe: (runtime: NodeRuntime, cliPath: string) => Promise<ProbeResult> = probeRuntime,
): Promise<{ runtime: NodeRuntime } | { problems: readonly { runtime: NodeRuntime; problem: string }[] }> {
  const problems: { runtime: NodeRuntime; problem: string }[] = [];
  for (const runtime of candidates) {
    const result = await probe(runtime, cliPath);
    if (result.ok) return { runtime };
    problems.push({ runtime, problem: result.problem });
  }
  return { problems };
}
