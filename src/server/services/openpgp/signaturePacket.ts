import { ByteReader } from './byteReader';
import { OpenPgpError } from './errors';

/** Signature types (RFC 9580 §5.2.1) that shape a transferable public key. */
export const signatureType = {
  genericCertification: 0x10,
  positiveCertification: 0x13,
  subkeyBinding: 0x18,
  directKey: 0x1f,
  keyRevocation: 0x20,
  subkeyRevocation: 0x28,
  certificationRevocation: 0x30,
} as const;

/** Key flags (RFC 9580 §5.2.3.29), first octet. */
export const keyFlag = {
  certify: 0x01,
  sign: 0x02,
  encryptCommunications: 0x04,
  encryptStorage: 0x08,
  authenticate: 0x20,
} as const;

/** What a signature says about a key; its cryptographic value is not checked here. */
export interface PgpSignature {
  version: number;
  type: number;
  /** Signature creation time, unix seconds (0 when absent). */
  created: number;
  /** The first octet of the key flags subpacket, when present. */
  keyFlags?: number;
  /** Key expiration in seconds after the key's creation; 0 means never. */
  keyExpirationSeconds?: number;
  primaryUserId: boolean;
  /** Uppercase hex key ID of the issuer (from the issuer subpacket, the fingerprint, or a v3 header). */
  issuerKeyId?: string;
  /** Uppercase hex fingerprint of the issuer, when the signature names it. */
  issuerFingerprint?: string;
  /** What checking the signature needs (v4 and v6 signatures only). */
  signed?: SignedPart;
}

/** The parts of a v4 or v6 signature that its hash and its cryptographic check use (RFC 9580 §5.2.4). */
export interface SignedPart {
  publicKeyAlgorithm: number;
  hashAlgorithm: number;
  /** From the version octet to the end of the hashed subpackets: hashed after the signed data. */
  hashedPart: Buffer;
  /** The digest's first two octets, as the signature states them. */
  hashPrefix: Buffer;
  /** v6 only: hashed before everything else. */
  salt: Buffer;
  /** The algorithm-specific signature values. */
  material: Buffer;
}

const subpacketType = {
  creationTime: 2,
  keyExpirationTime: 9,
  issuerKeyId: 16,
  primaryUserId: 25,
  keyFlags: 27,
  issuerFingerprint: 33,
} as const;

/** Reads a subpacket area (RFC 9580 §5.2.3.7) into `signature`. */
function readSubpackets(area: Buffer, signature: PgpSignature, hashed: boolean): void {
  const reader = new ByteReader(area, 'signature subpacket area');
  while (reader.remaining > 0) {
    const first = reader.uint8('subpacket length');
    let length: number;
    if (first < 192) length = first;
    else if (first < 255) length = ((first - 192) << 8) + reader.uint8('subpacket length') + 192;
    else length = reader.uint32('subpacket length');
    if (length === 0) throw new OpenPgpError('a signature subpacket has no type');
    const type = reader.uint8('subpacket type') & 0x7f;
    const data = reader.bytes(length - 1, `subpacket ${type}`);
    // only hashed subpackets are covered by the signature; the issuer is advisory and may sit in either area
    if (type === subpacketType.issuerKeyId && data.length === 8) {
      signature.issuerKeyId ??= data.toString('hex').toUpperCase();
    } else if (type === subpacketType.issuerFingerprint && data.length > 1) {
      signature.issuerFingerprint ??= data.subarray(1).toString('hex').toUpperCase();
    } else if (!hashed) {
      continue;
    } else if (type === subpacketType.creationTime && data.length === 4) {
      signature.created = data.readUInt32BE(0);
    } else if (type === subpacketType.keyExpirationTime && data.length === 4) {
      signature.keyExpirationSeconds = data.readUInt32BE(0);
    } else if (type === subpacketType.primaryUserId && data.length === 1) {
      signature.primaryUserId = data[0] !== 0;
    } else if (type === subpacketType.keyFlags && data.length >= 1) {
      signature.keyFlags = data[0] ?? 0;
    }
  }
}

/**
 * Parses a signature packet's metadata (versions 3, 4 and 6). Returns undefined for versions we do not know
 * (gpg ignores those too), so one odd signature does not make the whole key unreadable.
 */
export function parseSignaturePacket(body: Buffer): PgpSignature | undefined {
  const reader = new ByteReader(body, 'signature packet');
  const version = reader.uint8('version');
  if (version === 3) {
    if (reader.uint8('hashed length') !== 5)
      throw new OpenPgpError('a version 3 signature has a malformed header');
    const type = reader.uint8('type');
    const created = reader.uint32('creation time');
    const issuerKeyId = reader.bytes(8, 'issuer key ID').toString('hex').toUpperCase();
    return { version, type, created, primaryUserId: false, issuerKeyId };
  }
  if (version !== 4 && version !== 6) return undefined;
  const signature: PgpSignature = { version, type: reader.uint8('type'), created: 0, primaryUserId: false };
  const publicKeyAlgorithm = reader.uint8('public-key algorithm');
  const hashAlgorithm = reader.uint8('hash algorithm');
  const areaLength = (field: string): number => (version === 4 ? reader.uint16(field) : reader.uint32(field));
  readSubpackets(reader.bytes(areaLength('hashed area length'), 'hashed subpackets'), signature, true);
  const hashedPart = body.subarray(0, reader.offset);
  readSubpackets(reader.bytes(areaLength('unhashed area length'), 'unhashed subpackets'), signature, false);
  const hashPrefix = reader.bytes(2, 'hash prefix');
  const salt = version === 6 ? reader.bytes(reader.uint8('salt length'), 'salt') : Buffer.alloc(0);
  signature.signed = {
    publicKeyAlgorithm,
    hashAlgorithm,
    hashedPart,
    hashPrefix,
    salt,
    material: reader.rest(),
  };
  if (signature.issuerFingerprint && !signature.issuerKeyId) {
    // v4 key IDs are the fingerprint's low 64 bits, v6 ones its high 64 bits
    const fpr = signature.issuerFingerprint;
    signature.issuerKeyId = fpr.length === 40 ? fpr.slice(-16) : fpr.slice(0, 16);
  }
  return signature;
}
