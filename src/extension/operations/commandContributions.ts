import type { OperationSpec } from '../../api/operationSpec';
import { commandIdOf, commandPrefix } from './operationChoices';
import { commandTitles } from './commandTitles';
import { elementSpans, locate, type Span } from './jsonSpans';

export const commandCategory = 'Teahouse API';

/** The package.nls.json key of the generated commands' category and of one operation's title. */
export const commandCategoryKey = 'category.teahouseApi';
export function titleKeyOf(operation: Pick<OperationSpec, 'operationId'>): string {
  return `${commandIdOf(operation)}.title`;
}

/** The setting that lists the operation commands in the palette; "Run API Operation…" reaches them always. */
export const apiCommandsInPaletteSetting = 'teahouse.apiCommandsInPalette';

export interface CommandEntry {
  readonly command: string;
  readonly title: string;
  readonly category: string;
}

export interface PaletteEntry {
  readonly command: string;
  readonly when: string;
}

/** The context key set while the active account's server lacks the operation (`lacksOperationKey`). */
export function lacksOperationKey(operation: Pick<OperationSpec, 'operationId'>): string {
  return `teahouse.lacks.${operation.operationId}`;
}

/**
 * The palette lists the operation commands only when the user opts in, so that everyday words find the
 * everyday commands; then administrator operations only while the active account is an administrator,
 * and no operation the active account's server does not have.
 */
export function paletteWhen(operation: OperationSpec): string {
  const account =
    operation.auth === 'admin' ? 'teahouse.hasAccounts && teahouse.isAdmin' : 'teahouse.hasAccounts';
  return `config.${apiCommandsInPaletteSetting} && ${account} && !${lacksOperationKey(operation)}`;
}

/** The generated commands as package.json holds them: titles and category as `%key%` placeholders. */
export function commandEntries(all: readonly OperationSpec[]): CommandEntry[] {
  return all.map((operation) => ({
    command: commandIdOf(operation),
    title: `%${titleKeyOf(operation)}%`,
    category: `%${commandCategoryKey}%`,
  }));
}

/** The English texts of the generated placeholders (package.nls.json entries). */
export function commandTitleTexts(all: readonly OperationSpec[]): Record<string, string> {
  const titles = commandTitles(all);
  const texts: Record<string, string> = { [commandCategoryKey]: commandCategory };
  for (const operation of all)
    texts[titleKeyOf(operation)] = titles.get(operation.operationId) ?? operation.summary;
  return texts;
}

export function paletteEntries(all: readonly OperationSpec[]): PaletteEntry[] {
  return all.map((operation) => ({ command: commandIdOf(operation), when: paletteWhen(operation) }));
}

export function isGenerated(entryText: string): boolean {
  const entry = JSON.parse(entryText) as { command?: unknown };
  return typeof entry.command === 'string' && entry.command.startsWith(commandPrefix);
}

function indentBefore(text: string, at: number): string {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, at))?.[0] ?? '';
}

/**
 * Replaces the generated entries of one array (those whose `command` starts with `teahouse.api.`) with
 * `entries`, where the first of them stood (else at the end), and leaves every other byte as it was.
 */
export function replaceGeneratedEntries(
  text: string,
  path: readonly string[],
  entries: readonly object[],
): string {
  const array: Span = locate(text, path);
  const elements = elementSpans(text, array);
  const closingIndent = indentBefore(text, array.end - 1);
  const indent = elements[0] ? indentBefore(text, elements[0].start) : `${closingIndent}  `;
  const rendered = entries.map((entry) => JSON.stringify(entry, null, 2).replaceAll('\n', `\n${indent}`));
  const kept: string[] = [];
  let insertAt: number | undefined;
  for (const element of elements) {
    const source = text.slice(element.start, element.end);
    if (isGenerated(source)) insertAt ??= kept.length;
    else kept.push(source);
  }
  kept.splice(insertAt ?? kept.length, 0, ...rendered);
  const body =
    kept.length === 0 ? '' : `\n${kept.map((item) => indent + item).join(',\n')}\n${closingIndent}`;
  return `${text.slice(0, array.start)}[${body}]${text.slice(array.end)}`;
}

/** package.json with its `teahouse.api.*` commands and palette entries generated from the catalogue. */
export function withOperationCommands(packageJson: string, all: readonly OperationSpec[]): string {
  const withCommands = replaceGeneratedEntries(packageJson, ['contributes', 'commands'], commandEntries(all));
  return replaceGeneratedEntries(
    withCommands,
    ['contributes', 'menus', 'commandPalette'],
    paletteEntries(all),
  );
}
