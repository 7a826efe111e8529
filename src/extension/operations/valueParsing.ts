import type { ParamSpec } from '../../api/operationSpec';
import type { FieldInfo } from '../../api/types/fieldKinds';

/** A value that does not fit its parameter or field; the message says what was expected. */
export class ArgumentError extends Error {
  override readonly name = 'ArgumentError';
}

export type Parsed = { readonly value: unknown } | { readonly error: string };

const integerText = /^-?\d+$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a, b, c` → items; all integers → numbers (label and user ids), otherwise strings. */
export function parseList(text: string): (string | number)[] {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.every((item) => integerText.test(item)) ? items.map(Number) : items;
}

function checkEnum(name: string, value: unknown, allowed: readonly string[] | undefined): string | undefined {
  if (!allowed || allowed.length === 0) return undefined;
  const values = Array.isArray(value) ? value : [value];
  const wrong = values.find((item) => typeof item !== 'string' || !allowed.includes(item));
  return wrong === undefined
    ? undefined
    : `${name} must be one of ${allowed.join(', ')} (not ${String(wrong)})`;
}

/**
 * A path or query parameter's value, from what a caller passed (a number, a string from an input box, an
 * array): coerced to the parameter's type, or why it cannot be.
 */
export function parseParameter(param: ParamSpec, raw: unknown): Parsed {
  const { name } = param;
  let value: unknown = raw;
  switch (param.type) {
    case 'string':
      if (typeof raw === 'number') value = String(raw);
      else if (typeof raw !== 'string') return { error: `${name} must be a string` };
      if (value === '') return { error: `${name} must not be empty` };
      break;
    case 'integer':
      if (typeof raw === 'string' && integerText.test(raw.trim())) value = Number(raw.trim());
      if (typeof value !== 'number' || !Number.isInteger(value))
        return { error: `${name} must be an integer` };
      break;
    case 'boolean':
      if (raw === 'true' || raw === 'false') value = raw === 'true';
      if (typeof value !== 'boolean') return { error: `${name} must be true or false` };
      break;
    case 'string[]':
      value = typeof raw === 'string' ? parseList(raw).map(String) : raw;
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
        return { error: `${name} must be a list of strings` };
      break;
    case 'integer[]':
      value = typeof raw === 'string' ? parseList(raw) : raw;
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'number' || !Number.isInteger(item)))
        return { error: `${name} must be a list of integers` };
      break;
  }
  const enumError = checkEnum(name, value, param.enum);
  return enumError ? { error: enumError } : { value };
}

/** Why a body field's value does not fit the field (its JSON kind, its allowed values), or nothing. */
export function fieldError(field: FieldInfo, value: unknown): string | undefined {
  const { name } = field;
  switch (field.kind) {
    case 'string':
      if (typeof value !== 'string') return `${name} must be a string`;
      if (field.required === true && value === '') return `${name} is required`;
      break;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `${name} must be an integer`;
      break;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${name} must be a number`;
      break;
    case 'boolean':
      if (typeof value !== 'boolean') return `${name} must be true or false`;
      break;
    case 'array':
      if (!Array.isArray(value)) return `${name} must be a list`;
      break;
    case 'object':
      if (!isPlainObject(value)) return `${name} must be a JSON object`;
      break;
  }
  return checkEnum(name, value, field.enum);
}

/** What a user typed for a body field, as the field's JSON value; lists are comma-separated. */
export function parseFieldInput(field: FieldInfo, text: string): Parsed {
  const trimmed = text.trim();
  let value: unknown;
  switch (field.kind) {
    case 'string':
      value = text;
      break;
    case 'integer':
      value = integerText.test(trimmed) ? Number(trimmed) : Number.NaN;
      break;
    case 'number':
      value = trimmed === '' ? Number.NaN : Number(trimmed);
      break;
    case 'boolean':
      value = trimmed === 'true' ? true : trimmed === 'false' ? false : trimmed;
      break;
    case 'array':
      value = parseList(text);
      break;
    case 'object':
      try {
        value = JSON.parse(text) as unknown;
      } catch {
        return { error: `${field.name} must be a JSON object` };
      }
      break;
  }
  const error = fieldError(field, value);
  return error ? { error } : { value };
}

export { isPlainObject };
