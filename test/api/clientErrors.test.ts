import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError, TeahouseClient, type ApiErrorReason, type Auth } from '../../src/api/client';
import {
  replyJson,
  startRecordingServer,
  type RecordedRequest,
  type Responder,
} from '../helpers/recordingServer';

async function withServer(
  respond: Responder,
  run: (client: TeahouseClient, requests: RecordedRequest[]) => Promise<void>,
  auth?: Auth,
): Promise<void> {
  const server = await startRecordingServer(respond);
  const client = new TeahouseClient({
    baseUrl: server.url,
    proxy: 'none',
    retries: 0,
    ...(auth && { auth }),
  });
  try {
    await run(client, server.requests);
  } finally {
    await client.close();
    await server.close();
  }
}

function isApiError(expected: {
  status: number;
  reason: ApiErrorReason;
  serverMessage: string;
  url?: string;
}): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
    assert.equal(error.status, expected.status);
    assert.equal(error.reason, expected.reason);
    assert.equal(error.serverMessage, expected.serverMessage);
    assert.equal(error.url, expected.url);
    assert.deepEqual(error.request, { method: 'GET', path: '/api/v1/repos/alice/notes/issues' });
    assert.ok(error.message.includes(expected.serverMessage));
    return true;
  };
}

const listIssues = (client: TeahouseClient) => client.api.issueListIssues({ owner: 'alice', repo: 'notes' });

describe('error mapping', () => {
  const giteaErrors: [number, ApiErrorReason, string][] = [
    [401, 'unauthorized', 'token is required'],
    [403, 'forbidden', 'Must have admin rights'],
    [404, 'notFound', 'not found'],
    [405, 'methodNotAllowed', 'PR already merged'],
    [409, 'conflict', 'The repository with the same name already exists.'],
    [422, 'validation', '[Title]: Required'],
    [500, 'serverError', 'internal error'],
  ];
  for (const [status, reason, message] of giteaErrors) {
    test(`a Gitea ${status} body becomes an ApiError with its message and url`, async () => {
      const url = 'https://gitea.example/api/swagger';
      await withServer(
        (_request, response) => replyJson(response, status, { message, url }),
        async (client) => {
          await assert.rejects(
            listIssues(client),
            isApiError({ status, reason, serverMessage: message, url }),
          );
        },
      );
    });
  }

  test("Gitea 1.3's 422 array of field errors keeps each field's message", async () => {
    const body = [
      { fieldNames: ['Title'], classification: 'RequiredError', message: 'Required' },
      { fieldNames: ['Ref'], classification: 'MaxSizeError', message: 'Must be less than 255 characters' },
    ];
    await withServer(
      (_request, response) => replyJson(response, 422, body),
      async (client) => {
        await assert.rejects(listIssues(client), (error: unknown) => {
          isApiError({
            status: 422,
            reason: 'validation',
            serverMessage: 'Title: Required; Ref: Must be less than 255 characters',
          })(error);
          assert.ok(error instanceof ApiError);
          assert.deepEqual(error.fieldErrors, body);
          return true;
        });
      },
    );
  });

  test('a plain text error body is the message', async () => {
    await withServer(
      (_request, response) =>
        response.writeHead(500, { 'content-type': 'text/plain' }).end('database is locked\n'),
      async (client) => {
        await assert.rejects(
          listIssues(client),
          isApiError({ status: 500, reason: 'serverError', serverMessage: 'database is locked' }),
        );
      },
    );
  });

  test("an empty or HTML error body falls back to the status text (Gitea 1.3's bare statuses, proxy pages)", async () => {
    await withServer(
      (request, response) => {
        if (request.query.get('state') === 'open') response.writeHead(404).end();
        else
          response
            .writeHead(502, { 'content-type': 'text/html' })
            .end('<html><body>Bad gateway</body></html>');
      },
      async (client) => {
        await assert.rejects(
          client.api.issueListIssues({ owner: 'alice', repo: 'notes', state: 'open' }),
          (error: unknown) =>
            error instanceof ApiError && error.status === 404 && error.serverMessage === 'Not Found',
        );
        await assert.rejects(
          listIssues(client),
          isApiError({ status: 502, reason: 'unavailable', serverMessage: 'Bad Gateway' }),
        );
      },
    );
  });

  test('a success answer that is not JSON is an ApiError, not a crash', async () => {
    await withServer(
      (_request, response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>sign in</html>'),
      async (client) => {
        await assert.rejects(
          listIssues(client),
          (error: unknown) => error instanceof ApiError && error.status === 200,
        );
      },
    );
  });
});

describe('auth headers', () => {
  const echoAuthorization: Responder = (request, response) =>
    replyJson(response, 200, { version: String(request.headers['authorization'] ?? '') });

  test('a token goes in "Authorization: token …"', async () => {
    await withServer(
      echoAuthorization,
      async (client, requests) => {
        await client.api.getVersion();
        assert.equal(requests[0]?.headers['authorization'], 'token 0123abcd');
      },
      { kind: 'token', token: '0123abcd' },
    );
  });

  test('basic auth sends the username and password, and the 2FA code when there is one', async () => {
    await withServer(
      echoAuthorization,
      async (client, requests) => {
        await client.api.getVersion();
        const expected = `Basic ${Buffer.from('alice:pä:ss').toString('base64')}`;
        assert.equal(requests[0]?.headers['authorization'], expected);
        assert.equal(requests[0]?.headers['x-gitea-otp'], '123456');
      },
      { kind: 'basic', username: 'alice', password: 'pä:ss', otp: '123456' },
    );
  });

  test('without credentials no Authorization header is sent', async () => {
    await withServer(echoAuthorization, async (client, requests) => {
      await client.api.getVersion();
      assert.equal(requests[0]?.headers['authorization'], undefined);
      assert.equal(requests[0]?.headers['sudo'], undefined);
    });
  });

  test('a per-request auth overrides the client token once, and sudo adds the Sudo header', async () => {
    await withServer(
      (_request, response) => replyJson(response, 201, { id: 1, name: 'vscode', sha1: 'f'.repeat(40) }),
      async (client, requests) => {
        await client.send(
          userCreateTokenLike,
          { username: 'alice', body: { name: 'vscode' } },
          { auth: { kind: 'basic', username: 'alice', password: 'secret' }, sudo: 'bob' },
        );
        await client.api.getVersion();
        assert.equal(
          requests[0]?.headers['authorization'],
          `Basic ${Buffer.from('alice:secret').toString('base64')}`,
        );
        assert.equal(requests[0]?.headers['sudo'], 'bob');
        assert.equal(requests[1]?.headers['authorization'], 'token client-token');
        assert.equal(requests[1]?.headers['sudo'], undefined);
      },
      { kind: 'token', token: 'client-token' },
    );
  });

  test('the token never appears in an error message, even when the server echoes it', async () => {
    const token = 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2';
    await withServer(
      (request, response) =>
        replyJson(response, 401, {
          message: `invalid credentials: ${String(request.headers['authorization'])}`,
        }),
      async (client) => {
        await assert.rejects(listIssues(client), (error: unknown) => {
          assert.ok(error instanceof ApiError);
          assert.equal(error.status, 401);
          assert.equal(error.message.includes(token), false);
          assert.equal(error.serverMessage.includes(token), false);
          assert.ok(
            error.serverMessage.includes('***'),
            'the echoed token is replaced, not dropped silently',
          );
          return true;
        });
      },
      { kind: 'token', token },
    );
  });
});

/** A token-creation entry as the extension's "run any operation" command would pass it. */
const userCreateTokenLike = {
  operationId: 'userCreateToken',
  method: 'POST',
  path: '/users/{username}/tokens',
  group: 'user',
  summary: 'Create an access token',
  pathParams: [{ name: 'username', type: 'string', required: true }],
  body: { type: 'CreateAccessTokenOption' },
  success: { status: 201, type: 'AccessToken' },
  auth: 'basic',
  scope: 'user',
} as const;
