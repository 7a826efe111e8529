import type { OperationSpec } from '../operationSpec';
import { limitParam, ownerParam, pageParam, repoParam } from './params';

const topicParam = (action: string) =>
  ({ name: 'topic', type: 'string', required: true, description: `name of the topic to ${action}` }) as const;

/** A repository's topics, and the search over every topic of the server. */
export const repositoryTopicsOperations = [
  {
    operationId: 'repoListTopics',
    method: 'GET',
    path: '/repos/{owner}/{repo}/topics',
    group: 'repository',
    summary: 'Get list of topics that a repository has',
    pathParams: [ownerParam, repoParam],
    queryParams: [pageParam, limitParam],
    success: { status: 200, type: 'TopicName' },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
    paged: true,
  },
  {
    operationId: 'repoUpdateTopics',
    method: 'PUT',
    path: '/repos/{owner}/{repo}/topics',
    group: 'repository',
    summary: 'Replace list of topics for a repository',
    pathParams: [ownerParam, repoParam],
    body: { type: 'RepoTopicOptions' },
    success: { status: 204 },
    statuses: [403, 404, 422],
    auth: 'signedIn',
    scope: 'repository',
  },
  // 1.14.1 spelled it repoAddTopíc (an accented í); today's Gitea fixed the spelling
  {
    operationId: 'repoAddTopic',
    otherOperationIds: ['repoAddTopíc'],
    method: 'PUT',
    path: '/repos/{owner}/{repo}/topics/{topic}',
    group: 'repository',
    summary: 'Add a topic to a repository',
    pathParams: [ownerParam, repoParam, topicParam('add')],
    success: { status: 204 },
    statuses: [403, 404, 422],
    auth: 'signedIn',
    scope: 'repository',
  },
  {
    operationId: 'repoDeleteTopic',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/topics/{topic}',
    group: 'repository',
    summary: 'Delete a topic from a repository',
    pathParams: [ownerParam, repoParam, topicParam('delete')],
    success: { status: 204 },
    statuses: [403, 404, 422],
    auth: 'signedIn',
    scope: 'repository',
  },
  // answers {topics: [...]}, although the 1.14.1 swagger declares a bare list; 1.14.1 refuses anonymous callers with 403
  {
    operationId: 'topicSearch',
    method: 'GET',
    path: '/topics/search',
    group: 'repository',
    summary: 'search topics via keyword',
    queryParams: [
      { name: 'q', type: 'string', required: true, description: 'keywords to search' },
      pageParam,
      limitParam,
    ],
    success: { status: 200, type: 'TopicListResponse' },
    statuses: [403],
    auth: 'signedIn',
    scope: 'repository',
    paged: true,
  },
] as const satisfies readonly OperationSpec[];
