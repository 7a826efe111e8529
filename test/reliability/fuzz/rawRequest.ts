import http from 'node:http';

export interface RawAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
}

export interface RawRequest {
  readonly method: string;
  /** Sent exactly as given: no URL parsing, so `..` and `%2e%2e` segments reach the server. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  readonly timeoutMs?: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * One request through node:http with the path untouched (fetch would resolve dot segments). Rejects on a
 * dropped connection or when no answer comes within the time limit, so hangs and crashes show as failures.
 */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: { ...request.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
        timeout: request.timeoutMs ?? 30_000,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${request.timeoutMs ?? 30_000} ms`)));
    req.on('error', (error) => {
      // The server may answer 413 and close before the whole oversized body was written: the answer counts.
      if (!answered) reject(error);
    });
    if (body) req.write(body);
    req.end();
  });
}
