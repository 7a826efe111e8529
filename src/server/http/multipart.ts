import type { IncomingMessage } from 'node:http';
import { malformed } from '../domain/errors';
import { tooLarge } from './body';
import { HttpError } from './httpError';

/**
 * Reads a multipart/form-data body with the platform's own parser (undici's `Request.formData()`, which
 * fetch uses), refusing (413) as soon as the body passes `limit`. undici collects the body before it parses,
 * so `limit` also bounds the memory one upload holds.
 */
export async function readMultipartForm(req: IncomingMessage, limit: number): Promise<FormData> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) {
    throw new HttpError(415, 'the body must be multipart/form-data');
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  let exceeded = false;
  async function* limited(): AsyncGenerator<Uint8Array> {
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        exceeded = true;
        throw tooLarge(limit);
      }
      yield chunk;
    }
  }
  const request = new Request('http://upload.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: ReadableStream.from(limited()),
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
  try {
    return await request.formData();
  } catch (error) {
    if (exceeded) throw tooLarge(limit);
    throw malformed(`invalid multipart/form-data body: ${(error as Error).message}`);
  }
}
