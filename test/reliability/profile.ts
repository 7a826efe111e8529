/**
 * `npm run test:reliability` runs the full profile; `.ci/run` sets TEAHOUSE_RELIABILITY_PROFILE=short.
 * Every reliability test sizes itself from here, so the two profiles differ only in these numbers.
 */
export type ProfileName = 'short' | 'full';

export interface ReliabilityProfile {
  readonly name: ProfileName;
  /** Requests the catalogue-driven fuzzer sends in all. */
  readonly fuzzCases: number;
  /** How long the mixed read/write soak runs. */
  readonly soakSeconds: number;
  /** Concurrent connections of the soak. */
  readonly soakConnections: number;
}

const profiles: Record<ProfileName, ReliabilityProfile> = {
  short: { name: 'short', fuzzCases: 4_000, soakSeconds: 60, soakConnections: 50 },
  full: { name: 'full', fuzzCases: 20_000, soakSeconds: 300, soakConnections: 50 },
};

function selected(): ProfileName {
  const value = process.env['TEAHOUSE_RELIABILITY_PROFILE'] ?? 'full';
  if (value !== 'short' && value !== 'full') {
    throw new Error(`TEAHOUSE_RELIABILITY_PROFILE must be "short" or "full", not "${value}"`);
  }
  return value;
}

export const profile: ReliabilityProfile = profiles[selected()];

/** Prints a figure in one recognisable form, so the run's output can be read (and quoted) at a glance. */
export function printFigure(name: string, value: string | number): void {
  console.log(`[reliability:${profile.name}] ${name}: ${value}`);
}
