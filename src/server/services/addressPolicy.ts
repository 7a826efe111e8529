import type { AppServices } from './appServices';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { DomainError } from '../domain/errors';
import type { Logger } from '../log';

/**
 * The one rule for addresses the server itself connects to (migration sources, mirrors, and later webhook
 * targets), after Gitea's `[migrations] ALLOWED_DOMAINS` / `ALLOW_LOCALNETWORKS` and `[webhook]
 * ALLOWED_HOST_LIST`: public addresses are always allowed; while the server listens on loopback only the
 * local user can ask it anything, so loopback and private targets are allowed too; otherwise they are
 * refused unless `--allowed-hosts` names them. Every address a name resolves to is checked.
 */

export type AddressClass = 'loopback' | 'private' | 'public' | 'reserved';

const ranges: Readonly<Record<Exclude<AddressClass, 'public'>, readonly string[]>> = {
  // 0.0.0.0/8 and :: reach the local machine on Linux.
  loopback: ['127.0.0.0/8', '0.0.0.0/8', '::1/128', '::/128'],
  private: [
    '10.0.0.0/8',
    '172.16.0.0/12',
    '192.168.0.0/16',
    '100.64.0.0/10',
    '169.254.0.0/16',
    '192.0.0.0/24',
    '198.18.0.0/15',
    'fc00::/7',
    'fe80::/10',
    'fec0::/10',
  ],
  reserved: [
    '224.0.0.0/4',
    '240.0.0.0/4',
    '192.0.2.0/24',
    '198.51.100.0/24',
    '203.0.113.0/24',
    'ff00::/8',
    '2001:db8::/32',
    '100::/64',
  ],
};

function addCidr(list: BlockList, cidr: string): boolean {
  const [address = '', bits = ''] = cidr.split('/');
  const family = isIP(address);
  const prefix = Number(bits);
  if (family === 0 || !/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  return true;
}

const classLists = Object.fromEntries(
  Object.entries(ranges).map(([name, cidrs]) => {
    const list = new BlockList();
    for (const cidr of cidrs) addCidr(list, cidr);
    return [name, list];
  }),
) as Record<Exclude<AddressClass, 'public'>, BlockList>;

/** The 8 groups of an IPv6 address (`::` expanded, an embedded dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64), if any. */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  const v4 = (): string => `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  const zeroTo = (n: number): boolean => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(5) && g[5] === 0xffff) return v4();
  if (zeroTo(6) && (g[6] !== 0 || g[7]! > 1)) return v4();
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4();
  return undefined;
}

/** What kind of address `ip` is; IPv6 forms that carry an IPv4 address are judged by that address. */
export function classifyAddress(ip: string): AddressClass {
  const family = isIP(ip);
  if (family === 0) return 'reserved';
  if (family === 6) {
    const inner = embeddedIpv4(ip);
    if (inner !== undefined) return classifyAddress(inner);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const name of ['loopback', 'private', 'reserved'] as const) {
    if (classLists[name].check(ip, type)) return name;
  }
  return 'public';
}

export const isLoopbackHost = (host: string): boolean =>
  host.toLowerCase() === 'localhost' ||
  (isIP(host) !== 0 && classifyAddress(host) === 'loopback' && host !== '0.0.0.0' && host !== '::');

/** `--allowed-hosts`: `loopback`, `private`, `external`, `*`, IPs, CIDR ranges and host name globs (`*.corp.example`). */
export class AllowedHosts {
  private readonly builtins = new Set<string>();
  private readonly addresses = new BlockList();
  private readonly globs: RegExp[] = [];

  constructor(entries: readonly string[]) {
    for (const raw of entries.flatMap((entry) => entry.split(','))) {
      const entry = raw.trim().toLowerCase();
      if (entry === '') continue;
      if (['loopback', 'private', 'external', '*'].includes(entry)) this.builtins.add(entry);
      else if (entry.includes('/')) {
        if (!addCidr(this.addresses, entry)) throw new Error(`not a CIDR range: ${raw.trim()}`);
      } else if (isIP(entry) !== 0) addCidr(this.addresses, `${entry}/${isIP(entry) === 4 ? 32 : 128}`);
      else if (/^[a-z0-9*.-]+$/.test(entry)) {
        const pattern = entry.replace(/[.]/g, '\\.').replace(/\*/g, '[a-z0-9.-]*');
        this.globs.push(new RegExp(`^${pattern}$`));
      } else throw new Error(`not a host name, address or range: ${raw.trim()}`);
    }
  }

  matchesName(host: string): boolean {
    return this.builtins.has('*') || this.globs.some((glob) => glob.test(host.toLowerCase()));
  }

  matchesAddress(ip: string): boolean {
    if (this.builtins.has('*')) return true;
    const kind = classifyAddress(ip);
    if (kind === 'loopback' && this.builtins.has('loopback')) return true;
    if (kind === 'private' && this.builtins.has('private')) return true;
    if (kind === 'public' && this.builtins.has('external')) return true;
    return this.addresses.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6');
  }
}

/** A refused address: a 422 for the API, a recorded failure for a webhook delivery. */
export class AddressRefused extends DomainError {
  constructor(message: string) {
    super('invalid', message);
    this.name = 'AddressRefused';
  }
}

export type LookupAll = (host: string) => Promise<string[]>;

const systemLookup: LookupAll = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** A checked target: the URL as the server will use it, and the addresses it may connect to (to pin them). */
export interface CheckedTarget {
  readonly url: URL;
  /** The host name without IPv6 brackets. */
  readonly host: string;
  readonly port: number;
  readonly addresses: readonly string[];
}

export interface AddressPolicyOptions {
  /** The address the server listens on (`--host`). */
  readonly listenHost: string;
  /** `--allowed-hosts`, or a function answering them as they are now (the windows sharing the server add theirs). */
  readonly allowedHosts?: readonly string[] | (() => readonly string[]);
  readonly lookup?: LookupAll;
  readonly log?: Logger;
}

export class AddressPolicy {
  private allowedEntries: string | undefined;
  private allowedHosts = new AllowedHosts([]);
  private readonly localOnly: boolean;
  private readonly lookup: LookupAll;

  constructor(private readonly options: AddressPolicyOptions) {
    this.allowed();
    this.localOnly = isLoopbackHost(options.listenHost);
    this.lookup = options.lookup ?? systemLookup;
  }

  /** The allowed hosts as they are now, parsed again only when they changed. */
  private allowed(): AllowedHosts {
    const option = this.options.allowedHosts ?? [];
    const entries = typeof option === 'function' ? option() : option;
    const key = entries.join('\n');
    if (key !== this.allowedEntries) {
      this.allowedHosts = new AllowedHosts(entries);
      this.allowedEntries = key;
    }
    return this.allowedHosts;
  }

  private addressAllowed(ip: string): boolean {
    const kind = classifyAddress(ip);
    if (this.allowed().matchesAddress(ip)) return true;
    if (kind === 'public') return true;
    return this.localOnly && (kind === 'loopback' || kind === 'private');
  }

  private refuse(message: string): never {
    this.options.log?.info(`address policy: ${message}`);
    throw new AddressRefused(message);
  }

  /**
   * Checks an http(s) URL: scheme, then every address its host resolves to. Throws `AddressRefused` (422)
   * with a message fit for the user; credentials in the URL are never part of it.
   */
  async check(url: URL): Promise<CheckedTarget> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      this.refuse(`the URL scheme "${url.protocol.replace(/:$/, '')}" is not allowed; use http or https`);
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (host === '') this.refuse('the URL has no host');
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    let addresses: string[];
    try {
      addresses = isIP(host) !== 0 ? [host] : await this.lookup(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) this.refuse(`the host "${host}" could not be resolved`);
    if (!this.allowed().matchesName(host)) {
      const refused = addresses.find((ip) => !this.addressAllowed(ip));
      if (refused !== undefined) {
        const kind = classifyAddress(refused);
        this.refuse(
          `the host "${host}" resolves to a ${kind} address (${refused}) that this server may not connect to; ` +
            'an administrator can allow it with --allowed-hosts',
        );
      }
    }
    return { url, host, port, addresses };
  }
}

/** The one address policy of a running server (`--host`, `--allowed-hosts` and the sharing windows' hosts). */
export const addressPolicyFor = (app: Pick<AppServices, 'config' | 'log' | 'allowedHosts'>): AddressPolicy =>
  new AddressPolicy({ listenHost: app.config.host, allowedHosts: app.allowedHosts, log: app.log });
