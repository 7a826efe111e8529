import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HttpError } from '../../src/server/http/httpError';
import {
  failuresPerAccount,
  failuresPerAddress,
  failureWindowMs,
  LoginThrottle,
} from '../../src/server/http/loginThrottle';

function refusal(run: () => void): HttpError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

describe('the failed-login throttle', () => {
  const alice = { address: '10.0.0.1', username: 'alice', password: 'guess' };
  const guess = (i: number) => ({ ...alice, password: `guess-${i}` });

  it('refuses an address and username after too many guesses, with Retry-After until the window passes', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < failuresPerAccount; i++) {
      assert.equal(
        refusal(() => throttle.assertAllowed(guess(i))),
        undefined,
        `attempt ${i}`,
      );
      throttle.recordFailure(guess(i));
      now += 1000;
    }
    const refused = refusal(() => throttle.assertAllowed({ ...alice, username: 'ALICE' }));
    assert.equal(refused?.status, 429);
    const retryAfter = Number(refused?.headers['Retry-After']);
    assert.equal(retryAfter, (failureWindowMs - failuresPerAccount * 1000) / 1000);
    assert.equal(
      refusal(() => throttle.assertAllowed({ ...alice, address: '10.0.0.2' })),
      undefined,
    );
    assert.equal(
      refusal(() => throttle.assertAllowed({ ...alice, username: 'bob' })),
      undefined,
    );
    now += retryAfter * 1000;
    assert.equal(
      refusal(() => throttle.assertAllowed(alice)),
      undefined,
      'the oldest failure left the window',
    );
  });

  it('counts one stale password retried many times as one failure', () => {
    const throttle = new LoginThrottle(() => 5);
    for (let i = 0; i < 10 * failuresPerAccount; i++) throttle.recordFailure(alice);
    assert.equal(
      refusal(() => throttle.assertAllowed(alice)),
      undefined,
    );
  });

  it('forgets the failures of an address and username on success', () => {
    const throttle = new LoginThrottle(() => 5);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < failuresPerAccount - 1; i++) throttle.recordFailure(guess(round * 100 + i));
      throttle.recordSuccess(alice);
    }
    assert.equal(
      refusal(() => throttle.assertAllowed(alice)),
      undefined,
    );
  });

  it('refuses an address spraying many usernames', () => {
    const throttle = new LoginThrottle(() => 5);
    for (let i = 0; i < failuresPerAddress; i++) {
      throttle.recordFailure({ address: '10.0.0.9', username: `u${i}`, password: 'Summer2026' });
    }
    const fresh = { address: '10.0.0.9', username: 'fresh', password: 'x' };
    assert.equal(refusal(() => throttle.assertAllowed(fresh))?.status, 429);
    assert.equal(
      refusal(() => throttle.assertAllowed({ ...fresh, address: '10.0.0.8' })),
      undefined,
    );
  });
});
