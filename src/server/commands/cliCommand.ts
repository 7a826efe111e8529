/** A CLI command or a group of subcommands: what `--help` prints, and how it runs. */
export interface CliCommand {
  /** One line for its parent's list of commands. */
  readonly summary: string;
  /** What `--help` prints (usage, description, options, exit codes). */
  readonly help: string;
  /** Takes the arguments after the command's name; resolves to the process exit code. */
  readonly run: (args: readonly string[]) => Promise<number> | number;
}

/** Exit codes every command shares (README, "The local server"). */
export const exitCodes = {
  ok: 0,
  /** A runtime failure (or, for `doctor`, problems found). */
  failed: 1,
  /** A bad command, option or value: nothing was done. */
  usage: 2,
  /** The data folder is held by another Teahouse process (`serve`, `restore`, `doctor --fix`): nothing was done. */
  held: 3,
  /** The Node.js running the CLI is too old or lacks node:sqlite (main.ts): nothing was done. */
  runtime: 4,
} as const;

/** A failure to report to the user without a stack trace (after `teahouse: `). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = exitCodes.failed,
  ) {
    super(message);
  }
}

/** A bad command line: the message names what is wrong and how to fix it, then the usage line follows. */
export function usageError(message: string, usage: string, helpCommand: string): CliError {
  return new CliError(`${message}\n${usage}\nRun '${helpCommand} --help' for more.`, exitCodes.usage);
}
