import { createHmac, randomBytes } from 'node:crypto';
import { HttpError } from './httpError';

/** Distinct failed passwords allowed per address and username within the window before 429. */
export const failuresPerAccount = 10;
/** Distinct failed logins allowed per address (any usernames) within the window: stops username spraying. */
export const failuresPerAddress = 50;
export const failureWindowMs = 10 * 60 * 1000;

/** Where a login attempt comes from, and what it tried. */
export interface LoginAttempt {
  readonly address: string;
  readonly username: string;
  readonly password: string;
}

interface Failure {
  readonly at: number;
  /** A keyed hash of username and password: tells attempts apart without keeping anything reversible. */
  readonly tried: string;
}

/**
 * Slows down password guessing over HTTP Basic (the API and smart HTTP): after too many failures in the
 * window from one address (for one username, or in all), further password attempts answer 429 with
 * `Retry-After` until the oldest failure leaves the window. Only failures count, and only distinct
 * passwords: a client retrying one stale password (a credential helper, a test) is not guessing. A success
 * clears that address and username. Kept in memory; a restart forgets.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, Failure[]>();
  private readonly key = randomBytes(32);

  constructor(private readonly now: () => number = Date.now) {}

  private static keys(attempt: LoginAttempt): [account: string, address: string] {
    return [`${attempt.address}\n${attempt.username.toLowerCase()}`, `${attempt.address}\n`];
  }

  private recent(key: string): Failure[] {
    const cutoff = this.now() - failureWindowMs;
    const kept = (this.failures.get(key) ?? []).filter((failure) => failure.at > cutoff);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Throws 429 when this address (and username) has failed too often lately. */
  assertAllowed(attempt: LoginAttempt): void {
    const [account, address] = LoginThrottle.keys(attempt);
    for (const [key, limit] of [
      [account, failuresPerAccount],
      [address, failuresPerAddress],
    ] as const) {
      const recent = this.recent(key);
      if (recent.length >= limit) {
        const leaves = recent[recent.length - limit]!.at + failureWindowMs;
        throw new HttpError(429, 'too many failed login attempts; try again later', {
          'Retry-After': String(Math.max(1, Math.ceil((leaves - this.now()) / 1000))),
        });
      }
    }
  }

  recordFailure(attempt: LoginAttempt): void {
    const tried = createHmac('sha256', this.key)
      .update(`${attempt.username.toLowerCase()}\n${attempt.password}`)
      .digest('base64');
    const at = this.now();
    for (const key of LoginThrottle.keys(attempt)) {
      const recent = this.recent(key);
      if (recent.some((failure) => failure.tried === tried)) continue;
      recent.push({ at, tried });
      this.failures.set(key, recent);
    }
    if (this.failures.size > 100_000) this.forgetOldest();
  }

  recordSuccess(attempt: LoginAttempt): void {
    this.failures.delete(LoginThrottle.keys(attempt)[0]);
  }

  /** Bounds memory under a flood of distinct addresses and usernames: the oldest entries go first. */
  private forgetOldest(): void {
    for (const key of [...this.failures.keys()].slice(0, this.failures.size / 2)) this.failures.delete(key);
  }
}

const throttles = new WeakMap<object, LoginThrottle>();

/** One throttle per server instance (keyed by its database handle), shared by the API and smart HTTP. */
export function loginThrottleFor(owner: object): LoginThrottle {
  let throttle = throttles.get(owner);
  if (!throttle) {
    throttle = new LoginThrottle();
    throttles.set(owner, throttle);
  }
  return throttle;
}
