import { decodeArmor } from './armor';
import { OpenPgpError } from './errors';
import { packetTag, readPackets, type Packet } from './packets';
import { parsePublicKeyPacket, pgpAlgorithm, type PgpPublicKey } from './publicKeyPacket';
import { keyFlag, parseSignaturePacket, signatureType, type PgpSignature } from './signaturePacket';
import { checkSignature } from './signatureVerify';
import { splitUserId, type PgpUserIdParts } from './userId';

/** What a key may be used for, from its key flags or, without them, from its algorithm. */
export interface PgpCapabilities {
  sign: boolean;
  certify: boolean;
  encryptCommunications: boolean;
  encryptStorage: boolean;
}

export interface PgpKeyWithUsage extends PgpPublicKey {
  capabilities: PgpCapabilities;
  /** Expiry, unix seconds; 0 when the key never expires. */
  expires: number;
}

export interface PgpUserId extends PgpUserIdParts {
  text: string;
  primary: boolean;
}

/** A transferable public key (RFC 9580 §10.1): a primary key, its User IDs and its subkeys. */
export interface PgpEntity {
  primary: PgpKeyWithUsage;
  /** User IDs with a self-certification that are not revoked, the primary one first. */
  userIds: PgpUserId[];
  subkeys: PgpKeyWithUsage[];
  /** The entity's packets as they were given, for re-armoring one key of several. */
  packets: Buffer;
}

// Self-signatures are checked (signatureVerify.ts) as Gitea's OpenPGP library checks them; third-party
// certifications are ignored.

const signingAlgorithms: ReadonlySet<number> = new Set([
  pgpAlgorithm.rsa,
  pgpAlgorithm.rsaSignOnly,
  pgpAlgorithm.dsa,
  pgpAlgorithm.ecdsa,
  pgpAlgorithm.eddsaLegacy,
  pgpAlgorithm.ed25519,
  pgpAlgorithm.ed448,
]);
const encryptionAlgorithms: ReadonlySet<number> = new Set([
  pgpAlgorithm.rsa,
  pgpAlgorithm.rsaEncryptOnly,
  pgpAlgorithm.elgamal,
  pgpAlgorithm.ecdh,
  pgpAlgorithm.x25519,
  pgpAlgorithm.x448,
]);

function capabilities(key: PgpPublicKey, flags: number | undefined, isPrimary: boolean): PgpCapabilities {
  if (flags !== undefined) {
    return {
      sign: (flags & keyFlag.sign) !== 0,
      certify: (flags & keyFlag.certify) !== 0,
      encryptCommunications: (flags & keyFlag.encryptCommunications) !== 0,
      encryptStorage: (flags & keyFlag.encryptStorage) !== 0,
    };
  }
  const signs = signingAlgorithms.has(key.algorithm);
  const encrypts = encryptionAlgorithms.has(key.algorithm);
  return {
    sign: signs,
    certify: signs && isPrimary,
    encryptCommunications: encrypts,
    encryptStorage: encrypts,
  };
}

function expiry(key: PgpPublicKey, signature: PgpSignature | undefined): number {
  const seconds = signature?.keyExpirationSeconds ?? 0;
  return seconds > 0 ? key.created + seconds : 0;
}

const newest = (signatures: PgpSignature[]): PgpSignature | undefined =>
  signatures.reduce<PgpSignature | undefined>(
    (best, sig) => (!best || sig.created >= best.created ? sig : best),
    undefined,
  );

interface RawUserId {
  text: string;
  certifications: PgpSignature[];
  revoked: boolean;
}

interface RawSubkey {
  key: PgpPublicKey;
  bindings: PgpSignature[];
}

/** The part of the key that signatures following it belong to, and what they sign beside the primary key. */
interface Section {
  kind: 'key' | 'userId' | 'attribute' | 'subkey';
  signatures: PgpSignature[];
  /** The User ID, attribute or subkey as signatures hash it (RFC 9580 §5.2.4); empty for the key itself. */
  bound: Buffer;
  userId?: RawUserId;
}

const certificationTypes: ReadonlySet<number> = new Set([
  0x10,
  0x11,
  0x12,
  0x13,
  signatureType.certificationRevocation,
]);
const subkeyTypes: ReadonlySet<number> = new Set([
  signatureType.subkeyBinding,
  signatureType.subkeyRevocation,
]);
const keyTypes: ReadonlySet<number> = new Set([signatureType.directKey, signatureType.keyRevocation]);

/** A User ID or attribute as a v4/v6 certification hashes it: a marker octet, a 4-octet length, the data. */
function boundData(marker: number, data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = marker;
  header.writeUInt32BE(data.length, 1);
  return Buffer.concat([header, data]);
}

/** Collects one entity's packets, then derives usage, expiry and User IDs from the self-signatures. */
class EntityBuilder {
  readonly directSignatures: PgpSignature[] = [];
  readonly userIds: RawUserId[] = [];
  readonly subkeys: RawSubkey[] = [];
  readonly packets: Buffer[] = [];
  /** Self-signatures whose check failed: they are ignored, as gpg ignores them. */
  invalidSignatures = 0;
  private section: Section;

  constructor(readonly primary: PgpPublicKey) {
    this.section = { kind: 'key', signatures: this.directSignatures, bound: Buffer.alloc(0) };
  }

  /** Whether the primary key issued it; a signature naming no issuer is taken as a self-signature. */
  private isSelfSigned(signature: PgpSignature): boolean {
    if (signature.issuerFingerprint) return signature.issuerFingerprint === this.primary.fingerprint;
    return signature.issuerKeyId === undefined || signature.issuerKeyId === this.primary.keyId;
  }

  /** Whether a signature of this type belongs where it stands (others are ignored, as gpg does). */
  private fitsSection(type: number): boolean {
    if (keyTypes.has(type)) return true;
    if (certificationTypes.has(type))
      return this.section.kind === 'userId' || this.section.kind === 'attribute';
    return subkeyTypes.has(type) && this.section.kind === 'subkey';
  }

  addSignature(signature: PgpSignature): void {
    if (!this.isSelfSigned(signature) || !this.fitsSection(signature.type)) return;
    const bound = keyTypes.has(signature.type) ? Buffer.alloc(0) : this.section.bound;
    if (
      checkSignature(signature, this.primary, Buffer.concat([this.primary.hashInput, bound])) === 'invalid'
    ) {
      this.invalidSignatures++;
      return;
    }
    if (keyTypes.has(signature.type)) {
      this.directSignatures.push(signature);
    } else if (signature.type === signatureType.certificationRevocation && this.section.userId) {
      this.section.userId.revoked = true;
    } else {
      this.section.signatures.push(signature);
    }
  }

  addUserId(data: Buffer, text: string): void {
    const userId: RawUserId = { text, certifications: [], revoked: false };
    this.userIds.push(userId);
    this.section = {
      kind: 'userId',
      signatures: userId.certifications,
      bound: boundData(0xb4, data),
      userId,
    };
  }

  /** User Attributes (photos) carry no address: their certifications are checked, then dropped. */
  addUserAttribute(data: Buffer): void {
    this.section = { kind: 'attribute', signatures: [], bound: boundData(0xd1, data) };
  }

  addSubkey(key: PgpPublicKey): void {
    const subkey: RawSubkey = { key, bindings: [] };
    this.subkeys.push(subkey);
    this.section = { kind: 'subkey', signatures: subkey.bindings, bound: key.hashInput };
  }

  /** Why a part has no usable self-signature: none at all, or only ones that failed their check. */
  private missing(what: string): OpenPgpError {
    if (this.invalidSignatures > 0) {
      return new OpenPgpError(`${what}: its self-signatures do not verify (was the key altered?)`);
    }
    return new OpenPgpError(what);
  }

  build(): PgpEntity {
    const certified = this.userIds
      .map((userId) => ({
        userId,
        signature: newest(
          userId.certifications.filter(
            (sig) =>
              sig.type >= signatureType.genericCertification &&
              sig.type <= signatureType.positiveCertification,
          ),
        ),
      }))
      .filter(
        (entry): entry is { userId: RawUserId; signature: PgpSignature } =>
          !!entry.signature && !entry.userId.revoked,
      );
    const direct = newest(this.directSignatures.filter((sig) => sig.type === signatureType.directKey));
    if (certified.length === 0 && !direct) {
      throw this.missing(`key ${this.primary.keyId} has no self-certified User ID`);
    }
    // gpg's choice: a User ID flagged primary, else the newest self-certification (the later one on a tie)
    const flagged = certified.filter((entry) => entry.signature.primaryUserId);
    const primaryEntry = (flagged.length > 0 ? flagged : certified).reduce<
      (typeof certified)[number] | undefined
    >(
      (best, entry) => (!best || entry.signature.created >= best.signature.created ? entry : best),
      undefined,
    );
    // v6 keys keep their preferences on the direct-key signature; older ones on the primary User ID
    const authority =
      this.primary.version === 6 ? (direct ?? primaryEntry?.signature) : (primaryEntry?.signature ?? direct);
    const primary: PgpKeyWithUsage = {
      ...this.primary,
      capabilities: capabilities(this.primary, authority?.keyFlags ?? direct?.keyFlags, true),
      expires: expiry(this.primary, authority),
    };
    const userIds = certified.map(({ userId }) => ({
      text: userId.text,
      ...splitUserId(userId.text),
      primary: userId === primaryEntry?.userId,
    }));
    userIds.sort((a, b) => Number(b.primary) - Number(a.primary));
    const subkeys = this.subkeys.map((subkey) => this.buildSubkey(subkey));
    return { primary, userIds, subkeys, packets: Buffer.concat(this.packets) };
  }

  private buildSubkey({ key, bindings }: RawSubkey): PgpKeyWithUsage {
    const binding = newest(bindings.filter((sig) => sig.type === signatureType.subkeyBinding));
    if (!binding) throw this.missing(`subkey ${key.keyId} has no binding signature`);
    return {
      ...key,
      capabilities: capabilities(key, binding.keyFlags, false),
      expires: expiry(key, binding),
    };
  }
}

function userIdText(packet: Packet): string {
  const text = packet.body.toString('utf8');
  if (text.includes('\ufffd')) throw new OpenPgpError('a User ID is not valid UTF-8');
  return text;
}

// Trust packets are gpg-local, markers and padding carry nothing: all are skipped, as gpg skips them.
const ignoredPackets: ReadonlySet<number> = new Set([packetTag.trust, packetTag.marker, packetTag.padding]);

/** Groups a packet sequence into entities; anything but public-key material is an error. */
export function readPublicKeys(packets: Packet[]): PgpEntity[] {
  const builders: EntityBuilder[] = [];
  for (const packet of packets) {
    const current = builders.at(-1);
    if (packet.tag === packetTag.publicKey) {
      const builder = new EntityBuilder(parsePublicKeyPacket(packet.body));
      builder.packets.push(packet.raw);
      builders.push(builder);
      continue;
    }
    if (packet.tag === packetTag.secretKey || packet.tag === packetTag.secretSubkey) {
      throw new OpenPgpError(
        'this is a private key: add the public key instead ("gpg --armor --export <key id>")',
      );
    }
    if (ignoredPackets.has(packet.tag)) continue;
    if (!current)
      throw new OpenPgpError(`the data starts with packet type ${packet.tag}, not with a public key`);
    current.packets.push(packet.raw);
    if (packet.tag === packetTag.signature) {
      const signature = parseSignaturePacket(packet.body);
      if (signature) current.addSignature(signature);
    } else if (packet.tag === packetTag.userId) {
      current.addUserId(packet.body, userIdText(packet));
    } else if (packet.tag === packetTag.userAttribute) {
      current.addUserAttribute(packet.body);
    } else if (packet.tag === packetTag.publicSubkey) {
      current.addSubkey(parsePublicKeyPacket(packet.body));
    } else {
      throw new OpenPgpError(`packet type ${packet.tag} does not belong in a public key`);
    }
  }
  if (builders.length === 0) throw new OpenPgpError('the data holds no public key');
  return builders.map((builder) => builder.build());
}

/**
 * Reads an ASCII-armored public key block (one or more keys, as `gpg --armor --export` writes them).
 * Throws OpenPgpError with a message fit for the API's 422.
 */
export function readArmoredPublicKeys(text: string): PgpEntity[] {
  const block = decodeArmor(text);
  if (block.label === 'PRIVATE KEY BLOCK') {
    throw new OpenPgpError(
      'this is a private key: add the public key instead ("gpg --armor --export <key id>")',
    );
  }
  if (block.label !== 'PUBLIC KEY BLOCK') {
    throw new OpenPgpError(`expected a PUBLIC KEY BLOCK, not a ${block.label}`);
  }
  return readPublicKeys(readPackets(block.data));
}
