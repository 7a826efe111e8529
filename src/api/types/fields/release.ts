import type { FieldIndex } from '../../types';
import type {
  Attachment,
  CreateReleaseOption,
  EditAttachmentOptions,
  EditReleaseOption,
  Release,
} from '../release';
import { bodyFields, resourceFields } from '../fieldKinds';

/** Field index of releases and attachments. */
export const releaseFields = {
  Release: resourceFields<Release>({
    assets: 'array',
    author: 'object',
    body: 'string',
    created_at: 'string',
    draft: 'boolean',
    html_url: 'string',
    id: 'integer',
    name: 'string',
    prerelease: 'boolean',
    published_at: 'string',
    tag_name: 'string',
    tarball_url: 'string',
    target_commitish: 'string',
    upload_url: 'string',
    url: 'string',
    zipball_url: 'string',
  }),
  CreateReleaseOption: bodyFields<CreateReleaseOption>({
    body: 'string',
    draft: 'boolean',
    name: 'string',
    prerelease: 'boolean',
    tag_message: 'string',
    tag_name: { kind: 'string', required: true },
    target_commitish: 'string',
  }),
  EditReleaseOption: bodyFields<EditReleaseOption>({
    body: 'string',
    draft: 'boolean',
    name: 'string',
    prerelease: 'boolean',
    tag_name: 'string',
    target_commitish: 'string',
  }),
  Attachment: resourceFields<Attachment>({
    browser_download_url: 'string',
    created_at: 'string',
    download_count: 'integer',
    id: 'integer',
    name: 'string',
    size: 'integer',
    uuid: 'string',
  }),
  EditAttachmentOptions: bodyFields<EditAttachmentOptions>({
    name: 'string',
  }),
} satisfies Partial<FieldIndex>;
