import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/*
 * A self-signed certificate for 127.0.0.1 and localhost, made with node:crypto and a few lines of DER:
 * no openssl binary (absent from slim CI images) and no dependency tree (selfsigned 5 pulls in
 * @peculiar/x509 and pkijs) for one test.
 */

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) base128.unshift((value & 0x7f) | 0x80);
    bytes.push(...base128);
  }
  return der(0x06, Buffer.from(bytes));
}

const sequence = (...contents: Buffer[]): Buffer => der(0x30, ...contents);
const utcTime = (date: Date): Buffer =>
  der(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));

export interface CertificatePair {
  readonly certificate: string;
  readonly privateKey: string;
}

export function makeSelfSignedCertificate(commonName = 'Teahouse test'): CertificatePair {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const name = sequence(der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from(commonName)))));
  const now = Date.now();
  const basicConstraintsCa = sequence(oid('2.5.29.19'), der(0x04, sequence(der(0x01, Buffer.from([0xff])))));
  const subjectAltNames = sequence(
    oid('2.5.29.17'),
    der(0x04, sequence(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from('localhost')))),
  );
  const serial = randomBytes(8);
  // Positive and minimal in DER: no sign bit, and no leading zero byte (a zero first byte is illegal padding).
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  const toBeSigned = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, sequence(basicConstraintsCa, subjectAltNames)),
  );
  const signature = sign('sha256', toBeSigned, privateKey);
  const certificate = sequence(toBeSigned, ecdsaWithSha256, der(0x03, Buffer.from([0]), signature));
  const base64Lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    certificate: `-----BEGIN CERTIFICATE-----\n${base64Lines.join('\n')}\n-----END CERTIFICATE-----\n`,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
