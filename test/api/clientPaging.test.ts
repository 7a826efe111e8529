import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TeahouseClient } from '../../src/api/client';
import { parseLinkHeader } from '../../src/api/client/paging';
import {
  replyJson,
  startRecordingServer,
  type RecordedRequest,
  type Responder,
} from '../helpers/recordingServer';

const issuesPath = '/api/v1/repos/alice/notes/issues';

/** Builds Gitea's `Link` header for `page` of `lastPage`, keeping the other query parameters as today's Gitea does. */
function giteaLinks(base: string, request: RecordedRequest, page: number, lastPage: number): string {
  const link = (target: number, rel: string) => {
    const query = new URLSearchParams(request.query);
    query.set('page', String(target));
    return `<${base}${request.rawPath}?${query}>; rel="${rel}"`;
  };
  const links = [];
  if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'));
  if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
  return links.join(',');
}

/** Serves `total` issues in pages of `limit`, with `Link` and `X-Total-Count` like Gitea. */
function pagedIssues(total: number, base: () => string): Responder {
  return (request, response) => {
    const page = Number(request.query.get('page') ?? '1');
    const limit = Number(request.query.get('limit') ?? '30');
    const lastPage = Math.max(1, Math.ceil(total / limit));
    const numbers = Array.from({ length: total }, (_, index) => index + 1).slice(
      (page - 1) * limit,
      page * limit,
    );
    replyJson(
      response,
      200,
      numbers.map((number) => ({ id: 100 + number, number, title: `issue ${number}` })),
      { 'x-total-count': String(total), link: giteaLinks(base(), request, page, lastPage) },
    );
  };
}

async function withServer(
  respond: (base: () => string) => Responder,
  run: (client: TeahouseClient, requests: RecordedRequest[]) => Promise<void>,
): Promise<void> {
  let url = '';
  const server = await startRecordingServer(respond(() => url));
  url = server.url;
  const client = new TeahouseClient({ baseUrl: server.url, proxy: 'none', retries: 0 });
  try {
    await run(client, server.requests);
  } finally {
    await client.close();
    await server.close();
  }
}

describe('paging', () => {
  test('paginate yields every issue of three pages in order and keeps the other arguments', async () => {
    await withServer(
      (base) => pagedIssues(5, base),
      async (client, requests) => {
        const numbers: number[] = [];
        for await (const issue of client.paginate('issueListIssues', {
          owner: 'alice',
          repo: 'notes',
          state: 'open',
          limit: 2,
        })) {
          numbers.push(issue.number);
        }
        assert.deepEqual(numbers, [1, 2, 3, 4, 5]);
        assert.deepEqual(
          requests.map((request) => [request.rawPath, request.query.get('page'), request.query.get('state')]),
          [
            [issuesPath, '1', 'open'],
            [issuesPath, '2', 'open'],
            [issuesPath, '3', 'open'],
          ],
        );
      },
    );
  });

  test('page reports the total, the next and last pages, and no next page on the last one', async () => {
    await withServer(
      (base) => pagedIssues(5, base),
      async (client) => {
        const first = await client.page('issueListIssues', { owner: 'alice', repo: 'notes', limit: 2 });
        assert.deepEqual(
          { ...first, items: first.items.map((issue) => issue.number) },
          { items: [1, 2], page: 1, limit: 2, totalCount: 5, hasNext: true, nextPage: 2, lastPage: 3 },
        );
        const last = await client.page('issueListIssues', {
          owner: 'alice',
          repo: 'notes',
          limit: 2,
          page: 3,
        });
        assert.deepEqual(
          { ...last, items: last.items.map((issue) => issue.number) },
          {
            items: [5],
            page: 3,
            limit: 2,
            totalCount: 5,
            hasNext: false,
            nextPage: undefined,
            lastPage: undefined,
          },
        );
      },
    );
  });

  test('paginate starts at the page asked for', async () => {
    await withServer(
      (base) => pagedIssues(5, base),
      async (client) => {
        const numbers: number[] = [];
        for await (const issue of client.paginate('issueListIssues', {
          owner: 'alice',
          repo: 'notes',
          limit: 2,
          page: 2,
        })) {
          numbers.push(issue.number);
        }
        assert.deepEqual(numbers, [3, 4, 5]);
      },
    );
  });

  test('a server that ignores page stops paginate after the repeated page instead of looping', async () => {
    await withServer(
      () => (_request, response) =>
        replyJson(response, 200, [
          { id: 1, number: 1, title: 'a' },
          { id: 2, number: 2, title: 'b' },
        ]),
      async (client, requests) => {
        const numbers: number[] = [];
        for await (const issue of client.paginate('issueListIssues', {
          owner: 'alice',
          repo: 'notes',
          limit: 2,
        })) {
          numbers.push(issue.number);
        }
        assert.deepEqual(numbers, [1, 2]);
        assert.equal(requests.length, 2);
      },
    );
  });

  test('without Link or X-Total-Count a page shorter than the limit is the last', async () => {
    await withServer(
      () => (request, response) => {
        const page = Number(request.query.get('page'));
        const issues = page === 1 ? [1, 2] : page === 2 ? [3] : [99];
        replyJson(
          response,
          200,
          issues.map((number) => ({ id: number, number, title: `${number}` })),
        );
      },
      async (client, requests) => {
        const numbers: number[] = [];
        for await (const issue of client.paginate('issueListIssues', {
          owner: 'alice',
          repo: 'notes',
          limit: 2,
        })) {
          numbers.push(issue.number);
        }
        assert.deepEqual(numbers, [1, 2, 3]);
        assert.equal(requests.length, 2);
      },
    );
  });

  test('paginate stops after maxPages even when the server always has a next page', async () => {
    await withServer(
      (base) => pagedIssues(1000, base),
      async (client, requests) => {
        let count = 0;
        for await (const _issue of client.paginate(
          'issueListIssues',
          { owner: 'alice', repo: 'notes', limit: 1 },
          { maxPages: 3 },
        )) {
          count += 1;
        }
        assert.equal(count, 3);
        assert.equal(requests.length, 3);
      },
    );
  });

  test('an empty list answer is an empty page without a next one', async () => {
    await withServer(
      () => (_request, response) => replyJson(response, 200, [], { 'x-total-count': '0' }),
      async (client) => {
        const page = await client.page('issueListIssues', { owner: 'alice', repo: 'notes' });
        assert.deepEqual(page.items, []);
        assert.equal(page.totalCount, 0);
        assert.equal(page.hasNext, false);
      },
    );
  });
});

describe('Link header', () => {
  test('rels are found even when a URL holds commas and rel values are unquoted or several', () => {
    const links = parseLinkHeader(
      '<https://h/api/v1/x?labels=a,b&page=2>; rel="next",<https://h/api/v1/x?page=9>;rel=last, <https://h/y?page=1>; rel="first prev"',
    );
    assert.equal(links.get('next'), 'https://h/api/v1/x?labels=a,b&page=2');
    assert.equal(links.get('last'), 'https://h/api/v1/x?page=9');
    assert.equal(links.get('first'), 'https://h/y?page=1');
    assert.equal(links.get('prev'), 'https://h/y?page=1');
  });

  test('no header means no links', () => {
    assert.equal(parseLinkHeader(undefined).size, 0);
  });
});
