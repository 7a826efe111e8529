// Server version, markdown, settings and templates.

/** Wraps the version of the server */
export interface ServerVersion {
  version: string;
}

/** Options of `/markdown`. The keys are capitalised (Go field names); Gitea also accepts them in lower case */
export interface MarkdownOption {
  /** URL path for rendering issue, media and file links Expected format: /subpath/{user}/{repo}/src/{branch, commit, tag}/{identifier/path}/{file/dir} */
  Context?: string;
  /** mode to render (markdown, comment, wiki, file) */
  Mode?: string;
  Text?: string;
  /** deprecated in current Gitea; Is it a wiki page? (use mode=wiki instead) */
  Wiki?: boolean;
}

/** Options of `/markup`. The keys are capitalised (Go field names), as in MarkdownOption */
export interface MarkupOption {
  /** URL path for rendering issue, media and file links Expected format: /subpath/{user}/{repo}/src/{branch, commit, tag}/{identifier/path}/{file/dir} */
  Context?: string;
  /** file path for detecting extension in file mode */
  FilePath?: string;
  /** mode to render (markdown, comment, wiki, file) */
  Mode?: string;
  Text?: string;
  /** deprecated in current Gitea; Is it a wiki page? (use mode=wiki instead) */
  Wiki?: boolean;
}

/** Global API settings */
export interface GeneralAPISettings {
  /** default number of Git tree items per page */
  default_git_trees_per_page: number;
  /** default maximum blob size for API responses */
  default_max_blob_size: number;
  /** default maximum response size */
  default_max_response_size: number;
  /** default number of items per page */
  default_paging_num: number;
  max_response_items: number;
}

/** Global Attachment settings exposed by API */
export interface GeneralAttachmentSettings {
  allowed_types: string;
  enabled: boolean;
  max_files: number;
  max_size: number;
}

/** Global repository settings exposed by API */
export interface GeneralRepoSettings {
  http_git_disabled: boolean;
  lfs_disabled: boolean;
  migrations_disabled: boolean;
  mirrors_disabled: boolean;
  stars_disabled: boolean;
  time_tracking_disabled: boolean;
}

/** Global ui settings exposed by API */
export interface GeneralUISettings {
  allowed_reactions: string[];
  custom_emojis: string[];
  /** default UI theme */
  default_theme: string;
}

/** Name and text of a gitignore template */
export interface GitignoreTemplateInfo {
  name: string;
  source: string;
}

/** Information about a License */
export interface LicenseTemplateInfo {
  body: string;
  implementation: string;
  key: string;
  name: string;
  url: string;
}

/** An entry of the license template list */
export interface LicensesTemplateListEntry {
  key: string;
  name: string;
  url: string;
}

/** A cron task of the server (admin) */
export interface Cron {
  /** how many times the task has run */
  exec_times: number;
  name: string;
  /** the next scheduled run */
  next: string;
  /** the previous run */
  prev: string;
  /** the cron schedule expression (e.g. "@every 10m") */
  schedule: string;
}

/** A list of strings (the swagger response of that name; the unadopted repositories, as `owner/name`) */
export type StringSlice = string[];

/** A timestamp */
export type TimeStamp = number;

/** Bytes of code per language (the swagger response of that name) */
export type LanguageStatistics = Record<string, number>;
