import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  ApiError,
  ApiNetworkError,
  ApiTimeoutError,
  TeahouseClient,
  type ClientOptions,
} from '../../src/api/client';
import { toNetworkError } from '../../src/api/client/networkErrors';
import { startForwardingProxy } from '../helpers/forwardingProxy';
import {
  replyJson,
  startRecordingServer,
  type RecordedRequest,
  type Responder,
} from '../helpers/recordingServer';
import { makeSelfSignedCertificate } from '../helpers/selfSignedCertificate';

const version = { version: '1.22.0' };

async function withServer(
  respond: Responder,
  options: Omit<ClientOptions, 'baseUrl'>,
  run: (client: TeahouseClient, requests: RecordedRequest[]) => Promise<void>,
): Promise<void> {
  const server = await startRecordingServer(respond);
  const client = new TeahouseClient({ proxy: 'none', ...options, baseUrl: server.url });
  try {
    await run(client, server.requests);
  } finally {
    await client.close();
    await server.close();
  }
}

/** Answers with `statuses` in turn, then 200 with the version. */
function answersInTurn(statuses: number[], headers: Record<string, string> = {}): Responder {
  let count = 0;
  return (_request, response) => {
    const status = statuses[count++];
    if (status === undefined) replyJson(response, 200, version);
    else replyJson(response, status, { message: 'service unavailable' }, headers);
  };
}

describe('retries', () => {
  test('a GET that meets a 503 with Retry-After: 0 is retried and succeeds', async () => {
    await withServer(
      answersInTurn([503], { 'retry-after': '0' }),
      { retries: 2 },
      async (client, requests) => {
        assert.deepEqual(await client.api.getVersion(), version);
        assert.equal(requests.length, 2);
      },
    );
  });

  test('a GET that meets 502 then 503 backs off and succeeds on the third try', async () => {
    await withServer(answersInTurn([502, 503]), { retries: 2, retryDelayMs: 1 }, async (client, requests) => {
      assert.deepEqual(await client.api.getVersion(), version);
      assert.equal(requests.length, 3);
    });
  });

  test('a POST that meets a 503 is not retried', async () => {
    await withServer(answersInTurn([503]), { retries: 2, retryDelayMs: 1 }, async (client, requests) => {
      await assert.rejects(
        client.api.renderMarkdownRaw({ body: '# title' }),
        (error: unknown) => error instanceof ApiError && error.status === 503,
      );
      assert.equal(requests.length, 1);
    });
  });

  test('retries stop after the configured count and report the last answer', async () => {
    await withServer(
      answersInTurn([503, 503, 503, 503]),
      { retries: 2, retryDelayMs: 1 },
      async (client, requests) => {
        await assert.rejects(
          client.api.getVersion(),
          (error: unknown) => error instanceof ApiError && error.status === 503,
        );
        assert.equal(requests.length, 3);
      },
    );
  });

  test('a Retry-After too long to wait for is reported instead of waited for', async () => {
    await withServer(
      answersInTurn([503], { 'retry-after': '3600' }),
      { retries: 2 },
      async (client, requests) => {
        await assert.rejects(
          client.api.getVersion(),
          (error: unknown) => error instanceof ApiError && error.status === 503,
        );
        assert.equal(requests.length, 1);
      },
    );
  });

  test('a 500 is a real error and is not retried', async () => {
    await withServer(answersInTurn([500]), { retries: 2, retryDelayMs: 1 }, async (client, requests) => {
      await assert.rejects(
        client.api.getVersion(),
        (error: unknown) => error instanceof ApiError && error.status === 500,
      );
      assert.equal(requests.length, 1);
    });
  });

  test('a GET whose connection is cut is retried on a new connection', async () => {
    let count = 0;
    const cutFirst: Responder = (_request, response) => {
      count += 1;
      if (count === 1) response.socket?.destroy();
      else replyJson(response, 200, version);
    };
    await withServer(cutFirst, { retries: 1, retryDelayMs: 1 }, async (client, requests) => {
      assert.deepEqual(await client.api.getVersion(), version);
      assert.equal(requests.length, 2);
    });
  });
});

describe('timeouts', () => {
  test('a server that never answers fails the call with a headers timeout, without retrying', async () => {
    const neverAnswer: Responder = () => undefined;
    await withServer(neverAnswer, { timeout: { headersMs: 150 }, retries: 2 }, async (client, requests) => {
      await assert.rejects(client.api.getVersion(), (error: unknown) => {
        assert.ok(error instanceof ApiTimeoutError, `expected ApiTimeoutError, got ${String(error)}`);
        assert.ok(error instanceof ApiNetworkError, 'a timeout is a network error');
        assert.equal(error.phase, 'headers');
        assert.equal(error.timeoutMs, 150);
        return true;
      });
      assert.equal(requests.length, 1);
    });
  });

  test('a body that stops arriving fails the call with a body timeout', async () => {
    const stallBody: Responder = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"version":');
    };
    await withServer(stallBody, { timeout: { bodyMs: 150 }, retries: 0 }, async (client) => {
      await assert.rejects(
        client.api.getVersion(),
        (error: unknown) => error instanceof ApiTimeoutError && error.phase === 'body',
      );
    });
  });

  test("undici's connect timeout is reported as a connect-phase timeout", () => {
    const undiciError = Object.assign(new Error('Connect Timeout Error'), {
      code: 'UND_ERR_CONNECT_TIMEOUT',
    });
    const timeouts = { connectMs: 10, headersMs: 20, bodyMs: 30 };
    const error = toNetworkError(
      undiciError,
      { method: 'GET', path: '/api/v1/version' },
      'h:1',
      timeouts,
      [],
    );
    assert.ok(error instanceof ApiTimeoutError);
    assert.equal(error.phase, 'connect');
    assert.equal(error.timeoutMs, 10);
  });
});

describe('network errors', () => {
  test('a refused connection names the host and the code', async () => {
    const server = await startRecordingServer(() => undefined);
    const host = new URL(server.url).host;
    await server.close();
    const client = new TeahouseClient({ baseUrl: server.url, proxy: 'none', retries: 1, retryDelayMs: 1 });
    try {
      await assert.rejects(client.api.getVersion(), (error: unknown) => {
        assert.ok(error instanceof ApiNetworkError);
        assert.equal(error instanceof ApiTimeoutError, false);
        assert.equal(error.code, 'ECONNREFUSED');
        assert.equal(error.host, host);
        assert.match(error.message, new RegExp(`GET /api/v1/version to ${host} failed: ECONNREFUSED`));
        return true;
      });
    } finally {
      await client.close();
    }
  });

  test('an aborted request rejects with the abort reason, not a network error, and is not retried', async () => {
    const controller = new AbortController();
    const abortOnArrival: Responder = () => controller.abort(new Error('the user cancelled'));
    await withServer(abortOnArrival, { retries: 2, retryDelayMs: 1 }, async (client, requests) => {
      await assert.rejects(
        client.api.getVersion(undefined, { signal: controller.signal }),
        (error: unknown) => {
          assert.equal(error instanceof ApiNetworkError, false);
          assert.match(String(error), /cancelled|abort/i);
          return true;
        },
      );
      assert.equal(requests.length, 1);
    });
  });

  test('a closed client refuses further requests', async () => {
    await withServer(answersInTurn([]), {}, async (client) => {
      await client.close();
      await assert.rejects(client.api.getVersion(), ApiNetworkError);
    });
  });
});

describe('TLS', () => {
  const { certificate, privateKey } = makeSelfSignedCertificate();
  let folder = '';
  let caFile = '';
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'teahouse-client-tls-'));
    caFile = join(folder, 'ca.pem');
    await writeFile(caFile, certificate);
  });
  after(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  async function withTlsServer(
    options: Omit<ClientOptions, 'baseUrl'>,
    run: (client: TeahouseClient) => Promise<void>,
  ) {
    const server = await startRecordingServer((_r, response) => replyJson(response, 200, version), {
      key: privateKey,
      cert: certificate,
    });
    const client = new TeahouseClient({ proxy: 'none', retries: 0, ...options, baseUrl: server.url });
    try {
      await run(client);
    } finally {
      await client.close();
      await server.close();
    }
  }

  test('a self-signed server is trusted with its certificate as the CA file', async () => {
    await withTlsServer({ caFile }, async (client) => {
      assert.deepEqual(await client.api.getVersion(), version);
    });
  });

  test('a self-signed server is refused without the CA file', async () => {
    await withTlsServer({}, async (client) => {
      await assert.rejects(client.api.getVersion(), (error: unknown) => {
        assert.ok(error instanceof ApiNetworkError);
        assert.match(error.code, /SELF_SIGNED|CERT/);
        return true;
      });
    });
  });

  test('ignoring certificate errors reaches a self-signed server', async () => {
    await withTlsServer({ ignoreCertificateErrors: true }, async (client) => {
      assert.deepEqual(await client.api.getVersion(), version);
    });
  });

  test('HTTPS through a proxy goes through a CONNECT tunnel and still checks the CA', async () => {
    const proxy = await startForwardingProxy();
    try {
      await withTlsServer({ caFile, proxy: { url: proxy.url } }, async (client) => {
        assert.deepEqual(await client.api.getVersion(), version);
      });
      assert.equal(proxy.tunnelled.length, 1);
    } finally {
      await proxy.close();
    }
  });
});

describe('proxy', () => {
  test('plain HTTP requests go through the configured proxy', async () => {
    const proxy = await startForwardingProxy();
    try {
      await withServer(answersInTurn([]), { proxy: { url: proxy.url } }, async (client, requests) => {
        assert.deepEqual(await client.api.getVersion(), version);
        assert.deepEqual(await client.api.getVersion(), version);
        assert.equal(requests.length, 2);
        assert.equal(proxy.forwarded.length, 2);
        assert.match(proxy.forwarded[0] ?? '', /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/version$/);
      });
    } finally {
      await proxy.close();
    }
  });

  test('a host in noProxy is reached directly', async () => {
    const proxy = await startForwardingProxy();
    try {
      await withServer(
        answersInTurn([]),
        { proxy: { url: proxy.url, noProxy: 'localhost,127.0.0.1' } },
        async (client, requests) => {
          assert.deepEqual(await client.api.getVersion(), version);
          assert.equal(requests.length, 1);
          assert.equal(proxy.forwarded.length, 0);
        },
      );
    } finally {
      await proxy.close();
    }
  });
});
