import type { OperationSpec } from '../operationSpec';
import { ownerParam, repoParam } from './params';

/** What a repository tells about itself besides its resource: issue templates, languages, its signing key. */
export const repositoryDetailsOperations = [
  {
    operationId: 'repoGetIssueTemplates',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issue_templates',
    group: 'repository',
    summary: 'Get available issue templates for a repository',
    pathParams: [ownerParam, repoParam],
    success: { status: 200, type: 'IssueTemplate', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
  },
  {
    operationId: 'repoGetLanguages',
    method: 'GET',
    path: '/repos/{owner}/{repo}/languages',
    group: 'repository',
    summary: 'Get languages and number of bytes of code written',
    pathParams: [ownerParam, repoParam],
    success: { status: 200, type: 'LanguageStatistics' },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
  },
  {
    operationId: 'repoSigningKey',
    method: 'GET',
    path: '/repos/{owner}/{repo}/signing-key.gpg',
    group: 'repository',
    summary: 'Get signing-key.gpg for given repository',
    pathParams: [ownerParam, repoParam],
    success: { status: 200, content: 'text' },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
  },
  {
    operationId: 'repoSigningKeySSH',
    method: 'GET',
    path: '/repos/{owner}/{repo}/signing-key.pub',
    group: 'repository',
    summary: 'Get signing-key.pub for given repository',
    pathParams: [ownerParam, repoParam],
    success: { status: 200, content: 'text' },
    statuses: [404],
    auth: 'public',
    scope: 'repository',
  },
] as const satisfies readonly OperationSpec[];
