import { parseGoDuration } from '../services/goDuration';
import type { CliError } from './cliCommand';

/** An option's value as a Go duration (`5s`, `250ms`), in whole milliseconds, at least 1. */
export function positiveMilliseconds(
  flag: string,
  value: string,
  fail: (message: string) => CliError,
): number {
  const seconds = parseGoDuration(value);
  if (seconds === undefined || seconds * 1000 < 1)
    throw fail(`${flag} must be a duration like 5s or 250ms, got '${value}'`);
  return Math.round(seconds * 1000);
}
