import type { OperationSpec, ParamSpec, ParamType } from '../../api/operationSpec';
import type { FieldInfo, FieldKind } from '../../api/types/fieldKinds';
import { typeFields } from '../../api/types/fieldIndex';
import type { RoleValues } from './contextValues';
import { roleOf, type ParameterRole } from './parameterRoles';
import { ArgumentError, fieldError, isPlainObject, parseParameter } from './valueParsing';

/** The user dismissed a prompt: the command stops without a message. */
export class Cancelled extends Error {
  override readonly name = 'Cancelled';
}

export interface ParameterRequest {
  readonly operation: OperationSpec;
  readonly param: ParamSpec;
  readonly role: ParameterRole;
  /** What is known so far (an issue picker needs the repository). */
  readonly known: Readonly<Record<string, unknown>>;
}

/** Asks the user; each method answers `undefined` when the prompt was dismissed. */
export interface ArgumentPrompter {
  parameter(request: ParameterRequest): Promise<unknown>;
  /** A value for one field of `form` (a body type's name, or the operation's query parameters). */
  field(form: string, field: FieldInfo): Promise<unknown>;
  /** The next optional field of `form` to fill, or `'send'` when the user is done. */
  nextField(form: string, remaining: readonly FieldInfo[]): Promise<FieldInfo | 'send' | undefined>;
  text(operation: OperationSpec): Promise<string | undefined>;
  /** A file to upload (a `multipart` body), named as it should arrive. */
  file(operation: OperationSpec): Promise<Blob | undefined>;
}

export interface GatherOptions {
  /** The command's arguments object: parameters by name, `body`, and `repository: 'owner/name'`. */
  readonly given: Readonly<Record<string, unknown>>;
  /** Values from the surroundings, most specific first: the tree item, then the workspace's repository. */
  readonly context: readonly RoleValues[];
  /** Absent when the command runs non-interactively: a missing required value is then an error. */
  readonly prompter: ArgumentPrompter | undefined;
}

/** Keys of the arguments object that are not request parameters. */
export const commandOnlyKeys: ReadonlySet<string> = new Set(['account', 'interactive', 'repository', 'body']);

function givenWithRepository(given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...given };
  const [owner, repo, ...rest] =
    typeof given['repository'] === 'string' ? given['repository'].split('/') : [];
  if (owner && repo && rest.length === 0) {
    merged['owner'] ??= owner;
    merged['repo'] ??= repo;
  }
  return merged;
}

function parsedOrThrow(operation: OperationSpec, param: ParamSpec, raw: unknown): unknown {
  const parsed = parseParameter(param, raw);
  if ('error' in parsed) throw new ArgumentError(`${operation.operationId}: ${parsed.error}`);
  return parsed.value;
}

async function resolveParameter(
  operation: OperationSpec,
  param: ParamSpec,
  given: Readonly<Record<string, unknown>>,
  options: GatherOptions,
  known: Readonly<Record<string, unknown>>,
): Promise<unknown> {
  if (given[param.name] !== undefined) return parsedOrThrow(operation, param, given[param.name]);
  const role = roleOf(operation, param);
  if (role !== 'other') {
    const fromContext = options.context.find((values) => values[role] !== undefined)?.[role];
    // a context value of the wrong type (a team's id where its name is wanted) is no answer
    const parsed = fromContext === undefined ? undefined : parseParameter(param, fromContext);
    if (parsed && 'value' in parsed) return parsed.value;
  }
  if (!options.prompter) {
    throw new ArgumentError(`${operation.operationId} needs the argument "${param.name}" (${param.type})`);
  }
  const answer = await options.prompter.parameter({ operation, param, role, known });
  if (answer === undefined) throw new Cancelled();
  return parsedOrThrow(operation, param, answer);
}

async function gatherBody(
  operation: OperationSpec,
  given: unknown,
  prompter: ArgumentPrompter | undefined,
): Promise<unknown> {
  const spec = operation.body;
  const id = operation.operationId;
  if (!spec) {
    if (given !== undefined) throw new ArgumentError(`${id} takes no request body`);
    return undefined;
  }
  if (spec.type === 'string') {
    if (typeof given === 'string') return given;
    if (given !== undefined) throw new ArgumentError(`${id} takes a text body`);
    if (!prompter) {
      if (spec.required === true) throw new ArgumentError(`${id} needs a text body`);
      return undefined;
    }
    const text = await prompter.text(operation);
    if (text === undefined) throw new Cancelled();
    return text;
  }
  if (spec.type === 'file') {
    if (given instanceof Blob) return given;
    if (given !== undefined) throw new ArgumentError(`${id} takes a file (a Blob or File) as its body`);
    if (!prompter) {
      if (spec.required === true) throw new ArgumentError(`${id} needs a file`);
      return undefined;
    }
    const file = await prompter.file(operation);
    if (file === undefined) throw new Cancelled();
    return file;
  }
  const type = spec.type;
  const fields = typeFields[type];
  if (given !== undefined && !isPlainObject(given))
    throw new ArgumentError(`${id}: the body must be a ${type} object`);
  const body: Record<string, unknown> = { ...given };
  for (const [name, value] of Object.entries(body)) {
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) throw new ArgumentError(`${id}: ${type} has no field "${name}"`);
    const error = fieldError(field, value);
    if (error) throw new ArgumentError(`${id}: ${error}`);
  }
  const missing = fields.filter((field) => field.required === true && body[field.name] === undefined);
  const needed = spec.required === true || given !== undefined || missing.length > 0;
  if (!prompter) {
    if (!needed) return undefined;
    if (missing.length > 0) {
      const names = missing.map((field) => field.name).join(', ');
      throw new ArgumentError(`${id}: the ${type} body needs ${names}`);
    }
    return body;
  }
  for (const field of missing) body[field.name] = await askField(prompter, type, field);
  for (;;) {
    const remaining = fields.filter((field) => body[field.name] === undefined);
    if (remaining.length === 0) break;
    const next = await prompter.nextField(type, remaining);
    if (next === undefined) throw new Cancelled();
    if (next === 'send') break;
    body[next.name] = await askField(prompter, type, next);
  }
  return needed || Object.keys(body).length > 0 ? body : undefined;
}

async function askField(prompter: ArgumentPrompter, form: string, field: FieldInfo): Promise<unknown> {
  const value = await prompter.field(form, field);
  if (value === undefined) throw new Cancelled();
  const error = fieldError(field, value);
  if (error) throw new ArgumentError(error);
  return value;
}

/** A query parameter as a form field, so optional ones are offered like optional body fields. */
export function parameterAsField(param: ParamSpec): FieldInfo {
  return { name: param.name, kind: fieldKindOf[param.type], ...(param.enum && { enum: param.enum }) };
}

const fieldKindOf: Readonly<Record<ParamType, FieldKind>> = {
  string: 'string',
  integer: 'integer',
  boolean: 'boolean',
  'string[]': 'array',
  'integer[]': 'array',
};

/** Interactively, the optional query parameters nobody gave (filters, `page`, `limit`) through "Add field…". */
async function askOptionalQuery(
  operation: OperationSpec,
  prompter: ArgumentPrompter,
  args: Record<string, unknown>,
): Promise<void> {
  const form = `${operation.operationId} query`;
  for (;;) {
    const remaining = (operation.queryParams ?? []).filter((param) => args[param.name] === undefined);
    if (remaining.length === 0) return;
    const next = await prompter.nextField(form, remaining.map(parameterAsField));
    if (next === undefined) throw new Cancelled();
    if (next === 'send') return;
    const param = remaining.find((candidate) => candidate.name === next.name);
    if (!param) return;
    const value = await askField(prompter, form, parameterAsField(param));
    // lists of names come back as numbers when every item looks like one
    const typed = param.type === 'string[]' && Array.isArray(value) ? value.map(String) : value;
    args[param.name] = parsedOrThrow(operation, param, typed);
  }
}

/**
 * The arguments of one call: path parameters in path order, then required query parameters, then the
 * body. Each value comes from the arguments object, else the context, else a prompt; every value is
 * checked against its parameter or field before anything is sent.
 */
export async function gatherArguments(
  operation: OperationSpec,
  options: GatherOptions,
): Promise<Record<string, unknown>> {
  const given = givenWithRepository(options.given);
  const args: Record<string, unknown> = {};
  const asked = [
    ...(operation.pathParams ?? []),
    ...(operation.queryParams ?? []).filter((p) => p.required === true),
  ];
  for (const param of asked)
    args[param.name] = await resolveParameter(operation, param, given, options, args);
  for (const param of operation.queryParams ?? []) {
    if (args[param.name] === undefined && given[param.name] !== undefined)
      args[param.name] = parsedOrThrow(operation, param, given[param.name]);
  }
  // undeclared arguments go to the query string, as the client sends them (e.g. `sudo`)
  for (const [name, value] of Object.entries(given)) {
    if (!commandOnlyKeys.has(name) && args[name] === undefined && value !== undefined) args[name] = value;
  }
  if (options.prompter && operation.body === undefined)
    await askOptionalQuery(operation, options.prompter, args);
  // Gitea's GET /file-contents takes its JSON as a query parameter named `body`, gathered above
  if (operation.queryParams?.some((param) => param.name === 'body') === true) return args;
  const body = await gatherBody(operation, given['body'], options.prompter);
  if (body !== undefined) args['body'] = body;
  return args;
}
