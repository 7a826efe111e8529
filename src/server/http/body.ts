import type { IncomingMessage } from 'node:http';
import { HttpError } from './httpError';
import { malformed } from '../domain/errors';

export type BodyKind = 'json' | 'form' | 'text' | 'empty';

export interface ParsedBody {
  readonly kind: BodyKind;
  /** The decoded JSON value, the form as an object of strings (arrays for repeated keys), or the text. */
  readonly value: unknown;
}

export function tooLarge(limit: number): HttpError {
  // The connection is closed after the answer so the rest of the upload is never read.
  return new HttpError(413, `request body is larger than the limit of ${limit} bytes`, {
    Connection: 'close',
  });
}

/** Reads the raw body, refusing (413) as soon as it passes `limit`, or at once from Content-Length. */
export async function readBodyBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

function parseForm(text: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const previous = form[key];
    form[key] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return form;
}

/**
 * Parses a request body: form-urlencoded by its Content-Type, anything else as JSON (clients send JSON as
 * text/plain too, which the spec lists), or as text when the operation takes text.
 */
export function parseBody(req: IncomingMessage, bytes: Buffer, expect: 'json' | 'text'): ParsedBody {
  if (bytes.length === 0) return { kind: 'empty', value: undefined };
  const text = bytes.toString('utf8');
  if (expect === 'text') return { kind: 'text', value: text };
  if (mediaType(req) === 'application/x-www-form-urlencoded') return { kind: 'form', value: parseForm(text) };
  if (mediaType(req) === 'multipart/form-data') {
    throw new HttpError(415, 'multipart/form-data is not supported here; send JSON or form-urlencoded');
  }
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch (error) {
    throw malformed(`invalid JSON body: ${(error as Error).message}`);
  }
}
