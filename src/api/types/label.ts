// Labels and milestones.
import type { StateType } from './issue';

/** A label to an issue or a pr */
export interface Label {
  /** without the leading `#`, e.g. `00aabb` */
  color: string;
  /** additional context about the label's purpose */
  description: string;
  exclusive: boolean;
  id: number;
  is_archived: boolean;
  name: string;
  url: string;
}

/** Options for creating a label */
export interface CreateLabelOption {
  /** `#rrggbb` (all v1.3 accepts) or `rrggbb` */
  color: string;
  /** additional context about the label's purpose */
  description?: string;
  exclusive?: boolean;
  is_archived?: boolean;
  name: string;
}

/** Options for editing a label */
export interface EditLabelOption {
  /** `#rrggbb` or `rrggbb` */
  color?: string;
  /** additional context about the label's purpose */
  description?: string;
  exclusive?: boolean;
  is_archived?: boolean;
  name?: string;
}

/** Info of a Label template */
export interface LabelTemplate {
  color: string;
  /** additional context about the label template's purpose */
  description: string;
  exclusive: boolean;
  name: string;
}

/** A collection of issues on one repository */
export interface Milestone {
  closed_at: string | null;
  closed_issues: number;
  created_at: string;
  description: string;
  due_on: string | null;
  id: number;
  open_issues: number;
  state: StateType;
  title: string;
  updated_at: string;
}

/** Options for creating a milestone */
export interface CreateMilestoneOption {
  description?: string;
  due_on?: string;
  state?: 'open' | 'closed';
  title?: string;
}

/** Options for editing a milestone */
export interface EditMilestoneOption {
  /** updated details about the milestone */
  description?: string;
  due_on?: string;
  state?: 'open' | 'closed';
  title?: string;
}
