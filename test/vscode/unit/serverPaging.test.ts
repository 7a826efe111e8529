import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ServerCapabilities } from '../../../src/api/capabilities';
import type { Page } from '../../../src/api/client';
import { defaultApiLimits, type ServerProfile } from '../../../src/api/serverProfile';
import type { TreeNode } from '../../../src/extension/views/nodes';
import { listPaging, serverPagedSource } from '../../../src/extension/views/paging';

const gitea = (giteaVersion: string): ServerCapabilities =>
  new ServerCapabilities({
    kind: 'gitea',
    version: giteaVersion,
    giteaVersion,
    limits: defaultApiLimits,
    limitsFromServer: false,
    readAt: '',
  } satisfies ServerProfile);
const teahouse = new ServerCapabilities({
  kind: 'teahouse',
  version: '1.14.1+teahouse-0.1.0',
  giteaVersion: '1.14.1',
  limits: defaultApiLimits,
  limitsFromServer: true,
  readAt: '',
});

const page = (items: string[], hasNext: boolean): Page<string> => ({
  items,
  page: 1,
  limit: undefined,
  totalCount: undefined,
  hasNext,
  nextPage: undefined,
  lastPage: undefined,
});
const toNode = (text: string): TreeNode => ({
  kind: 'message',
  id: text,
  parent: undefined,
  text,
  severity: 'info',
});

describe('lists as each server pages them', () => {
  test('branches page from Gitea 1.14; before it the list comes whole', () => {
    assert.equal(listPaging(gitea('1.14.1'), 'repoListBranches'), 'full');
    assert.equal(listPaging(gitea('1.13.7'), 'repoListBranches'), 'none');
    assert.equal(listPaging(teahouse, 'repoListBranches'), 'full');
  });

  test('issue lists take `limit` from Gitea 1.12; before it only `page`', () => {
    assert.equal(listPaging(gitea('1.12.0'), 'issueListIssues'), 'full');
    assert.equal(listPaging(gitea('1.11.8'), 'issueListIssues'), 'pageOnly');
  });

  test('a list the server cannot page is asked once, whole, and offers no more', async () => {
    const asked: unknown[] = [];
    const source = serverPagedSource(
      'none',
      (paging) => {
        asked.push(paging);
        // a server that ignores paging answers everything, whatever the client assumed
        return Promise.resolve(page(['a', 'b', 'c'], true));
      },
      toNode,
    );
    assert.equal(source.kind, 'paged');
    if (source.kind !== 'paged') return;
    const first = await source.fetch(1);
    assert.deepEqual(asked, [{}]);
    assert.equal(first.items.length, 3);
    assert.equal(first.hasNext, false);
  });

  test('a list paged without `limit` goes on until an empty page', async () => {
    const pages: Record<number, string[]> = { 1: ['a', 'b'], 2: ['c'], 3: [] };
    const asked: unknown[] = [];
    const source = serverPagedSource(
      'pageOnly',
      (paging) => {
        asked.push(paging);
        return Promise.resolve(page(pages[paging.page ?? 1] ?? [], false));
      },
      toNode,
    );
    if (source.kind !== 'paged') return assert.fail('paged');
    assert.equal((await source.fetch(1)).hasNext, true);
    assert.equal((await source.fetch(2)).nextPage, 3);
    assert.equal((await source.fetch(3)).hasNext, false);
    assert.deepEqual(asked, [{ page: 1 }, { page: 2 }, { page: 3 }]);
  });

  test('a server that pages asks page and limit', async () => {
    const asked: unknown[] = [];
    const source = serverPagedSource(
      'full',
      (paging) => {
        asked.push(paging);
        return Promise.resolve(page(['a'], false));
      },
      toNode,
    );
    if (source.kind !== 'paged') return assert.fail('paged');
    await source.fetch(2);
    assert.deepEqual(asked, [{ page: 2, limit: 30 }]);
  });
});
