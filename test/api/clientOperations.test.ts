import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { TeahouseClient, type UntypedArgs } from '../../src/api/client';
import type { OperationSpec, ParamSpec } from '../../src/api/operationSpec';
import { operations } from '../../src/api/operations';
import { replyJson, startRecordingServer, type RecordingServer } from '../helpers/recordingServer';

/*
 * Every catalogue operation, whatever the catalogue holds today, is sent through the client to a
 * recording server. Expected paths are spelled out by hand (not by the client's own encoder) so an
 * encoding mistake cannot agree with itself.
 */

const binaryAnswer = Uint8Array.from([0, 1, 2, 254, 255]);

interface Sample {
  readonly value: unknown;
  /** The path segment as it must arrive, or the query values as the server decodes them. */
  readonly expected: string | string[];
}

function pathSample(param: ParamSpec, position: number): Sample {
  assert.match(param.name, /^[A-Za-z0-9_-]+$/, 'sample values assume plain parameter names');
  if (param.type === 'integer') return { value: 7 + position, expected: String(7 + position) };
  if (param.wildcard === true) {
    // a file path keeps its slashes; each segment is still encoded
    return {
      value: `${param.name} dir/sub file ü.md`,
      expected: `${param.name}%20dir/sub%20file%20%C3%BC.md`,
    };
  }
  return { value: `${param.name} ü/#?`, expected: `${param.name}%20%C3%BC%2F%23%3F` };
}

function querySample(param: ParamSpec): Sample {
  const choices = param.enum ?? [];
  switch (param.type) {
    case 'integer':
      return { value: 3, expected: ['3'] };
    case 'boolean':
      return { value: true, expected: ['true'] };
    case 'integer[]':
      return { value: [1, 2], expected: ['1', '2'] };
    case 'string[]': {
      const values = choices.length > 0 ? choices.slice(0, 2) : ['first', 'second value'];
      return { value: values, expected: values };
    }
    case 'string': {
      const value = choices[0] ?? `${param.name} & = ü`;
      return { value, expected: [value] };
    }
  }
}

function bodySample(operation: OperationSpec): unknown {
  if (operation.body?.content === 'text') return 'Hello **world** ü';
  if (operation.body?.content === 'multipart') return new File(['file content ü'], 'upload.txt');
  return { sample: operation.operationId, nested: { count: 1, tags: ['a'] } };
}

function answer(operation: OperationSpec, response: ServerResponse): void {
  const { status, content, type, list } = operation.success;
  if (status === 204 || (content === undefined && type === undefined) || content === 'empty') {
    response.writeHead(status).end();
  } else if (content === 'binary') {
    response.writeHead(status, { 'content-type': 'application/octet-stream' }).end(binaryAnswer);
  } else if (content === 'html' || content === 'text') {
    response
      .writeHead(status, { 'content-type': `text/${content}` })
      .end(`answer of ${operation.operationId}`);
  } else {
    replyJson(response, status, list === true ? [{ id: 1 }, { id: 2 }] : { id: 1 });
  }
}

function expectedValue(operation: OperationSpec): unknown {
  const { status, content, type, list } = operation.success;
  if (status === 204 || (content === undefined && type === undefined) || content === 'empty')
    return undefined;
  if (content === 'binary') return binaryAnswer;
  if (content === 'html' || content === 'text') return `answer of ${operation.operationId}`;
  return list === true ? [{ id: 1 }, { id: 2 }] : { id: 1 };
}

interface Case {
  readonly args: UntypedArgs;
  readonly expectedPath: string;
  readonly expectedQuery: ReadonlyMap<string, string[]>;
}

function caseFor(operation: OperationSpec): Case {
  const args: Record<string, unknown> = {};
  const pathParams = operation.pathParams ?? [];
  let expectedPath = `/api/v1${operation.path}`;
  pathParams.forEach((param, position) => {
    const sample = pathSample(param, position);
    args[param.name] = sample.value;
    expectedPath = expectedPath.replace(`{${param.name}}`, String(sample.expected));
  });
  const expectedQuery = new Map<string, string[]>();
  for (const param of operation.queryParams ?? []) {
    const sample = querySample(param);
    args[param.name] = sample.value;
    expectedQuery.set(param.name, [sample.expected].flat());
  }
  if (operation.body !== undefined) args['body'] = bodySample(operation);
  return { args, expectedPath, expectedQuery };
}

function queryOf(search: URLSearchParams): Map<string, string[]> {
  const query = new Map<string, string[]>();
  for (const name of new Set(search.keys())) query.set(name, search.getAll(name));
  return query;
}

describe('every catalogue operation', () => {
  let server: RecordingServer;
  let client: TeahouseClient;
  let current: OperationSpec | undefined;

  before(async () => {
    server = await startRecordingServer((_request, response) => {
      if (current === undefined) throw new Error('no operation under test');
      answer(current, response);
    });
    client = new TeahouseClient({ baseUrl: `${server.url}/`, proxy: 'none', version: '1.2.3', retries: 0 });
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  test('the catalogue is not empty and every operation has a typed-api method of its id', () => {
    assert.ok(operations.length > 0);
    assert.deepEqual(
      Object.keys(client.api).sort(),
      operations.map((operation) => operation.operationId).sort(),
    );
  });

  for (const operation of operations) {
    test(`${operation.operationId} sends ${operation.method} ${operation.path} with its query and body`, async () => {
      const { args, expectedPath, expectedQuery } = caseFor(operation);
      const methods = client.api as unknown as Record<string, (args: UntypedArgs) => Promise<unknown>>;
      const method = methods[operation.operationId];
      assert.ok(method, 'the typed api has the method');
      current = operation;
      const answered = await client.sendForStatus(operation, args);
      assert.equal(answered.status, operation.success.status);
      const results = [answered.data, await client.send(operation, args), await method(args)];
      assert.equal(server.requests.length >= 3, true);
      for (const [index, recorded] of server.requests.splice(0).entries()) {
        assert.equal(recorded.method, operation.method);
        assert.equal(recorded.rawPath, expectedPath);
        assert.deepEqual(queryOf(recorded.query), expectedQuery);
        assert.equal(recorded.headers['user-agent'], 'Teahouse/1.2.3 (+undici)');
        if (operation.body === undefined) {
          assert.equal(recorded.body, '');
          assert.equal(recorded.headers['content-type'], undefined);
        } else if (operation.body.content === 'multipart') {
          // the wire format is checked byte by byte in clientMultipart.test.ts
          assert.match(recorded.headers['content-type'] ?? '', /^multipart\/form-data; boundary=/);
          assert.match(recorded.body, /filename="upload\.txt"\r\n[^]*\r\n\r\nfile content ü\r\n--/);
        } else if (operation.body.content === 'text') {
          assert.equal(recorded.body, args['body']);
          assert.equal(recorded.headers['content-type'], 'text/plain; charset=utf-8');
        } else {
          assert.deepEqual(JSON.parse(recorded.body), args['body']);
          assert.equal(recorded.headers['content-type'], 'application/json');
        }
        assert.deepEqual(results[index], expectedValue(operation));
      }
    });
  }
});
