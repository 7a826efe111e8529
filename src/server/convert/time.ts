/** Gitea's JSON time: RFC 3339 in UTC, whole seconds; unset times are Go's zero time. */
export function isoTime(unixSeconds: number): string {
  if (!unixSeconds) return '0001-01-01T00:00:00Z';
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
