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
  // anyone may render, as in Gitea 1.14.1 (no reqToken on the route); a token still needs the misc scope
  {
    operationId: 'renderMarkdown',
    method: 'POST',
    path: '/markdown',
    group: 'miscellaneous',
    summary: 'Render a markdown document as HTML',
    body: { type: 'MarkdownOption' },
    success: { status: 200, content: 'html' },
    statuses: [422],
    auth: 'public',
    scope: 'misc',
  },
  // anyone may render, as in Gitea 1.14.1 (no reqToken on the route); a token still needs the misc scope
  {
    operationId: 'renderMarkdownRaw',
    method: 'POST',
    path: '/markdown/raw',
    group: 'miscellaneous',
    summary: 'Render raw markdown as HTML',
    body: { type: 'string', content: 'text', required: true },
    success: { status: 200, content: 'html' },
    statuses: [422],
    auth: 'public',
    scope: 'misc',
  },
] as const satisfies readonly OperationSpec[];
