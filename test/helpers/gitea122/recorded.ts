import answersFile from '../../fixtures/gitea-1.22-answers.json';
import type { RecordedAnswer } from '../recordedAnswer';

/**
 * The answers a real Gitea 1.22-dev gave (test/fixtures/gitea-1.22-answers.json, a copy of the recording in
 * the team's reference folder): looked up by path for replay, and used as the templates the double shapes
 * its own objects from, so that they carry every field, and every `null`, that Gitea's did.
 */

// imported, not read from disk: the real VS Code suite runs the doubles from a bundle elsewhere
export const recorded = (answersFile as unknown as { answers: RecordedAnswer[] }).answers;

/** Where the recording was made; replayed answers carry the double's own address instead. */
export const recordedOrigin = 'http://127.0.0.1:3301/';

/** The recorded world: its repository and users. */
export const recordedRepo = { owner: 'root', name: 'rec-1128165022' } as const;
export const recordedRepoPath = `/repos/${recordedRepo.owner}/${recordedRepo.name}`;
export const recordedLogins = ['root', 'bob1128165022'] as const;

/** A recorded body, copied; the test setup is wrong when it is missing. */
export function recordedBody<T>(method: string, path: string, index = 0): T {
  const answer = recorded.filter((entry) => entry.method === method && entry.path === path)[index];
  if (answer === undefined) throw new Error(`nothing recorded for ${method} ${path}`);
  return structuredClone(answer.body) as T;
}

/** The query without paging, in a stable order: `state=all&type=issues`. */
function queryKey(search: URLSearchParams): string {
  return [...search]
    .filter(([name]) => name !== 'page' && name !== 'limit')
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');
}

const pageOf = (search: URLSearchParams): number => Math.max(1, Number(search.get('page')) || 1);

export interface Replay {
  readonly answer: RecordedAnswer;
  /** The request asks for a page after the recorded one: a list answers `[]` there. */
  readonly pastTheEnd: boolean;
}

/**
 * The recorded GET answer for a request: the same path and query (as this user, else as anyone), else the
 * same query apart from paging (every recorded list fits in its first page), else the same path with any
 * query.
 */
export function findReplay(apiPath: string, search: URLSearchParams, as: string): Replay | undefined {
  // `feature%2Fx` and `feature/x` name the same branch
  const wanted = decodeURIComponent(apiPath);
  const gets = recorded.filter(
    (entry) => entry.method === 'GET' && decodeURIComponent(entry.path.split('?')[0]!) === wanted,
  );
  const mine = (entries: RecordedAnswer[]): RecordedAnswer | undefined =>
    entries.find((entry) => entry.as === as) ?? entries[0];
  const recordedQuery = (entry: RecordedAnswer): URLSearchParams =>
    new URL(entry.path, recordedOrigin).searchParams;
  const exact = mine(gets.filter((entry) => recordedQuery(entry).toString() === search.toString()));
  if (exact) return { answer: exact, pastTheEnd: false };
  const key = queryKey(search);
  const samePages = mine(gets.filter((entry) => queryKey(recordedQuery(entry)) === key));
  const any = samePages ?? mine(gets);
  if (!any) return undefined;
  return { answer: any, pastTheEnd: pageOf(search) > pageOf(recordedQuery(any)) };
}
