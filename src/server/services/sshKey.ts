import { createHash, createPublicKey } from 'node:crypto';
import { bitLength, SshKeyError, SshWireReader } from './sshKeyWire';

export { SshKeyError } from './sshKeyWire';

/** An SSH public key read from an authorized_keys line (or an RFC 4716 block) and checked field by field. */
export interface SshPublicKey {
  /** The algorithm name as the key blob states it, e.g. `ssh-ed25519`. */
  type: string;
  /** What we store: `type base64`, without options or comment. */
  content: string;
  /** `SHA256:` and the unpadded base64 of the blob's SHA-256, exactly as `ssh-keygen -lf` prints it. */
  fingerprint: string;
  /** The key size as `ssh-keygen -l` reports it. */
  bits: number;
  /** The comment after the key, if any (not stored). */
  comment: string;
}

// The spec's floor for RSA; Gitea's [ssh.minimum_key_sizes] defaults to 3071 but is configurable.
export const minimumRsaBits = 1024;

const ecdsaCurves: Readonly<Record<string, { jwkCurve: string; coordinateBytes: number; bits: number }>> = {
  nistp256: { jwkCurve: 'P-256', coordinateBytes: 32, bits: 256 },
  nistp384: { jwkCurve: 'P-384', coordinateBytes: 48, bits: 384 },
  nistp521: { jwkCurve: 'P-521', coordinateBytes: 66, bits: 521 },
};

/** Reads an EC point (uncompressed, `04 || X || Y`) and lets OpenSSL confirm it lies on the curve. */
function checkEcPoint(point: Buffer, curveName: string): number {
  const curve = ecdsaCurves[curveName];
  if (!curve) throw new SshKeyError(`unsupported ECDSA curve "${curveName}"`);
  if (point.length !== 1 + 2 * curve.coordinateBytes || point[0] !== 0x04) {
    throw new SshKeyError(`the ${curveName} public point has the wrong length or encoding`);
  }
  const x = point.subarray(1, 1 + curve.coordinateBytes).toString('base64url');
  const y = point.subarray(1 + curve.coordinateBytes).toString('base64url');
  try {
    createPublicKey({ key: { kty: 'EC', crv: curve.jwkCurve, x, y }, format: 'jwk' });
  } catch {
    throw new SshKeyError(`the ${curveName} public point is not on the curve`);
  }
  return curve.bits;
}

function readRsa(reader: SshWireReader): number {
  const exponent = reader.positiveMpint('RSA exponent');
  const modulus = reader.positiveMpint('RSA modulus');
  // Go's ssh package (which Gitea uses) refuses exponents that do not fit in 31 bits, and even ones are invalid
  if (
    exponent.length > 4 ||
    bitLength(exponent) > 31 ||
    ((exponent.at(-1) ?? 0) & 1) === 0 ||
    bitLength(exponent) < 2
  ) {
    throw new SshKeyError('the RSA exponent is invalid');
  }
  const bits = bitLength(modulus);
  if (bits < minimumRsaBits) {
    throw new SshKeyError(`the RSA key has ${bits} bits; at least ${minimumRsaBits} are required`);
  }
  return bits;
}

/** Reads the fields after the type name and returns the key size; the reader must then be at the end. */
function readKeyFields(type: string, reader: SshWireReader): number {
  switch (type) {
    case 'ssh-ed25519':
    case 'sk-ssh-ed25519@openssh.com': {
      if (reader.bytes('Ed25519 public key').length !== 32)
        throw new SshKeyError('an Ed25519 public key has 32 bytes');
      if (type.startsWith('sk-')) reader.text('security key application');
      return 256;
    }
    case 'ssh-rsa':
      return readRsa(reader);
    case 'ecdsa-sha2-nistp256':
    case 'ecdsa-sha2-nistp384':
    case 'ecdsa-sha2-nistp521':
    case 'sk-ecdsa-sha2-nistp256@openssh.com': {
      const curve = reader.text('curve name');
      const expected = type
        .replace(/^sk-/, '')
        .replace(/@openssh\.com$/, '')
        .replace('ecdsa-sha2-', '');
      if (curve !== expected)
        throw new SshKeyError(`the curve "${curve}" does not match the key type ${type}`);
      const bits = checkEcPoint(reader.bytes('public point'), curve);
      if (type.startsWith('sk-')) reader.text('security key application');
      return bits;
    }
    case 'ssh-dss':
      throw new SshKeyError('DSA (ssh-dss) keys are not allowed: they are obsolete and insecure');
    default:
      throw new SshKeyError(`unsupported key type "${type}"`);
  }
}

const base64Pattern = /^[A-Za-z0-9+/]+={0,2}$/;

function decodeBase64(text: string): Buffer {
  if (!base64Pattern.test(text) || text.length % 4 !== 0)
    throw new SshKeyError('the key data is not valid base64');
  return Buffer.from(text, 'base64');
}

/** Reads a key blob, checking that its type name matches `declaredType` when the line gave one. */
function parseBlob(blob: Buffer, declaredType: string | undefined, comment: string): SshPublicKey {
  const reader = new SshWireReader(blob);
  const type = reader.text('key type');
  if (declaredType !== undefined && declaredType !== type) {
    throw new SshKeyError(`the key type "${declaredType}" does not match the key data, which is "${type}"`);
  }
  const bits = readKeyFields(type, reader);
  reader.end();
  const base64 = blob.toString('base64');
  const digest = createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
  return { type, content: `${type} ${base64}`, fingerprint: `SHA256:${digest}`, bits, comment };
}

/** RFC 4716 (`---- BEGIN SSH2 PUBLIC KEY ----`), as `ssh-keygen -e` writes and Gitea also accepts. */
function parseRfc4716(lines: string[]): SshPublicKey {
  const endIndex = lines.findIndex((line) => line.startsWith('---- END SSH2 PUBLIC KEY'));
  if (endIndex < 0) throw new SshKeyError('the SSH2 public key block has no END line');
  let comment = '';
  const body: string[] = [];
  let continuing = false;
  for (const line of lines.slice(1, endIndex)) {
    const header = /^([^:\s]+):\s*(.*)$/.exec(line);
    if (continuing || (header && body.length === 0)) {
      continuing = line.endsWith('\\');
      if (header?.[1]?.toLowerCase() === 'comment') comment = (header[2] ?? '').replace(/^"(.*)"$/, '$1');
      continue;
    }
    body.push(line);
  }
  return parseBlob(decodeBase64(body.join('')), undefined, comment);
}

/**
 * Parses what a user pastes as a public key: an authorized_keys line `type base64 [comment]`, the base64
 * alone, or an RFC 4716 block. Throws SshKeyError with a message fit for the API's 422 otherwise.
 */
export function parseSshPublicKey(input: string): SshPublicKey {
  const lines = input
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) throw new SshKeyError('the key is empty');
  if (lines[0]?.startsWith('---- BEGIN SSH2 PUBLIC KEY')) return parseRfc4716(lines);
  // a key wrapped over several lines is one line again, as Gitea treats it
  const fields = lines.join('').split(/\s+/);
  if (fields.length === 1) return parseBlob(decodeBase64(fields[0] ?? ''), undefined, '');
  const [declaredType = '', data = '', ...comment] = fields;
  if (declaredType.includes('=') || declaredType.includes('"')) {
    throw new SshKeyError('authorized_keys options are not allowed: paste the key itself');
  }
  return parseBlob(decodeBase64(data), declaredType, comment.join(' '));
}
