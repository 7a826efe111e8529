import type { FieldIndex } from '../../types';
import type { CreateWikiPageOptions, WikiCommit, WikiCommitList, WikiPage, WikiPageMetaData } from '../wiki';
import { bodyFields, resourceFields } from '../fieldKinds';

/** Field index of wiki pages and their history. */
export const wikiFields = {
  WikiCommit: resourceFields<WikiCommit>({
    author: 'object',
    commiter: 'object',
    message: 'string',
    sha: 'string',
  }),
  WikiPageMetaData: resourceFields<WikiPageMetaData>({
    html_url: 'string',
    last_commit: 'object',
    sub_url: 'string',
    title: 'string',
  }),
  WikiPage: resourceFields<WikiPage>({
    commit_count: 'integer',
    content_base64: 'string',
    footer: 'string',
    html_url: 'string',
    last_commit: 'object',
    sidebar: 'string',
    sub_url: 'string',
    title: 'string',
  }),
  WikiCommitList: resourceFields<WikiCommitList>({
    commits: 'array',
    count: 'integer',
  }),
  CreateWikiPageOptions: bodyFields<CreateWikiPageOptions>({
    content_base64: 'string',
    message: 'string',
    title: 'string',
  }),
} satisfies Partial<FieldIndex>;
