import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { ByteReader } from './byteReader';
import { pgpAlgorithm, type PgpPublicKey } from './publicKeyPacket';
import type { PgpSignature } from './signaturePacket';

/**
 * Checks self-signatures with node:crypto where it can: RSA, ECDSA on the NIST curves, and Ed25519 (legacy
 * EdDSA and the RFC 9580 algorithm). For the others (DSA, Ed448, brainpool…) only the digest's two-octet
 * prefix is compared, which catches altered data but not a forged signature.
 */
export type SignatureCheck = 'valid' | 'invalid' | 'unchecked';

// Hash algorithm IDs (RFC 9580 §9.5) with OpenSSL's names.
const hashNames: Readonly<Record<number, string>> = {
  2: 'sha1',
  3: 'ripemd160',
  8: 'sha256',
  9: 'sha384',
  10: 'sha512',
  11: 'sha224',
  12: 'sha3-256',
  14: 'sha3-512',
};

const nistCurves: Readonly<Record<string, { jwk: string; bytes: number }>> = {
  nistp256: { jwk: 'P-256', bytes: 32 },
  nistp384: { jwk: 'P-384', bytes: 48 },
  nistp521: { jwk: 'P-521', bytes: 66 },
};

/** A big-endian magnitude left-padded with zeros to `length` octets. */
function padded(value: Buffer, length: number): Buffer {
  if (value.length >= length) return value;
  return Buffer.concat([Buffer.alloc(length - value.length), value]);
}

const ed25519Key = (raw: Buffer): KeyObject =>
  createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });

/** The signature's values read as MPIs (RSA: s; ECDSA and legacy EdDSA: r, s). */
function mpis(material: Buffer, count: number): Buffer[] {
  const reader = new ByteReader(material, 'signature values');
  return Array.from({ length: count }, (_, index) => reader.mpi(`signature value ${index + 1}`).value);
}

function verifyWithKey(
  signer: PgpPublicKey,
  hashName: string,
  message: Buffer,
  digest: Buffer,
  material: Buffer,
): boolean | undefined {
  const [first = Buffer.alloc(0), second = Buffer.alloc(0)] = signer.params;
  switch (signer.algorithm) {
    case pgpAlgorithm.rsa:
    case pgpAlgorithm.rsaSignOnly: {
      const key = createPublicKey({
        key: { kty: 'RSA', n: first.toString('base64url'), e: second.toString('base64url') },
        format: 'jwk',
      });
      const [s = Buffer.alloc(0)] = mpis(material, 1);
      return verify(hashName, message, key, padded(s, first.length));
    }
    case pgpAlgorithm.ecdsa: {
      const curve = signer.curve ? nistCurves[signer.curve] : undefined;
      if (!curve || first.length !== 1 + 2 * curve.bytes || first[0] !== 0x04) return undefined;
      const key = createPublicKey({
        key: {
          kty: 'EC',
          crv: curve.jwk,
          x: first.subarray(1, 1 + curve.bytes).toString('base64url'),
          y: first.subarray(1 + curve.bytes).toString('base64url'),
        },
        format: 'jwk',
      });
      const [r = Buffer.alloc(0), s = Buffer.alloc(0)] = mpis(material, 2);
      const signature = Buffer.concat([padded(r, curve.bytes), padded(s, curve.bytes)]);
      return verify(hashName, message, { key, dsaEncoding: 'ieee-p1363' }, signature);
    }
    case pgpAlgorithm.eddsaLegacy: {
      // the point is 0x40 and the 32 native octets; EdDSA signs the digest, not the message
      if (signer.curve !== 'ed25519' || first.length !== 33 || first[0] !== 0x40) return undefined;
      const [r = Buffer.alloc(0), s = Buffer.alloc(0)] = mpis(material, 2);
      return verify(
        null,
        digest,
        ed25519Key(first.subarray(1)),
        Buffer.concat([padded(r, 32), padded(s, 32)]),
      );
    }
    case pgpAlgorithm.ed25519:
      return verify(null, digest, ed25519Key(first), material);
    default:
      return undefined;
  }
}

/** Checks `signature`, made by `signer` over `signedData` (the key, User ID or subkey material it binds). */
export function checkSignature(
  signature: PgpSignature,
  signer: PgpPublicKey,
  signedData: Buffer,
): SignatureCheck {
  const signed = signature.signed;
  if (!signed) return 'unchecked';
  const hashName = hashNames[signed.hashAlgorithm];
  if (!hashName) return 'invalid';
  // the trailer: version, 0xFF, and the length of the hashed part (RFC 9580 §5.2.4)
  const trailer = Buffer.alloc(6);
  trailer[0] = signature.version;
  trailer[1] = 0xff;
  trailer.writeUInt32BE(signed.hashedPart.length, 2);
  const message = Buffer.concat([signed.salt, signedData, signed.hashedPart, trailer]);
  let digest: Buffer;
  try {
    digest = createHash(hashName).update(message).digest();
  } catch {
    return 'unchecked';
  }
  if (!digest.subarray(0, 2).equals(signed.hashPrefix)) return 'invalid';
  if (signed.publicKeyAlgorithm !== signer.algorithm) return 'invalid';
  try {
    const verified = verifyWithKey(signer, hashName, message, digest, signed.material);
    if (verified === undefined) return 'unchecked';
    return verified ? 'valid' : 'invalid';
  } catch {
    // a malformed key or signature value
    return 'invalid';
  }
}
