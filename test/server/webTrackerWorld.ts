import assert from 'node:assert/strict';
import type { TestServer } from './harness';
import { buildUrlWorld, type UrlWorld } from './urlWorld';

/**
 * The URL world plus what the tracker pages are tested on: a closed issue, a second label and milestone,
 * an issue full of HTML, and a repository with more issues than one list page holds.
 */
export interface TrackerWorld extends UrlWorld {
  readonly me: string;
  readonly closedIssue: number;
  readonly plainIssue: number;
  readonly xssIssue: number;
  readonly xssComment: number;
  readonly otherLabel: number;
  readonly otherMilestone: number;
  /** A repository of `pagingCount` issues named `Task 1` … */
  readonly pagingRepo: string;
  readonly pagingCount: number;
}

export const hostile = {
  title: 'Title <script>alert("t")</script>',
  body: [
    '<script>alert("b")</script>',
    '<img src="x" onerror="alert(1)">',
    '[click](javascript:alert(2))',
    '<a href="javascript:alert(3)">link</a>',
  ].join('\n\n'),
  comment: 'Comment <script>alert("c")</script> <img src=x onerror=alert(4)>',
  label: '<b>loud</b>',
};

export async function buildTrackerWorld(server: TestServer, prefix: string): Promise<TrackerWorld> {
  const world = await buildUrlWorld(server, prefix);
  const me = world.owner.user.login;
  const auth = { token: world.owner.token };
  const r = `/repos/${me}/${world.repo}`;
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await server.request<T>('POST', path, { ...auth, body });
    assert.equal(res.status, 201, `${path}: ${res.status} ${res.text}`);
    return res.json;
  };
  const otherLabel = await post<{ id: number }>(`${r}/labels`, { name: hostile.label, color: '#00ff00' });
  const otherMilestone = await post<{ id: number }>(`${r}/milestones`, { title: 'Second' });
  const closed = await post<{ number: number }>(`${r}/issues`, {
    title: 'Closed weed',
    closed: true,
    milestone: otherMilestone.id,
  });
  const plain = await post<{ number: number }>(`${r}/issues`, {
    title: 'Plain radish',
    body: 'nothing here',
  });
  const xss = await post<{ number: number }>(`${r}/issues`, {
    title: hostile.title,
    body: `${hostile.body}\n\nMentions @${me} and #1`,
    labels: [otherLabel.id],
  });
  const xssComment = await post<{ id: number }>(`${r}/issues/${xss.number}/comments`, {
    body: hostile.comment,
  });

  const pagingRepo = 'rows';
  const created = await server.request('POST', '/user/repos', { ...auth, body: { name: pagingRepo } });
  assert.equal(created.status, 201, created.text);
  const pagingCount = 23;
  for (let i = 1; i <= pagingCount; i++)
    await post(`/repos/${me}/${pagingRepo}/issues`, { title: `Task ${i}` });

  return {
    ...world,
    me,
    closedIssue: closed.number,
    plainIssue: plain.number,
    xssIssue: xss.number,
    xssComment: xssComment.id,
    otherLabel: otherLabel.id,
    otherMilestone: otherMilestone.id,
    pagingRepo,
    pagingCount,
  };
}

/** Every `href` of a page, entities decoded (`&amp;` → `&`). */
export const hrefsOf = (html: string): string[] =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
