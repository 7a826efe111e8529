import { DomainError, notFound } from '../domain/errors';
import type { Database } from '../store/database';
import type { RepositoryRow } from '../store/repositories';
import { addRepoTopic, listRepoTopics, removeRepoTopic, replaceRepoTopics } from '../store/topics';

/** Gitea's topic rules: at most this many per repository, each at most this long. */
export const maxTopicsPerRepository = 25;
export const maxTopicLength = 35;
const topicPattern = /^[a-z0-9][a-z0-9-]*$/;

/**
 * A refused topic change, with what Gitea answers beside the message: the invalid names (a list from a
 * replace, one name from an add or delete), or null/absent when the count is the problem.
 */
export class TopicsRefused extends DomainError {
  constructor(
    message: string,
    readonly invalidTopics?: string | readonly string[] | null,
  ) {
    super('invalid', message);
  }
}

/** Gitea's ValidateTopic, on a name already lower-cased and trimmed. */
export const isValidTopic = (name: string): boolean =>
  name.length <= maxTopicLength && topicPattern.test(name);

/** A topic name as Gitea reads it from a request: trimmed and lower-cased. */
export const normalizeTopic = (name: string): string => name.toLowerCase().trim();

/**
 * Gitea's SanitizeAndValidateTopics: names normalised, empty ones and repeats dropped, split into the
 * valid and the invalid, each in the order given.
 */
export function sanitizeTopics(names: readonly string[]): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const raw of names) {
    const name = normalizeTopic(raw);
    if (name === '' || valid.includes(name)) continue;
    (isValidTopic(name) ? valid : invalid).push(name);
  }
  return { valid, invalid };
}

/** Replaces the repository's topics (PUT /topics): too many is checked before invalid names, as Gitea does. */
export function replaceTopics(db: Database, repo: RepositoryRow, names: readonly string[]): void {
  const { valid, invalid } = sanitizeTopics(names);
  if (valid.length > maxTopicsPerRepository) {
    throw new TopicsRefused('Exceeding maximum number of topics per repo', null);
  }
  if (invalid.length > 0) throw new TopicsRefused('Topic names are invalid', invalid);
  replaceRepoTopics(db, repo.id, valid);
}

function checkedTopic(raw: string): string {
  const name = normalizeTopic(raw);
  if (!isValidTopic(name)) throw new TopicsRefused('Topic name is invalid', name);
  return name;
}

/** Adds one topic; a repository at the limit refuses even one it has, as Gitea counts before looking. */
export function addTopic(db: Database, repo: RepositoryRow, raw: string): void {
  const name = checkedTopic(raw);
  if (listRepoTopics(db, repo.id).length >= maxTopicsPerRepository) {
    throw new TopicsRefused('Exceeding maximum allowed topics per repo.');
  }
  addRepoTopic(db, repo.id, name);
}

/** Removes one topic; 404 when the repository does not have it. */
export function deleteTopic(db: Database, repo: RepositoryRow, raw: string): void {
  const name = checkedTopic(raw);
  if (!removeRepoTopic(db, repo.id, name)) throw notFound(`topic is not exist [name: ${name}]`);
}
