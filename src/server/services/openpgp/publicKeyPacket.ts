import { createHash } from 'node:crypto';
import { ByteReader } from './byteReader';
import { OpenPgpError } from './errors';

/** Public-key algorithm IDs (RFC 9580 §9.1). */
export const pgpAlgorithm = {
  rsa: 1,
  rsaEncryptOnly: 2,
  rsaSignOnly: 3,
  elgamal: 16,
  dsa: 17,
  ecdh: 18,
  ecdsa: 19,
  eddsaLegacy: 22,
  x25519: 25,
  x448: 26,
  ed25519: 27,
  ed448: 28,
} as const;

/** A parsed public key or subkey packet. */
export interface PgpPublicKey {
  version: 4 | 5 | 6;
  algorithm: number;
  /** Key size as gpg reports it (modulus or prime bits; the curve's size for ECC). */
  bits: number;
  /** The curve name for ECC keys (gpg's names: ed25519, cv25519, nistp256, …). */
  curve?: string;
  /** Creation time, unix seconds. */
  created: number;
  /** Uppercase hex: SHA-1 for v4, SHA-256 for v5 and v6. */
  fingerprint: string;
  /** Uppercase hex, 16 digits: the low 64 bits of a v4 fingerprint, the high 64 bits of a v5/v6 one. */
  keyId: string;
  /** The packet body. */
  body: Buffer;
  /** What fingerprints and signatures hash for this key: the version's prefix octet, the length, the body. */
  hashInput: Buffer;
  /** The algorithm's public values in order (MPI magnitudes, or native octet strings). */
  params: Buffer[];
}

// Curve OIDs (RFC 9580 §9.2) with gpg's names and sizes.
const curves: ReadonlyMap<string, { name: string; bits: number }> = new Map([
  ['2a8648ce3d030107', { name: 'nistp256', bits: 256 }],
  ['2b81040022', { name: 'nistp384', bits: 384 }],
  ['2b81040023', { name: 'nistp521', bits: 521 }],
  ['2b2403030208010107', { name: 'brainpoolP256r1', bits: 256 }],
  ['2b240303020801010b', { name: 'brainpoolP384r1', bits: 384 }],
  ['2b240303020801010d', { name: 'brainpoolP512r1', bits: 512 }],
  ['2b8104000a', { name: 'secp256k1', bits: 256 }],
  ['2b06010401da470f01', { name: 'ed25519', bits: 255 }],
  ['2b060104019755010501', { name: 'cv25519', bits: 255 }],
  ['2b6571', { name: 'ed448', bits: 448 }],
  ['2b656f', { name: 'cv448', bits: 448 }],
]);

function readCurve(reader: ByteReader): { name: string; bits: number } {
  const length = reader.uint8('curve OID length');
  if (length === 0 || length === 0xff) throw new OpenPgpError('the curve OID length is reserved');
  const oid = reader.bytes(length, 'curve OID').toString('hex');
  const curve = curves.get(oid);
  if (!curve) throw new OpenPgpError(`unsupported elliptic curve (OID ${oid})`);
  return curve;
}

/** Reads the algorithm-specific public fields: the key size (and curve), and the values in order. */
function readKeyMaterial(
  reader: ByteReader,
  algorithm: number,
): { bits: number; curve?: string; params: Buffer[] } {
  const params: Buffer[] = [];
  const mpi = (field: string): { bits: number } => {
    const value = reader.mpi(field);
    params.push(value.value);
    return value;
  };
  const native = (length: number, field: string): void => {
    params.push(reader.bytes(length, field));
  };
  const size = (bits: number, curve?: string): { bits: number; curve?: string; params: Buffer[] } => ({
    bits,
    ...(curve ? { curve } : {}),
    params,
  });
  switch (algorithm) {
    case pgpAlgorithm.rsa:
    case pgpAlgorithm.rsaEncryptOnly:
    case pgpAlgorithm.rsaSignOnly: {
      const modulus = mpi('RSA modulus');
      mpi('RSA exponent');
      return size(modulus.bits);
    }
    case pgpAlgorithm.elgamal: {
      const prime = mpi('Elgamal prime');
      mpi('Elgamal generator');
      mpi('Elgamal public value');
      return size(prime.bits);
    }
    case pgpAlgorithm.dsa: {
      const prime = mpi('DSA prime');
      mpi('DSA group order');
      mpi('DSA generator');
      mpi('DSA public value');
      return size(prime.bits);
    }
    case pgpAlgorithm.ecdsa:
    case pgpAlgorithm.eddsaLegacy:
    case pgpAlgorithm.ecdh: {
      const curve = readCurve(reader);
      mpi('EC point');
      if (algorithm === pgpAlgorithm.ecdh) {
        const kdfLength = reader.uint8('KDF parameters length');
        const kdf = reader.bytes(kdfLength, 'KDF parameters');
        if (kdfLength < 3 || kdf[0] !== 0x01) throw new OpenPgpError('the ECDH KDF parameters are malformed');
      }
      return size(curve.bits, curve.name);
    }
    case pgpAlgorithm.x25519:
      native(32, 'X25519 public key');
      return size(255, 'cv25519');
    case pgpAlgorithm.x448:
      native(56, 'X448 public key');
      return size(448, 'cv448');
    case pgpAlgorithm.ed25519:
      native(32, 'Ed25519 public key');
      return size(255, 'ed25519');
    case pgpAlgorithm.ed448:
      native(57, 'Ed448 public key');
      return size(448, 'ed448');
    default:
      throw new OpenPgpError(`unsupported public-key algorithm ${algorithm}`);
  }
}

/** Parses a public key or public subkey packet body (versions 4, 5 and 6). */
export function parsePublicKeyPacket(body: Buffer): PgpPublicKey {
  const reader = new ByteReader(body, 'public key packet');
  const version = reader.uint8('version');
  if (version === 2 || version === 3) {
    throw new OpenPgpError(`version ${version} keys are obsolete and not supported: create a new key`);
  }
  if (version !== 4 && version !== 5 && version !== 6)
    throw new OpenPgpError(`unknown key version ${version}`);
  const created = reader.uint32('creation time');
  const algorithm = reader.uint8('algorithm');
  let material = reader;
  if (version !== 4) {
    // v5 and v6 state the length of the key material, which must match what the algorithm reads
    const length = reader.uint32('key material length');
    material = new ByteReader(reader.bytes(length, 'key material'), 'public key material');
  }
  const { bits, curve, params } = readKeyMaterial(material, algorithm);
  material.end();
  reader.end();
  if (version === 4 && body.length > 0xffff)
    throw new OpenPgpError('a version 4 key packet cannot exceed 65535 bytes');
  const hashPrefix = Buffer.alloc(version === 4 ? 3 : 5);
  hashPrefix[0] = version === 4 ? 0x99 : version === 5 ? 0x9a : 0x9b;
  if (version === 4) hashPrefix.writeUInt16BE(body.length, 1);
  else hashPrefix.writeUInt32BE(body.length, 1);
  const hashInput = Buffer.concat([hashPrefix, body]);
  const fingerprint = createHash(version === 4 ? 'sha1' : 'sha256')
    .update(hashInput)
    .digest('hex')
    .toUpperCase();
  const keyId = version === 4 ? fingerprint.slice(-16) : fingerprint.slice(0, 16);
  return {
    version,
    algorithm,
    bits,
    ...(curve ? { curve } : {}),
    created,
    fingerprint,
    keyId,
    body,
    hashInput,
    params,
  };
}
