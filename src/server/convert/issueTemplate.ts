import type { IssueTemplate } from '../../api/types';

/** What a parsed markdown template holds (services/issueTemplates.ts reads it from the tree). */
export interface IssueTemplateSource {
  readonly name: string;
  readonly title: string;
  readonly about: string;
  readonly labels: readonly string[];
  readonly assignees: readonly string[];
  readonly ref: string;
  readonly content: string;
  readonly fileName: string;
}

/**
 * Gitea's `IssueTemplate`. A markdown template has no form fields: `body` is null, as Gitea leaves it (an
 * empty list would read as a form with nothing in it).
 */
export const toIssueTemplate = (
  template: IssueTemplateSource,
): Omit<IssueTemplate, 'body'> & { body: null } => ({
  name: template.name,
  title: template.title,
  about: template.about,
  labels: [...template.labels],
  assignees: [...template.assignees],
  ref: template.ref,
  content: template.content,
  file_name: template.fileName,
  body: null,
});
