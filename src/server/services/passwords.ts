import { randomBytes, randomInt, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt with a per-user salt; the parameters are stored with the hash so they can change later. */
const params = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;
const scheme = 'scrypt';

export interface PasswordHash {
  /** `scrypt$N$r$p$<hex>` */
  hash: string;
  salt: string;
}

function options(N: number, r: number, p: number): ScryptOptions {
  return { N, r, p, maxmem: 128 * N * r * 2 };
}

export function hashPassword(password: string): PasswordHash {
  const salt = randomBytes(16).toString('hex');
  const key = scryptSync(password, salt, params.keyLength, options(params.N, params.r, params.p));
  return { hash: `${scheme}$${params.N}$${params.r}$${params.p}$${key.toString('hex')}`, salt };
}

/** Constant-time check of a password against a stored hash; false for accounts without a password. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const [name, n, r, p, hex] = stored.hash.split('$');
  if (name !== scheme || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, stored.salt, expected.length, options(Number(n), Number(r), Number(p)), (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A random password for bootstrapped accounts: 20 characters from an unambiguous alphabet. */
export function randomPassword(length = 20): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}
