/** A CLI subcommand: takes its arguments, resolves to the process exit code. */
export type CliCommand = (args: readonly string[]) => Promise<number> | number;

/** A failure to report to the user in one line, without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
