import { goFieldName } from '../domain/fieldNames';
import { invalid } from '../domain/errors';

// RFC 3339 (Go's time.Time JSON), or a bare date, which clients of the due-date fields often send.
const timePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?([Zz]|[+-]\d{2}:\d{2}))?$/;

interface ParsedTime {
  /** unix seconds of the instant */
  instant: number;
  /** unix seconds of 23:59:59 on the same calendar day, in the offset the client wrote */
  endOfDay: number;
}

function parseTime(value: string): ParsedTime | undefined {
  const match = timePattern.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone = 'Z'] = match;
  const offsetSeconds =
    zone.toUpperCase() === 'Z'
      ? 0
      : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
  const day = Date.UTC(Number(y), Number(mo) - 1, Number(d));
  const check = new Date(day);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return undefined;
  const instant = (day + (Number(h) * 3600 + Number(mi) * 60 + Number(s)) * 1000) / 1000 - offsetSeconds;
  const endOfDay = day / 1000 + 23 * 3600 + 59 * 60 + 59 - offsetSeconds;
  return { instant: Math.floor(instant), endOfDay };
}

/** A body time field (RFC 3339): its instant in unix seconds; 422 naming the field when malformed. */
export function bodyTime(field: string, value: string): number {
  const parsed = parseTime(value);
  if (!parsed) throw invalid(`[${goFieldName(field)}]: must be an RFC 3339 time`);
  return parsed.instant;
}

/** A due date: Gitea keeps only the date, as the end of that day (the summary says time of day is ignored). */
export function bodyDueDate(field: string, value: string): number {
  const parsed = parseTime(value);
  if (!parsed) throw invalid(`[${goFieldName(field)}]: must be an RFC 3339 time`);
  return parsed.endOfDay;
}

/** The `since` / `before` query filters (RFC 3339); 422 when malformed, as Gitea's GetQueryBeforeSince. */
export function querySinceBefore(query: { readonly since?: string; readonly before?: string }): {
  since?: number;
  before?: number;
} {
  const read = (name: 'since' | 'before'): number | undefined => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    const parsed = parseTime(value);
    if (!parsed) throw invalid(`parsing time "${value}" as RFC 3339 failed: invalid ${name}`);
    return parsed.instant;
  };
  return { since: read('since'), before: read('before') };
}
