import type { FieldIndex } from '../../types';
import type {
  CreateLabelOption,
  CreateMilestoneOption,
  EditLabelOption,
  EditMilestoneOption,
  Label,
  LabelTemplate,
  Milestone,
} from '../label';
import { bodyFields, resourceFields } from '../fieldKinds';

/** Field index of labels and milestones. */
export const labelFields = {
  Label: resourceFields<Label>({
    color: 'string',
    description: 'string',
    exclusive: 'boolean',
    id: 'integer',
    is_archived: 'boolean',
    name: 'string',
    url: 'string',
  }),
  CreateLabelOption: bodyFields<CreateLabelOption>({
    color: { kind: 'string', required: true },
    description: 'string',
    exclusive: 'boolean',
    is_archived: 'boolean',
    name: { kind: 'string', required: true },
  }),
  EditLabelOption: bodyFields<EditLabelOption>({
    color: 'string',
    description: 'string',
    exclusive: 'boolean',
    is_archived: 'boolean',
    name: 'string',
  }),
  LabelTemplate: resourceFields<LabelTemplate>({
    color: 'string',
    description: 'string',
    exclusive: 'boolean',
    name: 'string',
  }),
  Milestone: resourceFields<Milestone>({
    closed_at: 'string',
    closed_issues: 'integer',
    created_at: 'string',
    description: 'string',
    due_on: 'string',
    id: 'integer',
    open_issues: 'integer',
    state: 'string',
    title: 'string',
    updated_at: 'string',
  }),
  CreateMilestoneOption: bodyFields<CreateMilestoneOption>({
    description: 'string',
    due_on: 'string',
    state: { kind: 'string', enum: ['open', 'closed'] },
    title: 'string',
  }),
  EditMilestoneOption: bodyFields<EditMilestoneOption>({
    description: 'string',
    due_on: 'string',
    state: { kind: 'string', enum: ['open', 'closed'] },
    title: 'string',
  }),
} satisfies Partial<FieldIndex>;
