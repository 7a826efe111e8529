import type { OperationSpec } from '../operationSpec';

export const miscellaneousOperations = [
  {
    operationId: 'getVersion',
    method: 'GET',
    path: '/version',
    group: 'miscellaneous',
    summary: 'Returns the version of the Gitea application',
    success: { status: 200, type: 'ServerVersion' },
    auth: 'public',
    scope: 'misc',
  },
  // today's Gitea asks for a signed-in caller here; v1.3 rendered for anyone
  {
    operationId: 'renderMarkdown',
    method: 'POST',
    path: '/markdown',
    group: 'miscellaneous',
    summary: 'Render a markdown document as HTML',
    body: { type: 'MarkdownOption' },
    success: { status: 200, content: 'html' },
    statuses: [422],
    auth: 'signedIn',
    scope: 'misc',
  },
  // today's Gitea asks for a signed-in caller here; v1.3 rendered for anyone
  {
    operationId: 'renderMarkdownRaw',
    method: 'POST',
    path: '/markdown/raw',
    group: 'miscellaneous',
    summary: 'Render raw markdown as HTML',
    body: { type: 'string', content: 'text', required: true },
    success: { status: 200, content: 'html' },
    statuses: [422],
    auth: 'signedIn',
    scope: 'misc',
  },
] as const satisfies readonly OperationSpec[];
