import type { Agent } from 'undici';
import { undici } from '../../net/undici';
import { policyLookup } from '../policyLookup';
import { AddressRefused, type AddressPolicy } from '../addressPolicy';
import type { DeliveryRequest } from './deliveryRequest';

/** How one attempt went. `status` is 0 when no answer came. */
export interface AttemptOutcome {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The start of the answer's body. */
  readonly bodyExcerpt: string;
  readonly error: string;
  readonly succeeded: boolean;
  readonly startedAt: number;
  readonly durationMs: number;
}

/** How much of a receiver's answer is kept, and read at most (a receiver may answer without end). */
export const responseExcerptBytes = 1024;
const responseReadLimit = 64 * 1024;

/**
 * Posts deliveries. Every connection goes through the address policy: the target is checked before the
 * request (a clear refusal to record), and the connection itself resolves names through the policy, so it
 * reaches only addresses the policy allowed (no DNS rebinding between the check and the connect).
 */
export class DeliverySender {
  /** Made at the first delivery (net/undici.ts). */
  private agent: Agent | undefined;

  constructor(
    private readonly policy: AddressPolicy,
    private readonly timeoutMs: number,
  ) {}

  private dispatcher(): Agent {
    this.agent ??= new (undici().Agent)({
      connect: { lookup: policyLookup(this.policy), timeout: this.timeoutMs },
      keepAliveTimeout: 4_000,
    });
    return this.agent;
  }

  /** Sends one attempt; never throws. `stop` aborts it (the caller tells that from a timeout by the signal). */
  async send(delivery: DeliveryRequest, stop: AbortSignal): Promise<AttemptOutcome> {
    const startedAt = Date.now();
    const started = performance.now();
    const done = (outcome: Omit<AttemptOutcome, 'startedAt' | 'durationMs'>): AttemptOutcome => ({
      ...outcome,
      startedAt,
      durationMs: Math.round(performance.now() - started),
    });
    const timeout = AbortSignal.timeout(this.timeoutMs);
    try {
      await this.policy.check(new URL(delivery.url));
      const response = await undici().request(delivery.url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        dispatcher: this.dispatcher(),
        signal: AbortSignal.any([stop, timeout]),
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      const body = await readExcerpt(response.body);
      const headers = Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(',') : (value ?? ''),
        ]),
      );
      const succeeded = response.statusCode >= 200 && response.statusCode < 300;
      return done({
        status: response.statusCode,
        headers,
        bodyExcerpt: body,
        error: succeeded ? '' : `the receiver answered ${response.statusCode}`,
        succeeded,
      });
    } catch (error) {
      const message = timeout.aborted
        ? `timed out after ${this.timeoutMs} ms`
        : error instanceof AddressRefused
          ? error.message
          : describe(error);
      return done({ status: 0, headers: {}, bodyExcerpt: '', error: message, succeeded: false });
    }
  }

  async close(): Promise<void> {
    await this.agent?.destroy();
  }
}

/** The first bytes of a body, the rest read up to a limit and dropped (so the connection can be reused). */
async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of body) {
    if (read < responseExcerptBytes) chunks.push(chunk);
    read += chunk.length;
    if (read > responseReadLimit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, responseExcerptBytes).toString('utf8');
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
