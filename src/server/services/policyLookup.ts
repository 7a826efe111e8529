import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import type { AddressPolicy } from './addressPolicy';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup for undici's `connect` that resolves every host through the address policy, so a connection
 * reaches only the addresses the policy approved (no DNS rebinding between the check and the connect).
 */
export function policyLookup(
  policy: AddressPolicy,
): (hostname: string, options: LookupOptions, callback: LookupCallback) => void {
  return (hostname, options, callback) => {
    const host = isIP(hostname) === 6 ? `[${hostname}]` : hostname;
    policy.check(new URL(`http://${host}/`)).then(
      (target) => {
        const addresses = target.addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, ''),
    );
  };
}
