import './quietSqliteWarning';
import { runAdminCommand } from './commands/admin';
import { runOperationsCommand } from './commands/operations';
import { runPublishCommand } from './commands/publish';
import { runServeCommand } from './commands/serve';
import { CliError, type CliCommand } from './commands/cliCommand';

const commands: Record<string, CliCommand> = {
  serve: runServeCommand,
  admin: runAdminCommand,
  operations: runOperationsCommand,
  publish: runPublishCommand,
};

const usage = `Usage: teahouse <command> [options]

Commands:
  serve [--data DIR] [--host H] [--port N] [--workspace DIR]... [--root-url URL] [--log-level info|debug]
                        run the local hosting server (data in DIR/teahouse.db, default ./.teahouse)
  admin create-user --data DIR --username U --password P --email E [--admin] [--must-change-password]
                        create a user (works while a server runs on the same data folder)
  operations [--json]   list every API operation of the catalogue
  publish --data DIR --repo OWNER/NAME --to URL [--owner OWNER] [--name NAME] [--existing] [--json]
                        publish a repository with its tracker to another Gitea-compatible server
                        (token in $TEAHOUSE_PUBLISH_TOKEN; \`teahouse publish --help\` says more)
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
