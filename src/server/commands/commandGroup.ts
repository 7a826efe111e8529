import { closestName } from './closestName';
import { exitCodes, usageError, type CliCommand } from './cliCommand';

export interface CommandGroupSpec {
  /** The command line before the subcommand, e.g. `teahouse admin`. */
  readonly name: string;
  readonly summary: string;
  readonly description: string;
  /** The subcommands by name: adding one is one entry here. */
  readonly commands: Readonly<Record<string, CliCommand>>;
  /** Answered by `--version`/`-v` (the top level only). */
  readonly version?: string;
  /** Printed at the end of `--help`. */
  readonly epilogue?: string;
}

/**
 * A command whose first argument names a subcommand. `--help`, `-h` or `help` prints the list of
 * subcommands, `help <subcommand>` that subcommand's help; a missing or unknown subcommand is a usage
 * error naming the closest one.
 */
export function commandGroup(spec: CommandGroupSpec): CliCommand {
  const names = Object.keys(spec.commands);
  const usage = `Usage: ${spec.name} <${names.join('|')}> [options]`;
  const help = helpText(spec, usage);
  const fail = (message: string) => usageError(message, usage, spec.name);
  const helpFlags = ['--help', '-h', 'help'];
  const versionFlags = ['--version', '-v'];
  return {
    summary: spec.summary,
    help,
    run: (args) => {
      const [first, ...rest] = args;
      if (first === undefined) throw fail(`missing command; the commands are ${names.join(', ')}`);
      if (spec.version !== undefined && versionFlags.includes(first)) {
        process.stdout.write(`${spec.version}\n`);
        return exitCodes.ok;
      }
      if (helpFlags.includes(first)) {
        const topic = first === 'help' ? rest[0] : undefined;
        const target = topic === undefined ? undefined : spec.commands[topic];
        if (topic !== undefined && !target) throw fail(unknown('command', topic, names));
        process.stdout.write(target?.help ?? help);
        return exitCodes.ok;
      }
      if (first.startsWith('-')) {
        const options = [...helpFlags.slice(0, 1), ...(spec.version !== undefined ? ['--version'] : [])];
        const near = closestName(
          first.replace(/^-+/, ''),
          options.map((o) => o.slice(2)),
        );
        throw fail(
          `unknown option '${first}'` +
            (near
              ? `. Did you mean --${near}?`
              : `; options go after the command (${spec.name} <command> ${first})`),
        );
      }
      const command = spec.commands[first];
      if (!command) throw fail(unknown('command', first, names));
      return command.run(rest);
    },
  };
}

function unknown(kind: string, typed: string, names: readonly string[]): string {
  const near = closestName(typed, names);
  return (
    `unknown ${kind} '${typed}'` +
    (near ? `. Did you mean ${near}?` : `; the ${kind}s are ${names.join(', ')}`)
  );
}

function helpText(spec: CommandGroupSpec, usage: string): string {
  const width = Math.max(...Object.keys(spec.commands).map((name) => name.length)) + 3;
  const options = [
    ['-h, --help', `show this help and exit (${spec.name} <command> --help: that command's)`],
    ...(spec.version !== undefined ? [['-v, --version', 'print the version and exit']] : []),
  ];
  const optionWidth = Math.max(...options.map(([left]) => left!.length)) + 2;
  return [
    usage,
    '',
    spec.description,
    '',
    'Commands:',
    ...Object.entries(spec.commands).map(([name, command]) => `  ${name.padEnd(width)}${command.summary}`),
    '',
    'Options:',
    ...options.map(([left, right]) => `  ${left!.padEnd(optionWidth)}${right}`),
    ...(spec.epilogue ? ['', spec.epilogue] : []),
    '',
  ].join('\n');
}
