/** Go's time.ParseDuration and Duration.String, in whole seconds: how Gitea reads and shows intervals. */

const unitSeconds: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** Seconds of a duration such as `8h`, `1h30m` or `90s` (rounded down), or undefined when Go would refuse it. */
export function parseGoDuration(text: string): number | undefined {
  if (text === '0' || text === '+0' || text === '-0') return 0;
  const match = /^([+-]?)((?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+)$/.exec(text);
  if (!match) return undefined;
  let seconds = 0;
  for (const [, value, unit] of match[2]!.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    seconds += Number(value) * unitSeconds[unit!]!;
  }
  return Math.floor(match[1] === '-' ? -seconds : seconds);
}

/** Go's Duration.String for whole seconds: `8h0m0s`, `10m0s`, `45s`, `0s`. */
export function formatGoDuration(seconds: number): string {
  if (seconds === 0) return '0s';
  const sign = seconds < 0 ? '-' : '';
  const abs = Math.abs(seconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  if (h > 0) return `${sign}${h}h${m}m${s}s`;
  if (m > 0) return `${sign}${m}m${s}s`;
  return `${sign}${s}s`;
}
