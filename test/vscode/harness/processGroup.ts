import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** A child started as the leader of its own process group, so everything it starts is killed with it. */
export interface GroupProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** SIGTERM to the whole group, then SIGKILL after `graceMs`. */
  kill(graceMs?: number): Promise<void>;
}

const running = new Set<number>();

/** Kills every group still running (on Ctrl-C, before the harness exits). */
export function killAllGroups(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  running.clear();
}

export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions): GroupProcess {
  const child = spawn(command, [...args], { ...options, detached: true });
  if (child.pid !== undefined) running.add(child.pid);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      resolve(code);
    }),
  );
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // the group is gone already
    }
  };
  return {
    child,
    exited,
    kill: async (graceMs = 5_000) => {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // the leader may exit before its children: sweep the group once more
      signal('SIGKILL');
      if (child.pid !== undefined) running.delete(child.pid);
    },
  };
}
