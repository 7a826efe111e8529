import { OpenPgpError } from './errors';

/** One ASCII-armored block (RFC 9580 §6): its label (e.g. `PUBLIC KEY BLOCK`), headers and decoded bytes. */
export interface ArmoredBlock {
  label: string;
  headers: Array<{ key: string; value: string }>;
  data: Buffer;
  /** Whether the block carried a CRC-24 line (optional since RFC 9580; verified when present). */
  hadChecksum: boolean;
}

/** The CRC-24 of RFC 9580 §6.1. */
export function crc24(data: Buffer): number {
  let crc = 0xb704ce;
  for (const byte of data) {
    crc ^= byte << 16;
    for (let bit = 0; bit < 8; bit++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= 0x1864cfb;
    }
  }
  return crc & 0xffffff;
}

const beginLine = /^-----BEGIN PGP ([A-Z0-9 ,/]+)-----$/;
const headerLine = /^([A-Za-z][A-Za-z0-9-]*): ?(.*)$/;
const base64Line = /^[A-Za-z0-9+/=]*$/;

function decodeBase64(text: string): Buffer {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    throw new OpenPgpError('the armored data is not valid base64');
  }
  return Buffer.from(text, 'base64');
}

/**
 * Reads the first armored block in `text` (text around it is ignored, as gpg and Go's armor reader do).
 * Throws OpenPgpError when there is none, when it is cut short, or when its checksum does not match.
 */
export function decodeArmor(text: string): ArmoredBlock {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim());
  const start = lines.findIndex((line) => beginLine.test(line));
  if (start < 0) {
    throw new OpenPgpError(
      'no armored OpenPGP data found: export the key with "gpg --armor --export <key id>"',
    );
  }
  const label = beginLine.exec(lines[start] ?? '')?.[1] ?? '';
  let index = start + 1;
  const headers: ArmoredBlock['headers'] = [];
  for (; index < lines.length; index++) {
    const match = headerLine.exec(lines[index] ?? '');
    if (!match) break;
    headers.push({ key: match[1] ?? '', value: match[2] ?? '' });
  }
  // the blank line after the headers is required by the RFC; we accept its absence as gpg does
  if (lines[index] === '') index++;
  const body: string[] = [];
  let checksum: string | undefined;
  for (; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line.startsWith('-----')) break;
    if (line.startsWith('=') && line.length === 5) {
      checksum = line.slice(1);
      continue;
    }
    if (!base64Line.test(line))
      throw new OpenPgpError('the armored data contains characters that are not base64');
    body.push(line);
  }
  const endLine = lines[index];
  if (endLine === undefined) throw new OpenPgpError(`the armored ${label} has no END line: it was cut short`);
  if (endLine !== `-----END PGP ${label}-----`) {
    throw new OpenPgpError(`the armored ${label} ends with a different label: "${endLine}"`);
  }
  const data = decodeBase64(body.join(''));
  if (data.length === 0) throw new OpenPgpError(`the armored ${label} is empty`);
  if (checksum !== undefined) {
    const expected = decodeBase64(checksum);
    if (expected.length !== 3 || expected.readUIntBE(0, 3) !== crc24(data)) {
      throw new OpenPgpError('the armor checksum does not match: the key was altered or truncated');
    }
  }
  return { label, headers, data, hadChecksum: checksum !== undefined };
}

/** Armors `data` as gpg does: no headers, 64-character lines, and the CRC-24 line. */
export function encodeArmor(label: string, data: Buffer): string {
  const base64 = data.toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  const checksum = Buffer.alloc(3);
  checksum.writeUIntBE(crc24(data), 0, 3);
  return [
    `-----BEGIN PGP ${label}-----`,
    '',
    ...lines,
    `=${checksum.toString('base64')}`,
    `-----END PGP ${label}-----`,
    '',
  ].join('\n');
}
