import type { FieldIndex } from '../../types';
import type {
  IssueConfig,
  IssueConfigContactLink,
  IssueConfigValidation,
  IssueFormField,
  IssueTemplate,
  IssueTemplateStringSlice,
} from '../issueTemplate';
import { noFields, resourceFields } from '../fieldKinds';

/** Field index of issue templates and the issue config of a repository. */
export const issueTemplateFields = {
  IssueTemplate: resourceFields<IssueTemplate>({
    about: 'string',
    assignees: 'array',
    body: 'array',
    content: 'string',
    file_name: 'string',
    labels: 'array',
    name: 'string',
    ref: 'string',
    title: 'string',
  }),
  IssueTemplateStringSlice: noFields<IssueTemplateStringSlice>(),
  IssueFormField: resourceFields<IssueFormField>({
    attributes: 'object',
    id: 'string',
    type: 'string',
    validations: 'object',
    visible: 'array',
  }),
  IssueConfig: resourceFields<IssueConfig>({
    blank_issues_enabled: 'boolean',
    contact_links: 'array',
  }),
  IssueConfigContactLink: resourceFields<IssueConfigContactLink>({
    about: 'string',
    name: 'string',
    url: 'string',
  }),
  IssueConfigValidation: resourceFields<IssueConfigValidation>({
    message: 'string',
    valid: 'boolean',
  }),
} satisfies Partial<FieldIndex>;
