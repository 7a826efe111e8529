import assert from 'node:assert/strict';
import { mustGit, remoteUrl } from '../helpers/gitRemote';
import type { TestServer } from './harness';

/**
 * Everything a repository's tracker answers, for comparing a migrated copy with its source: topics, labels,
 * milestones, issues, comments, reactions of each issue and comment, pull requests, reviews and their
 * comments, releases, the repository's counters, and every git reference.
 *
 * `exact` drops only ids (and attachment uuids) and URLs and turns each user object into its login (servers number users
 * differently). `effective` also folds an imported author into the name it stands for (`original_author`
 * over the Ghost, `bob(gitea)` → `bob`), which is how a copy on a server without that account compares
 * with the original.
 */
export interface Snapshot {
  readonly exact: unknown;
  readonly effective: unknown;
  readonly gitRefs: string;
  readonly counts: { issues: number; comments: number; reviews: number };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const dropped = (key: string): boolean =>
  key === 'id' ||
  key === 'uuid' ||
  key === 'url' ||
  key.endsWith('_url') ||
  key === 'repo_id' ||
  key === 'repository' ||
  key === 'repo';

const standIn = /^(.+)\(gitea\)$/;

function isUser(value: Json): value is { [key: string]: Json } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'login' in value &&
    'avatar_url' in value
  );
}

function normalise(value: Json, effective: boolean): Json {
  if (Array.isArray(value)) return value.map((item) => normalise(item, effective));
  if (typeof value !== 'object' || value === null) return value;
  if (isUser(value)) {
    const login = String(value.login);
    return effective && value.id === -1 ? (standIn.exec(login)?.[1] ?? login) : login;
  }
  const out: { [key: string]: Json } = {};
  for (const [key, inner] of Object.entries(value) as [string, Json][]) {
    if (dropped(key)) continue;
    out[key] = normalise(inner, effective);
  }
  const original = (value as { original_author?: Json }).original_author;
  if (effective && typeof original === 'string') {
    if (original !== '') out.user = original;
    delete out.original_author;
    delete out.original_author_id;
  }
  return out;
}

export async function snapshotRepository(
  server: TestServer,
  token: string,
  fullName: string,
): Promise<Snapshot> {
  const get = async <T = Json>(apiPath: string): Promise<T> => {
    const res = await server.request<T>('GET', `/repos/${fullName}${apiPath}`, { token });
    assert.equal(res.status, 200, `GET ${apiPath}: ${res.text}`);
    return res.json;
  };
  type Numbered = { number: number };
  const repo = await get<{ [key: string]: Json }>('');
  const issues = await get<(Numbered & Json)[]>('/issues?state=all&type=issues&limit=50');
  const pulls = await get<(Numbered & Json)[]>('/pulls?state=all&limit=50');
  // A pull request's JSON has no original_author (nor has Gitea's): its issue view tells who wrote it.
  const pullIssues = await get<(Numbered & { original_author: string })[]>(
    '/issues?state=all&type=pulls&limit=50',
  );
  const comments = await get<({ id: number } & Json)[]>('/issues/comments?limit=50');
  const numbers = [...issues, ...pulls].map((i) => i.number).sort((x, y) => x - y);
  const raw: { [key: string]: Json } = {
    counters: {
      open_issues_count: repo.open_issues_count!,
      open_pr_counter: repo.open_pr_counter!,
      release_counter: repo.release_counter!,
    },
    topics: await get('/topics'),
    labels: await get('/labels'),
    milestones: await get('/milestones?state=all'),
    issues,
    pulls,
    comments,
    issueReactions: await Promise.all(numbers.map((n) => get(`/issues/${n}/reactions`))),
    commentReactions: await Promise.all(comments.map((c) => get(`/issues/comments/${c.id}/reactions`))),
    reviews: [],
    releases: await get('/releases'),
  };
  let reviewCount = 0;
  for (const pull of pulls) {
    const reviews = await get<({ id: number } & Json)[]>(`/pulls/${pull.number}/reviews`);
    reviewCount += reviews.length;
    for (const review of reviews) {
      (raw.reviews as Json[]).push({
        review,
        comments: await get(`/pulls/${pull.number}/reviews/${review.id}/comments`),
      });
    }
  }
  const gitRefs = mustGit(server.dataDir, ['ls-remote', remoteUrl(server.url, fullName)]);
  const effective = normalise(raw, true) as { pulls: { number: number; user: Json }[] };
  for (const pull of effective.pulls) {
    const original = pullIssues.find((i) => i.number === pull.number)?.original_author;
    if (original) pull.user = original;
  }
  return {
    exact: normalise(raw, false),
    effective,
    gitRefs,
    counts: { issues: numbers.length, comments: comments.length, reviews: reviewCount },
  };
}
