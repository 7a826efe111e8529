import type { FieldIndex } from '../../types';
import type {
  AnnotatedTag,
  AnnotatedTagObject,
  Branch,
  CreateBranchRepoOption,
  CreateTagOption,
  CreateTagProtectionOption,
  EditTagProtectionOption,
  GitObject,
  Reference,
  RenameBranchRepoOption,
  Tag,
  TagProtection,
  UpdateBranchRepoOption,
} from '../reference';
import { bodyFields, resourceFields } from '../fieldKinds';

/** Field index of branches, tags and git references. */
export const referenceFields = {
  Branch: resourceFields<Branch>({
    commit: 'object',
    effective_branch_protection_name: 'string',
    enable_status_check: 'boolean',
    name: 'string',
    protected: 'boolean',
    required_approvals: 'integer',
    status_check_contexts: 'array',
    user_can_merge: 'boolean',
    user_can_push: 'boolean',
  }),
  CreateBranchRepoOption: bodyFields<CreateBranchRepoOption>({
    new_branch_name: { kind: 'string', required: true },
    old_branch_name: 'string',
    old_ref_name: 'string',
  }),
  UpdateBranchRepoOption: bodyFields<UpdateBranchRepoOption>({
    force: 'boolean',
    new_commit_id: { kind: 'string', required: true },
    old_commit_id: 'string',
  }),
  RenameBranchRepoOption: bodyFields<RenameBranchRepoOption>({
    name: { kind: 'string', required: true },
  }),
  Tag: resourceFields<Tag>({
    commit: 'object',
    id: 'string',
    message: 'string',
    name: 'string',
    tarball_url: 'string',
    zipball_url: 'string',
  }),
  AnnotatedTag: resourceFields<AnnotatedTag>({
    message: 'string',
    object: 'object',
    sha: 'string',
    tag: 'string',
    tagger: 'object',
    url: 'string',
    verification: 'object',
  }),
  AnnotatedTagObject: resourceFields<AnnotatedTagObject>({
    sha: 'string',
    type: 'string',
    url: 'string',
  }),
  CreateTagOption: bodyFields<CreateTagOption>({
    message: 'string',
    tag_name: { kind: 'string', required: true },
    target: 'string',
  }),
  TagProtection: resourceFields<TagProtection>({
    created_at: 'string',
    id: 'integer',
    name_pattern: 'string',
    updated_at: 'string',
    whitelist_teams: 'array',
    whitelist_usernames: 'array',
  }),
  CreateTagProtectionOption: bodyFields<CreateTagProtectionOption>({
    name_pattern: 'string',
    whitelist_teams: 'array',
    whitelist_usernames: 'array',
  }),
  EditTagProtectionOption: bodyFields<EditTagProtectionOption>({
    name_pattern: 'string',
    whitelist_teams: 'array',
    whitelist_usernames: 'array',
  }),
  Reference: resourceFields<Reference>({
    object: 'object',
    ref: 'string',
    url: 'string',
  }),
  GitObject: resourceFields<GitObject>({
    sha: 'string',
    type: 'string',
    url: 'string',
  }),
} satisfies Partial<FieldIndex>;
