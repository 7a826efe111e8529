import './quietSqliteWarning';
import { adminCommand } from './commands/admin';
import { CliError, exitCodes, type CliCommand } from './commands/cliCommand';
import { commandGroup } from './commands/commandGroup';
import { doctorCommand } from './commands/doctor';
import { dumpCommand } from './commands/dump';
import { operationsCommand } from './commands/operations';
import { publishCommand } from './commands/publish';
import { restoreCommand } from './commands/restore';
import { serveCommand } from './commands/serve';
import { teahouseVersion } from './version';

/** Every command, by name: a new command is one entry here and its module in commands/. */
const commands: Record<string, CliCommand> = {
  serve: serveCommand,
  admin: adminCommand,
  operations: operationsCommand,
  doctor: doctorCommand,
  dump: dumpCommand,
  restore: restoreCommand,
  publish: publishCommand,
};

const teahouse = commandGroup({
  name: 'teahouse',
  summary: 'the Teahouse server and its tools',
  description: 'Teahouse: a Gitea-compatible git hosting server and the tools for its data folder.',
  commands,
  version: teahouseVersion,
  epilogue:
    "Exit codes: 0 success, 1 failure, 2 usage error (bad command, option or value; nothing done).\nA command's --help names any code of its own.",
});

async function main(argv: readonly string[]): Promise<number> {
  try {
    return await teahouse.run(argv);
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`teahouse: ${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(
      `teahouse: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return exitCodes.failed;
  }
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
