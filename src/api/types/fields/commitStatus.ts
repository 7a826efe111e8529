import type { FieldIndex } from '../../types';
import type { CombinedStatus, CommitStatus, CreateStatusOption, Status, StatusState } from '../commitStatus';
import { bodyFields, noFields, resourceFields } from '../fieldKinds';

/** Field index of commit statuses. */
export const commitStatusFields = {
  StatusState: noFields<StatusState>(),
  CommitStatus: resourceFields<CommitStatus>({
    context: 'string',
    created_at: 'string',
    creator: 'object',
    description: 'string',
    id: 'integer',
    status: 'string',
    target_url: 'string',
    updated_at: 'string',
    url: 'string',
  }),
  Status: resourceFields<Status>({
    context: 'string',
    created_at: 'string',
    creator: 'object',
    description: 'string',
    id: 'integer',
    status: 'string',
    target_url: 'string',
    updated_at: 'string',
    url: 'string',
  }),
  CombinedStatus: resourceFields<CombinedStatus>({
    commit_url: 'string',
    repository: 'object',
    sha: 'string',
    state: 'string',
    statuses: 'array',
    total_count: 'integer',
    url: 'string',
  }),
  CreateStatusOption: bodyFields<CreateStatusOption>({
    context: 'string',
    description: 'string',
    state: { kind: 'string', enum: ['pending', 'success', 'error', 'failure', 'warning', 'skipped'] },
    target_url: 'string',
  }),
} satisfies Partial<FieldIndex>;
