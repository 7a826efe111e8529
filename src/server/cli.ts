import { runOperationsCommand } from './commands/operations';
import { CliError, type CliCommand } from './commands/cliCommand';

const commands: Record<string, CliCommand> = {
  operations: runOperationsCommand,
};

const usage = `Usage: teahouse <command> [options]

Commands:
  operations [--json]   list every API operation of the catalogue
`;

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage);
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`teahouse: unknown command "${name}"\n\n${usage}`);
    return 2;
  }
  return command(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CliError) {
      process.stderr.write(`teahouse: ${error.message}\n`);
      process.exitCode = error.exitCode;
    } else {
      process.stderr.write(
        `teahouse: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 1;
    }
  },
);
