import type { OperationSpec } from '../operationSpec';

const nameParam = (description: string) =>
  ({ name: 'name', type: 'string', required: true, description }) as const;

/** The licence, .gitignore and label templates a new repository may start from (Gitea's options/). */
export const templatesOperations = [
  {
    operationId: 'listLicenseTemplates',
    method: 'GET',
    path: '/licenses',
    group: 'miscellaneous',
    summary: 'Returns a list of all license templates',
    success: { status: 200, type: 'LicensesTemplateListEntry', list: true },
    auth: 'public',
    scope: 'misc',
  },
  {
    operationId: 'getLicenseTemplateInfo',
    method: 'GET',
    path: '/licenses/{name}',
    group: 'miscellaneous',
    summary: 'Returns information about a license template',
    pathParams: [nameParam('name of the license')],
    success: { status: 200, type: 'LicenseTemplateInfo' },
    statuses: [404],
    auth: 'public',
    scope: 'misc',
  },
  {
    operationId: 'listGitignoresTemplates',
    method: 'GET',
    path: '/gitignore/templates',
    group: 'miscellaneous',
    summary: 'Returns a list of all gitignore templates',
    // a JSON array of the template names
    success: { status: 200, content: 'json' },
    auth: 'public',
    scope: 'misc',
  },
  {
    operationId: 'getGitignoreTemplateInfo',
    method: 'GET',
    path: '/gitignore/templates/{name}',
    group: 'miscellaneous',
    summary: 'Returns information about a gitignore template',
    pathParams: [nameParam('name of the template')],
    success: { status: 200, type: 'GitignoreTemplateInfo' },
    statuses: [404],
    auth: 'public',
    scope: 'misc',
  },
  {
    operationId: 'listLabelTemplates',
    method: 'GET',
    path: '/label/templates',
    group: 'miscellaneous',
    summary: 'Returns a list of all label templates',
    // a JSON array of the template names
    success: { status: 200, content: 'json' },
    auth: 'public',
    scope: 'misc',
  },
  {
    operationId: 'getLabelTemplateInfo',
    method: 'GET',
    path: '/label/templates/{name}',
    group: 'miscellaneous',
    summary: 'Returns all labels in a template',
    pathParams: [nameParam('name of the template')],
    success: { status: 200, type: 'LabelTemplate', list: true },
    statuses: [404],
    auth: 'public',
    scope: 'misc',
  },
] as const satisfies readonly OperationSpec[];
