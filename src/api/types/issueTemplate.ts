// Issue templates and the issue config of a repository.

/** An issue template for a repository */
export interface IssueTemplate {
  about: string;
  assignees: IssueTemplateStringSlice;
  body: IssueFormField[];
  content: string;
  file_name: string;
  labels: IssueTemplateStringSlice;
  name: string;
  ref: string;
  title: string;
}

export type IssueTemplateStringSlice = string[];

/** A form field */
export interface IssueFormField {
  attributes: Record<string, unknown>;
  id: string;
  type: 'markdown' | 'textarea' | 'input' | 'dropdown' | 'checkboxes';
  validations: Record<string, unknown>;
  visible: ('form' | 'content')[];
}

export interface IssueConfig {
  blank_issues_enabled: boolean;
  contact_links: IssueConfigContactLink[];
}

export interface IssueConfigContactLink {
  about: string;
  name: string;
  url: string;
}

export interface IssueConfigValidation {
  message: string;
  valid: boolean;
}
