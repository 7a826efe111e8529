// Lists shape the same timestamps again and again (every page of issues has four per issue): formatted
// strings are kept, and the whole cache is dropped when it grows past a bound.
const formatted = new Map<number, string>();
const cacheLimit = 10_000;

/** Gitea's JSON time: RFC 3339 in UTC, whole seconds; unset times are Go's zero time. */
export function isoTime(unixSeconds: number): string {
  if (!unixSeconds) return '0001-01-01T00:00:00Z';
  let text = formatted.get(unixSeconds);
  if (text === undefined) {
    // toISOString always ends in `.sssZ`: cutting it gives whole seconds
    text = `${new Date(unixSeconds * 1000).toISOString().slice(0, -5)}Z`;
    if (formatted.size >= cacheLimit) formatted.clear();
    formatted.set(unixSeconds, text);
  }
  return text;
}
