import type { ParsedBody } from './body';
import { DomainError, invalid as invalidInput } from '../domain/errors';

import { goFieldName } from '../domain/fieldNames';
import type { FieldReader } from '../domain/fieldReader';

const invalid = (name: string, problem: string): DomainError =>
  invalidInput(`[${goFieldName(name)}]: ${problem}`);

export interface StringRules {
  required?: boolean;
  /** Reject an empty string as missing (Gitea's `Required` does). */
  nonEmpty?: boolean;
  maxLength?: number;
}

/**
 * Typed, validated access to an object body (JSON or form). Keys match case-insensitively, as Go's JSON
 * decoder does; a wrong type or a missing required field is a 422 naming the field.
 */
export class BodyFields implements FieldReader {
  private readonly values = new Map<string, unknown>();

  constructor(readonly parsed: ParsedBody) {
    const { value } = parsed;
    if (parsed.kind === 'empty' || value === null) return;
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw invalidInput('the request body must be a JSON object');
    }
    for (const [key, field] of Object.entries(value)) this.values.set(key.toLowerCase(), field);
  }

  private get isForm(): boolean {
    return this.parsed.kind === 'form';
  }

  /** Whether the client sent the field at all (null counts as not sent, as Go's pointer fields see it). */
  has(name: string): boolean {
    const value = this.values.get(name.toLowerCase());
    return value !== undefined && value !== null;
  }

  private lookup(name: string, required: boolean | undefined): unknown {
    const value = this.values.get(name.toLowerCase());
    if ((value === undefined || value === null) && required) throw invalid(name, 'Required');
    return value ?? undefined;
  }

  string(name: string, rules: StringRules & { required: true }): string;
  string(name: string, rules?: StringRules): string | undefined;
  string(name: string, rules: StringRules = {}): string | undefined {
    const value = this.lookup(name, rules.required);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalid(name, 'must be a string');
    if (rules.nonEmpty && value.trim() === '') throw invalid(name, 'Required');
    if (rules.maxLength !== undefined && [...value].length > rules.maxLength) {
      throw invalid(name, `MaxSize(${rules.maxLength})`);
    }
    return value;
  }

  boolean(name: string, required?: boolean): boolean | undefined {
    const value = this.lookup(name, required);
    if (value === undefined) return undefined;
    if (typeof value === 'boolean') return value;
    if (this.isForm && typeof value === 'string') {
      if (['true', 'on', '1'].includes(value.toLowerCase())) return true;
      if (['false', 'off', '0', ''].includes(value.toLowerCase())) return false;
    }
    throw invalid(name, 'must be a boolean');
  }

  integer(name: string, required?: boolean): number | undefined {
    const value = this.lookup(name, required);
    if (value === undefined) return undefined;
    const number = this.isForm && typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isSafeInteger(number))
      throw invalid(name, 'must be an integer');
    return number;
  }

  /** A list of strings; a form sends repeated keys or one value. */
  stringArray(name: string, required?: boolean): string[] | undefined {
    const value = this.lookup(name, required);
    if (value === undefined) return undefined;
    const list = this.isForm && typeof value === 'string' ? [value] : value;
    if (!Array.isArray(list) || !list.every((item): item is string => typeof item === 'string')) {
      throw invalid(name, 'must be a list of strings');
    }
    return list;
  }

  integerArray(name: string, required?: boolean): number[] | undefined {
    const value = this.lookup(name, required);
    if (value === undefined) return undefined;
    const list = this.isForm
      ? (Array.isArray(value) ? value : [value]).map((v) =>
          typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v,
        )
      : value;
    if (!Array.isArray(list) || !list.every((item): item is number => Number.isSafeInteger(item))) {
      throw invalid(name, 'must be a list of integers');
    }
    return list;
  }

  /** A `map<string,string>` field such as a team's `units_map` or a hook's `config`. */
  stringMap(name: string, required?: boolean): Record<string, string> | undefined {
    const value = this.lookup(name, required);
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value) || value === null)
      throw invalid(name, 'must be an object');
    const entries = Object.entries(value);
    if (!entries.every((entry): entry is [string, string] => typeof entry[1] === 'string')) {
      throw invalid(name, 'must map names to strings');
    }
    return Object.fromEntries(entries);
  }

  /** One of a fixed set of words. */
  oneOf<const W extends string>(name: string, words: readonly W[], required?: boolean): W | undefined {
    const value = this.string(name, { required });
    if (value === undefined) return undefined;
    if (!(words as readonly string[]).includes(value))
      throw invalid(name, `must be one of ${words.join(', ')}`);
    return value as W;
  }
}
