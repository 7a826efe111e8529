import type { Logger } from '../log';

/** One periodic task of the server, as it registers itself. */
export interface CronTaskSpec {
  /** Gitea's task name where Gitea has the task (`update_mirrors`), else a name in the same style. */
  readonly name: string;
  /** The period between timed runs, in milliseconds; without it the task runs only when asked. */
  readonly everyMs?: number;
  /** The work of one run. A failure is logged; the task stays scheduled. */
  readonly run: () => Promise<void>;
}

/** What the admin cron API shows of a task (Gitea's TaskTableRow). Times in milliseconds, undefined = never. */
export interface CronTaskState {
  readonly name: string;
  /** `@every 1m` as Gitea's schedules read, `-` for a task without a timer. */
  readonly schedule: string;
  readonly next: number | undefined;
  readonly prev: number | undefined;
  readonly execTimes: number;
}

/** A registered task, for the module that owns it. */
export interface CronTask {
  /** Runs now, or joins the run under way (which then counts once). */
  run(): Promise<void>;
  /** The run under way, if any. */
  current(): Promise<void> | undefined;
  /** No more timed runs; resolves when the run under way has finished. */
  stop(): Promise<void>;
}

interface Entry {
  readonly spec: CronTaskSpec;
  next: number | undefined;
  prev: number | undefined;
  execTimes: number;
  running: Promise<void> | undefined;
  timer: NodeJS.Timeout | undefined;
  stopped: boolean;
}

/** `@every 24h`, `@every 10m`, `@every 15s`: the largest unit that divides the period. */
export function everySchedule(ms: number): string {
  const units: readonly [number, string][] = [
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1_000, 's'],
  ];
  const unit = units.find(([size]) => ms % size === 0);
  return unit ? `@every ${ms / unit[0]}${unit[1]}` : `@every ${ms}ms`;
}

/**
 * The server's periodic tasks in one place, as Gitea's modules/cron keeps them: each module registers its
 * task (mirror sync, delivery clean-up, workspace rescans), the registry owns the timers, and the admin API
 * lists and runs the same entries. Counts and times live in memory, as Gitea keeps them.
 */
export class CronRegistry {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly log: Logger) {}

  register(spec: CronTaskSpec): CronTask {
    if (this.entries.has(spec.name)) throw new Error(`a cron task named ${spec.name} is already registered`);
    const entry: Entry = {
      spec,
      next: undefined,
      prev: undefined,
      execTimes: 0,
      running: undefined,
      timer: undefined,
      stopped: false,
    };
    this.entries.set(spec.name, entry);
    if (spec.everyMs !== undefined) this.schedule(entry, Date.now() + spec.everyMs);
    return {
      run: () => this.start(entry),
      current: () => entry.running,
      stop: () => this.stopEntry(entry),
    };
  }

  /** Every task in the order registered. */
  list(): CronTaskState[] {
    return [...this.entries.values()].map((entry) => ({
      name: entry.spec.name,
      schedule: entry.spec.everyMs === undefined ? '-' : everySchedule(entry.spec.everyMs),
      next: entry.next,
      prev: entry.prev,
      execTimes: entry.execTimes,
    }));
  }

  /** Runs the named task now (joining a run under way); undefined when no task has that name. */
  run(name: string): Promise<void> | undefined {
    const entry = this.entries.get(name);
    return entry ? this.start(entry) : undefined;
  }

  /** Stops every timer and waits for the runs under way. */
  async stop(): Promise<void> {
    await Promise.all([...this.entries.values()].map((entry) => this.stopEntry(entry)));
  }

  private start(entry: Entry): Promise<void> {
    if (entry.running) return entry.running;
    if (entry.stopped) return Promise.resolve();
    entry.execTimes += 1;
    entry.prev = Date.now();
    entry.running = entry.spec
      .run()
      .catch((error: unknown) => this.log.error(`cron: ${entry.spec.name} failed`, error))
      .finally(() => {
        entry.running = undefined;
      });
    return entry.running;
  }

  /** cron's `@every`: the next run is one period after this one fired. */
  private schedule(entry: Entry, at: number): void {
    if (entry.stopped) return;
    entry.next = at;
    entry.timer = setTimeout(
      () => {
        this.schedule(entry, Date.now() + entry.spec.everyMs!);
        void this.start(entry);
      },
      Math.max(0, at - Date.now()),
    );
    // a waiting task never keeps the process alive
    entry.timer.unref();
  }

  private async stopEntry(entry: Entry): Promise<void> {
    entry.stopped = true;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.next = undefined;
    await entry.running;
  }
}
