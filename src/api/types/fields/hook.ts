import type { FieldIndex } from '../../types';
import type { CreateHookOption, CreateHookOptionConfig, EditHookOption, Hook } from '../hook';
import { bodyFields, noFields, resourceFields } from '../fieldKinds';

/** Field index of webhooks. */
export const hookFields = {
  Hook: resourceFields<Hook>({
    active: 'boolean',
    authorization_header: 'string',
    branch_filter: 'string',
    config: 'object',
    created_at: 'string',
    events: 'array',
    id: 'integer',
    name: 'string',
    type: 'string',
    updated_at: 'string',
  }),
  CreateHookOption: bodyFields<CreateHookOption>({
    active: 'boolean',
    authorization_header: 'string',
    branch_filter: 'string',
    config: { kind: 'object', required: true },
    events: 'array',
    name: 'string',
    type: {
      kind: 'string',
      required: true,
      enum: [
        'dingtalk',
        'discord',
        'gitea',
        'gogs',
        'msteams',
        'slack',
        'telegram',
        'feishu',
        'wechatwork',
        'packagist',
      ],
    },
  }),
  CreateHookOptionConfig: noFields<CreateHookOptionConfig>(),
  EditHookOption: bodyFields<EditHookOption>({
    active: 'boolean',
    authorization_header: 'string',
    branch_filter: 'string',
    config: 'object',
    events: 'array',
    name: 'string',
  }),
} satisfies Partial<FieldIndex>;
