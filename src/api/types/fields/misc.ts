import type { FieldIndex } from '../../types';
import type {
  Cron,
  GeneralAPISettings,
  GeneralAttachmentSettings,
  GeneralRepoSettings,
  GeneralUISettings,
  GitignoreTemplateInfo,
  LanguageStatistics,
  LicenseTemplateInfo,
  LicensesTemplateListEntry,
  MarkdownOption,
  MarkupOption,
  ServerVersion,
  StringSlice,
  TimeStamp,
} from '../misc';
import { bodyFields, noFields, resourceFields } from '../fieldKinds';

/** Field index of server version, markdown, settings and templates. */
export const miscFields = {
  ServerVersion: resourceFields<ServerVersion>({
    version: 'string',
  }),
  MarkdownOption: bodyFields<MarkdownOption>({
    Context: 'string',
    Mode: 'string',
    Text: 'string',
    Wiki: 'boolean',
  }),
  MarkupOption: bodyFields<MarkupOption>({
    Context: 'string',
    FilePath: 'string',
    Mode: 'string',
    Text: 'string',
    Wiki: 'boolean',
  }),
  GeneralAPISettings: resourceFields<GeneralAPISettings>({
    default_git_trees_per_page: 'integer',
    default_max_blob_size: 'integer',
    default_max_response_size: 'integer',
    default_paging_num: 'integer',
    max_response_items: 'integer',
  }),
  GeneralAttachmentSettings: resourceFields<GeneralAttachmentSettings>({
    allowed_types: 'string',
    enabled: 'boolean',
    max_files: 'integer',
    max_size: 'integer',
  }),
  GeneralRepoSettings: resourceFields<GeneralRepoSettings>({
    http_git_disabled: 'boolean',
    lfs_disabled: 'boolean',
    migrations_disabled: 'boolean',
    mirrors_disabled: 'boolean',
    stars_disabled: 'boolean',
    time_tracking_disabled: 'boolean',
  }),
  GeneralUISettings: resourceFields<GeneralUISettings>({
    allowed_reactions: 'array',
    custom_emojis: 'array',
    default_theme: 'string',
  }),
  GitignoreTemplateInfo: resourceFields<GitignoreTemplateInfo>({
    name: 'string',
    source: 'string',
  }),
  LicenseTemplateInfo: resourceFields<LicenseTemplateInfo>({
    body: 'string',
    implementation: 'string',
    key: 'string',
    name: 'string',
    url: 'string',
  }),
  LicensesTemplateListEntry: resourceFields<LicensesTemplateListEntry>({
    key: 'string',
    name: 'string',
    url: 'string',
  }),
  Cron: resourceFields<Cron>({
    exec_times: 'integer',
    name: 'string',
    next: 'string',
    prev: 'string',
    schedule: 'string',
  }),
  StringSlice: noFields<StringSlice>(),
  TimeStamp: noFields<TimeStamp>(),
  LanguageStatistics: noFields<LanguageStatistics>(),
} satisfies Partial<FieldIndex>;
