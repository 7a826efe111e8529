import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { statusOfError } from '../../src/server/http/errorStatus';
import {
  AddressPolicy,
  AddressRefused,
  AllowedHosts,
  classifyAddress,
  isLoopbackHost,
  type LookupAll,
} from '../../src/server/services/addressPolicy';

/** A resolver that knows a few names, so no test depends on real DNS. */
const fakeDns: LookupAll = async (host) => {
  const table: Record<string, string[]> = {
    'public.example': ['93.184.216.34'],
    'dual.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'rebind.example': ['93.184.216.34', '127.0.0.1'],
    'intranet.corp.example': ['10.1.2.3'],
    'loop.example': ['127.0.0.1'],
    'v6loop.example': ['::1'],
  };
  const found = table[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

const policy = (listenHost: string, allowedHosts: string[] = []): AddressPolicy =>
  new AddressPolicy({ listenHost, allowedHosts, lookup: fakeDns });

const refused = async (check: Promise<unknown>, pattern: RegExp): Promise<void> => {
  await assert.rejects(check, (error: unknown) => {
    assert.ok(error instanceof AddressRefused);
    assert.equal(statusOfError(error), 422);
    assert.match(error.message, pattern);
    return true;
  });
};

describe('classifying addresses', () => {
  const cases: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['::1', 'loopback'],
    ['::', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'private'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['ff02::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['not an address', 'reserved'],
  ];
  for (const [address, kind] of cases) {
    test(`${address} is ${kind}`, () => assert.equal(classifyAddress(address), kind));
  }

  test('the listen host counts as loopback for 127.x, ::1 and localhost, not for wildcards', () => {
    assert.equal(isLoopbackHost('127.0.0.1'), true);
    assert.equal(isLoopbackHost('localhost'), true);
    assert.equal(isLoopbackHost('::1'), true);
    assert.equal(isLoopbackHost('0.0.0.0'), false);
    assert.equal(isLoopbackHost('::'), false);
    assert.equal(isLoopbackHost('192.168.1.10'), false);
  });
});

describe('a server listening on loopback', () => {
  test('allows loopback, private and public targets', async () => {
    const p = policy('127.0.0.1');
    for (const url of [
      'http://127.0.0.1:3000/a.git',
      'http://[::1]/a.git',
      'http://10.0.0.5/a.git',
      'https://public.example/a.git',
      'http://loop.example/a',
    ]) {
      const target = await p.check(new URL(url));
      assert.ok(target.addresses.length > 0, url);
    }
  });

  test('still refuses schemes other than http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://public.example/x', 'git://public.example/x', 'ext::sh']) {
      await refused(policy('127.0.0.1').check(new URL(url)), /scheme/);
    }
  });

  test('refuses multicast and other reserved addresses', async () => {
    await refused(policy('127.0.0.1').check(new URL('http://224.0.0.1/x')), /reserved address/);
  });
});

describe('a server listening beyond loopback', () => {
  const open = policy('0.0.0.0');

  test('allows public targets and answers the addresses to pin', async () => {
    const target = await open.check(new URL('https://dual.example:8443/repo.git'));
    assert.equal(target.host, 'dual.example');
    assert.equal(target.port, 8443);
    assert.deepEqual([...target.addresses].sort(), ['2606:2800:220:1:248:1893:25c8:1946', '93.184.216.34']);
    assert.equal((await open.check(new URL('http://public.example/x'))).port, 80);
  });

  test('refuses loopback, private and link-local targets, by address or by name', async () => {
    await refused(open.check(new URL('http://127.0.0.1/x')), /loopback address \(127\.0\.0\.1\)/);
    await refused(open.check(new URL('http://[::1]/x')), /loopback/);
    await refused(open.check(new URL('http://10.0.0.5/x')), /private/);
    await refused(open.check(new URL('http://169.254.169.254/latest/meta-data')), /private/);
    await refused(
      open.check(new URL('http://loop.example/x')),
      /"loop\.example" resolves to a loopback address/,
    );
    await refused(open.check(new URL('http://v6loop.example/x')), /loopback/);
  });

  test('refuses IPv4 loopback written as IPv6 or in shorthand', async () => {
    await refused(open.check(new URL('http://[::ffff:127.0.0.1]/x')), /loopback/);
    await refused(open.check(new URL('http://0x7f.1/x')), /loopback/);
    await refused(open.check(new URL('http://2130706433/x')), /loopback/);
  });

  test('checks every address a name resolves to', async () => {
    await refused(open.check(new URL('http://rebind.example/x')), /loopback address \(127\.0\.0\.1\)/);
  });

  test('refuses names that do not resolve', async () => {
    await refused(open.check(new URL('http://nowhere.example/x')), /could not be resolved/);
  });

  test('the message never carries credentials from the URL', async () => {
    await assert.rejects(open.check(new URL('http://user:s3cret@127.0.0.1/x')), (error: Error) => {
      assert.doesNotMatch(error.message, /s3cret/);
      return true;
    });
  });
});

describe('--allowed-hosts', () => {
  test('"loopback" and "private" allow those classes', async () => {
    const p = policy('0.0.0.0', ['loopback']);
    assert.ok(await p.check(new URL('http://127.0.0.1/x')));
    await refused(p.check(new URL('http://10.0.0.1/x')), /private/);
    assert.ok(await policy('0.0.0.0', ['private']).check(new URL('http://10.0.0.1/x')));
  });

  test('host name globs allow a name whatever it resolves to', async () => {
    const p = policy('0.0.0.0', ['*.corp.example']);
    assert.ok(await p.check(new URL('http://intranet.corp.example/x')));
    await refused(p.check(new URL('http://loop.example/x')), /loopback/);
  });

  test('CIDR ranges and single addresses allow matching addresses', async () => {
    const p = policy('0.0.0.0', ['10.1.0.0/16,192.168.7.7', 'fd00::/8']);
    assert.ok(await p.check(new URL('http://intranet.corp.example/x')));
    assert.ok(await p.check(new URL('http://192.168.7.7/x')));
    assert.ok(await p.check(new URL('http://[fd00::5]/x')));
    await refused(p.check(new URL('http://192.168.7.8/x')), /private/);
  });

  test('"*" allows everything, reserved addresses included', async () => {
    assert.ok(await policy('0.0.0.0', ['*']).check(new URL('http://224.0.0.1/x')));
  });

  test('entries that are neither names, addresses nor ranges are rejected', () => {
    assert.throws(() => new AllowedHosts(['10.0.0.0/99']), /not a CIDR range/);
    assert.throws(() => new AllowedHosts(['bad host!']), /not a host name/);
    assert.doesNotThrow(() => new AllowedHosts(['', ' loopback ', 'EXTERNAL']));
  });
});
