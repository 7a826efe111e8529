// The bare `node:http` baselines: answer the bench's routes with the JSON the real server answered (captured
// first), building the objects afresh and serialising them on every request, or sending the same raw bytes.
// With `--prebuilt` (the floor) every answer is bytes made once: what one node process can send at all.
// No storage, no auth, no routing beyond one map lookup. Run as its own process; prints its port.
import { readFileSync } from 'node:fs';
import http from 'node:http';

export interface CapturedRoute {
  /** JSON to rebuild and serialise per request, or bytes (base64) to send as they are */
  json?: unknown;
  base64?: string;
  status: number;
  headers: Record<string, string>;
  /** POST: the request body is read and parsed, and its `title` goes into the answer */
  echoTitle?: boolean;
}

/** `METHOD /path` (no query) → what to answer */
export type CapturedRoutes = Record<string, CapturedRoute>;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A fresh copy of every object and array: the allocation and field copying a shaping layer does. */
function rebuild(value: Json): Json {
  if (Array.isArray(value)) return value.map(rebuild);
  if (value !== null && typeof value === 'object') {
    const copy: { [key: string]: Json } = {};
    for (const key of Object.keys(value)) copy[key] = rebuild(value[key]!);
    return copy;
  }
  return value;
}

function main(): void {
  const routes = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as CapturedRoutes;
  const prebuilt = process.argv.includes('--prebuilt');
  const bytesOf = (route: CapturedRoute): Buffer | undefined =>
    route.base64 !== undefined
      ? Buffer.from(route.base64, 'base64')
      : prebuilt
        ? Buffer.from(JSON.stringify(route.json))
        : undefined;
  const raw = new Map(
    Object.entries(routes).flatMap(([key, route]) => {
      const bytes = bytesOf(route);
      return bytes === undefined ? [] : [[key, bytes] as const];
    }),
  );
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0];
    const key = `${request.method} ${pathname}`;
    const route = routes[key];
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const bytes = raw.get(key);
      if (bytes) {
        response.writeHead(route.status, { ...route.headers, 'content-length': bytes.length }).end(bytes);
        return;
      }
      const body = rebuild(route.json as Json);
      if (route.echoTitle && body !== null && typeof body === 'object' && !Array.isArray(body)) {
        const sent = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { title?: string };
        body['title'] = sent.title ?? '';
      }
      const text = JSON.stringify(body);
      response
        .writeHead(route.status, { ...route.headers, 'content-length': Buffer.byteLength(text) })
        .end(text);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object') console.log(`baseline listening on ${address.port}`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

main();
