import { parseArgs } from 'node:util';
import { closestName } from './closestName';
import { CliError, exitCodes, usageError, type CliCommand } from './cliCommand';

interface OptionBase {
  /** One line for `--help`. */
  readonly description: string;
}
/** `--flag`: true when given. */
export interface FlagOption extends OptionBase {
  readonly type: 'boolean';
}
/** `--name VALUE` (or `--name=VALUE`); the last one given wins. */
export interface ValueOption extends OptionBase {
  readonly type: 'string';
  /** The placeholder in the usage, e.g. `DIR`. */
  readonly value: string;
  readonly default?: string;
  readonly required?: boolean;
  /** The only values accepted. */
  readonly choices?: readonly string[];
}
/** `--name VALUE`, repeatable: every value, in order. */
export interface ListOption extends OptionBase {
  readonly type: 'list';
  readonly value: string;
}
export type OptionSpec = FlagOption | ValueOption | ListOption;
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export type OptionValues<O extends OptionSpecs> = {
  [K in keyof O]: O[K] extends FlagOption
    ? boolean
    : O[K] extends ListOption
      ? string[]
      : O[K] extends { default: string } | { required: true }
        ? string
        : string | undefined;
};

export interface OptionCommandSpec<O extends OptionSpecs> {
  /** The whole command line before the options, e.g. `teahouse admin create-user`. */
  readonly name: string;
  readonly summary: string;
  /** Paragraphs after the usage in `--help`. */
  readonly description: string;
  readonly options: O;
  /** The exit codes line of `--help`, when the command's differ from the shared ones. */
  readonly exitCodes?: string;
  readonly run: (
    values: OptionValues<O>,
    context: { usageError: (message: string) => CliError },
  ) => Promise<number> | number;
}

const helpOption: FlagOption = { type: 'boolean', description: 'show this help and exit' };
const defaultExitCodes =
  'Exit codes: 0 success, 1 failure, 2 usage error (bad option or value; nothing done).';
const maxWidth = 100;

/**
 * A command that takes only options. `--help`/`-h` anywhere prints its help (exit 0); an unknown option,
 * a missing value or a stray argument is a usage error that names it, suggests the option meant, and shows
 * the usage line (exit 2).
 */
export function optionCommand<const O extends OptionSpecs>(spec: OptionCommandSpec<O>): CliCommand {
  const usage = usageLine(spec.name, spec.options);
  const help = helpText(spec, usage);
  const fail = (message: string): CliError => usageError(message, usage, spec.name);
  return {
    summary: spec.summary,
    help,
    run: (args) => {
      const tokens = tokensOf(args, spec.options);
      if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) {
        process.stdout.write(help);
        return exitCodes.ok;
      }
      return spec.run(valuesOf(tokens, spec.options, fail), { usageError: fail });
    },
  };
}

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

function tokensOf(args: readonly string[], options: OptionSpecs): Token[] {
  const parserOptions: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, option] of Object.entries(options)) {
    parserOptions[name] = { type: option.type === 'boolean' ? 'boolean' : 'string' };
  }
  return parseArgs({
    args: joinDashValues(args, options),
    options: parserOptions,
    strict: false,
    allowPositionals: true,
    tokens: true,
  }).tokens;
}

/**
 * `--password -x7…` as `--password=-x7…`: a value option takes the next argument even when it starts with a
 * dash (a generated password, a negative number), as getopt does, unless that argument is itself one of the
 * command's options (`--data --port 3` is a missing value, not a folder named `--port`).
 */
function joinDashValues(args: readonly string[], options: OptionSpecs): string[] {
  const isOption = (arg: string): boolean => {
    if (arg === '-h' || arg === '--help') return true;
    const name = /^--([^=]+)/.exec(arg)?.[1];
    return name !== undefined && name in options;
  };
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const name = /^--([^=]+)$/.exec(arg)?.[1];
    const next = args[i + 1];
    const takesValue = name !== undefined && options[name] !== undefined && options[name].type !== 'boolean';
    if (takesValue && next !== undefined && next.startsWith('-') && next !== '--' && !isOption(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

function valuesOf<O extends OptionSpecs>(
  tokens: readonly Token[],
  options: O,
  fail: (message: string) => CliError,
): OptionValues<O> {
  const values: Record<string, string | boolean | string[] | undefined> = {};
  for (const [name, option] of Object.entries(options)) {
    values[name] = option.type === 'boolean' ? false : option.type === 'list' ? [] : option.default;
  }
  let previous: Token | undefined;
  for (const token of tokens) {
    if (token.kind === 'positional') {
      const flag = previous?.kind === 'option' ? options[previous.name] : undefined;
      const hint =
        flag?.type === 'boolean' && previous?.kind === 'option'
          ? ` (${previous.rawName} takes no value)`
          : '';
      throw fail(`unexpected argument '${token.value}'${hint}`);
    }
    previous = token;
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    if (!option) throw fail(unknownOption(token.rawName, Object.keys(options)));
    const flag = `--${token.name}`;
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw fail(`option '${flag}' takes no value`);
      values[token.name] = true;
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.startsWith('-') && value !== '-')) {
      throw fail(
        `option '${flag}' needs a value: ${flag} ${option.value}` +
          (value === undefined ? '' : ` (a value that starts with '-' is written ${flag}=${value})`),
      );
    }
    if (option.type === 'list') {
      (values[token.name] as string[]).push(value);
      continue;
    }
    if (option.choices && !option.choices.includes(value)) {
      const near = closestName(value, option.choices);
      throw fail(
        `option '${flag}' must be one of ${option.choices.join(', ')}, got '${value}'` +
          (near ? `. Did you mean ${flag} ${near}?` : ''),
      );
    }
    values[token.name] = value;
  }
  const missing = Object.entries(options)
    .filter(([name, option]) => option.type === 'string' && option.required && values[name] === undefined)
    .map(([name]) => `--${name}`);
  if (missing.length > 0) {
    throw fail(`missing required option${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  }
  return values as OptionValues<O>;
}

function unknownOption(rawName: string, known: readonly string[]): string {
  const typed = rawName.replace(/^-+/, '');
  const near = closestName(typed, [...known, 'help']);
  return `unknown option '${rawName}'` + (near ? `. Did you mean --${near}?` : '');
}

function synopsisOf(name: string, option: OptionSpec): string {
  if (option.type === 'boolean') return `[--${name}]`;
  const placeholder = option.type === 'string' && option.choices ? option.choices.join('|') : option.value;
  const part = `--${name} ${placeholder}`;
  if (option.type === 'list') return `[${part}]...`;
  return option.required ? part : `[${part}]`;
}

/** `Usage: teahouse serve [--data DIR] …`, wrapped under its first option. */
function usageLine(name: string, options: OptionSpecs): string {
  const head = `Usage: ${name}`;
  const lines: string[] = [head];
  for (const part of Object.entries(options).map(([n, o]) => synopsisOf(n, o))) {
    const last = lines.length - 1;
    if (lines[last]!.length + 1 + part.length > maxWidth && lines[last]!.trim() !== '') {
      lines.push(`${' '.repeat(head.length)} ${part}`);
    } else {
      lines[last] = `${lines[last]} ${part}`;
    }
  }
  return lines.join('\n');
}

function helpText<O extends OptionSpecs>(spec: OptionCommandSpec<O>, usage: string): string {
  const rows = [...Object.entries(spec.options), ['help', helpOption] as const].map(([name, option]) => {
    const left =
      name === 'help' ? '-h, --help' : option.type === 'boolean' ? `--${name}` : `--${name} ${option.value}`;
    const extra = option.type === 'string' && option.choices ? ` (${option.choices.join(' or ')})` : '';
    const fallback =
      option.type === 'string' && option.default !== undefined ? ` (default ${option.default})` : '';
    const required = option.type === 'string' && option.required ? ' (required)' : '';
    const repeatable = option.type === 'list' ? ' (repeatable)' : '';
    return [left, `${option.description}${extra}${fallback}${required}${repeatable}`] as const;
  });
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return [
    usage,
    '',
    spec.description,
    '',
    'Options:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`),
    '',
    spec.exitCodes ?? defaultExitCodes,
    '',
  ].join('\n');
}
