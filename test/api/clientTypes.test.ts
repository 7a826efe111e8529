import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TeahouseClient, type OperationArgs, type OperationResult } from '../../src/api/client';
import type { ApiMethodsOf } from '../../src/api/client/operationTypes';
import type { OperationSpec } from '../../src/api/operationSpec';
import type { Issue, ServerVersion } from '../../src/api/types';
import { replyJson, startRecordingServer } from '../helpers/recordingServer';

/*
 * The derived types are checked by `tsc --noEmit` (npm run lint): a wrong derivation fails the build.
 * The run-time half calls the typed methods against a recording server.
 */

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;
type NoArguments = Record<never, never>;

/** Entries with and without each optional field, to prove the derivation copes with all shapes. */
const _sampleCatalogue = [
  { operationId: 'bare', method: 'GET', path: '/bare', success: { status: 204 } },
  {
    operationId: 'full',
    method: 'POST',
    path: '/things/{owner}/{index}',
    pathParams: [
      { name: 'owner', type: 'string', required: true },
      { name: 'index', type: 'integer', required: true },
    ],
    queryParams: [
      { name: 'state', type: 'string', enum: ['open', 'closed'] },
      { name: 'kinds', type: 'string[]', enum: ['issue', 'pull'] },
      { name: 'ids', type: 'integer[]' },
      { name: 'draft', type: 'boolean' },
      { name: 'q', type: 'string', required: true },
    ],
    body: { type: 'Issue', required: true },
    success: { status: 201, type: 'Issue', list: true },
  },
  {
    operationId: 'textIn',
    method: 'POST',
    path: '/text',
    body: { type: 'string', content: 'text' },
    success: { status: 200, content: 'html' },
  },
  { operationId: 'bytes', method: 'GET', path: '/bytes', success: { status: 200, content: 'binary' } },
  { operationId: 'one', method: 'GET', path: '/one', success: { status: 200, type: 'ServerVersion' } },
] as const satisfies readonly Omit<OperationSpec, 'group' | 'summary' | 'auth' | 'scope'>[];

type Sample = (typeof _sampleCatalogue)[number];
type SampleOp<Id extends Sample['operationId']> = Extract<Sample, { operationId: Id }>;
type SampleApi = ApiMethodsOf<Sample>;

type _DerivedTypes = [
  Assert<Equal<OperationArgs<SampleOp<'bare'>>, NoArguments>>,
  Assert<
    Equal<
      OperationArgs<SampleOp<'full'>>,
      {
        owner: string;
        index: number;
        q: string;
        state?: 'open' | 'closed';
        kinds?: readonly ('issue' | 'pull')[];
        ids?: readonly number[];
        draft?: boolean;
        body: Issue;
      }
    >
  >,
  Assert<Equal<OperationArgs<SampleOp<'textIn'>>, { body?: string }>>,
  Assert<Equal<OperationResult<SampleOp<'bare'>>, void>>,
  Assert<Equal<OperationResult<SampleOp<'full'>>, Issue[]>>,
  Assert<Equal<OperationResult<SampleOp<'textIn'>>, string>>,
  Assert<Equal<OperationResult<SampleOp<'bytes'>>, Uint8Array>>,
  Assert<Equal<OperationResult<SampleOp<'one'>>, ServerVersion>>,
  Assert<Equal<Parameters<SampleApi['bare']>[0], NoArguments | undefined>>,
  Assert<Equal<ReturnType<SampleApi['full']>, Promise<Issue[]>>>,
];

/** Never called: each line must not compile. */
export function misuses(client: TeahouseClient): void {
  // @ts-expect-error a required path parameter is missing
  void client.api.issueListIssues({ owner: 'alice' });
  // @ts-expect-error not one of the enum's values
  void client.api.issueListIssues({ owner: 'alice', repo: 'notes', state: 'opened' });
  // @ts-expect-error page is a number
  void client.api.issueListIssues({ owner: 'alice', repo: 'notes', page: '2' });
  // @ts-expect-error the raw markdown body is text
  void client.api.renderMarkdownRaw({ body: { text: '# hi' } });
  // @ts-expect-error no such operation
  void client.request('issueListEverything', {});
  // @ts-expect-error version answers an object, not a list: it cannot be paged
  void client.page('getVersion');
}

describe('typed methods', () => {
  test('the typed api, request and page answer the types the catalogue names', async () => {
    const server = await startRecordingServer((request, response) => {
      if (request.rawPath === '/api/v1/version') replyJson(response, 200, { version: '1.22.0' });
      else if (request.rawPath.includes('/raw/')) response.writeHead(200).end(Buffer.from([1, 2, 3]));
      else if (request.rawPath === '/api/v1/markdown/raw')
        response.writeHead(200).end(`<h1>${request.body}</h1>`);
      else replyJson(response, 200, [{ id: 9, number: 3, title: 'typed' }]);
    });
    const client = new TeahouseClient({ baseUrl: server.url, proxy: 'none', retries: 0 });
    try {
      const issues: Issue[] = await client.api.issueListIssues({
        owner: 'alice',
        repo: 'notes',
        state: 'open',
        page: 2,
      });
      assert.deepEqual(issues, [{ id: 9, number: 3, title: 'typed' }]);
      const serverVersion: ServerVersion = await client.request('getVersion');
      assert.equal(serverVersion.version, '1.22.0');
      const html: string = await client.api.renderMarkdownRaw({ body: 'hi' });
      assert.equal(html, '<h1>hi</h1>');
      const bytes: Uint8Array = await client.api.repoGetRawFile({
        owner: 'a',
        repo: 'b',
        filepath: 'main/x.bin',
      });
      assert.deepEqual([...bytes], [1, 2, 3]);
      const page = await client.page('issueListIssues', { owner: 'alice', repo: 'notes' });
      const first: Issue | undefined = page.items[0];
      assert.equal(first?.title, 'typed');
      assert.deepEqual(
        server.requests.map((request) => `${request.method} ${request.rawPath}?${request.query}`),
        [
          'GET /api/v1/repos/alice/notes/issues?state=open&page=2',
          'GET /api/v1/version?',
          'POST /api/v1/markdown/raw?',
          'GET /api/v1/repos/a/b/raw/main/x.bin?',
          'GET /api/v1/repos/alice/notes/issues?',
        ],
      );
    } finally {
      await client.close();
      await server.close();
    }
  });

  test('an unknown operation id is refused before anything is sent', async () => {
    const client = new TeahouseClient({ baseUrl: 'http://127.0.0.1:9', proxy: 'none' });
    try {
      const untypedRequest = client.request as (operationId: string) => Promise<unknown>;
      await assert.rejects(untypedRequest.call(client, 'noSuchOperation'), TypeError);
    } finally {
      await client.close();
    }
  });
});
