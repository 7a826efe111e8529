/** Go's `time.Duration` text, as Gitea reads and shows a mirror interval (`8h0m0s`, `10m`, `1h30m`). */

const unitSeconds: Readonly<Record<string, number>> = {
  h: 3600,
  m: 60,
  s: 1,
  ms: 0.001,
  us: 0.000001,
  µs: 0.000001,
  ns: 1e-9,
};

/** Seconds in a Go duration, or undefined when it is not one. `0` is zero. */
export function parseGoDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const pattern = /(\d+(?:\.\d+)?)(h|ms|us|µs|ns|m|s)/y;
  let seconds = 0;
  let at = 0;
  while (at < trimmed.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(trimmed);
    if (!match) return undefined;
    seconds += Number(match[1]) * unitSeconds[match[2]!]!;
    at = pattern.lastIndex;
  }
  return at === 0 ? undefined : seconds;
}

/** Whole seconds as Go prints a duration: `8h0m0s`, `10m0s`, `45s`, `0s`. */
export function formatGoDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  if (hours > 0) return `${hours}h${minutes}m${seconds}s`;
  if (minutes > 0) return `${minutes}m${seconds}s`;
  return `${seconds}s`;
}
