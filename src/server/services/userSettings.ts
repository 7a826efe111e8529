import type { UserSettings } from '../../api/types';
import type { Database, SqlValue } from '../store/database';
import { findUserById, updateUserColumns, type UserColumn, type UserRow } from '../store/users';
import { checkWebsite } from './organizations';

/** UserSettingsOptions as the route read it: only what was sent changes (Gitea's optional fields). */
export interface UserSettingsInput {
  readonly fullName?: string;
  readonly website?: string;
  readonly description?: string;
  readonly location?: string;
  readonly language?: string;
  readonly theme?: string;
  readonly diffViewStyle?: string;
  readonly hideEmail?: boolean;
  readonly hideActivity?: boolean;
}

/** Gitea's User2UserSettings. */
export function userSettingsOf(user: UserRow): UserSettings {
  return {
    full_name: user.full_name,
    website: user.website,
    location: user.location,
    language: user.language,
    description: user.description,
    theme: user.theme,
    hide_email: user.keep_email_private,
    hide_activity: user.keep_activity_private,
    diff_view_style: user.diff_view_style,
  };
}

/** Gitea's UpdateUserSettings: each sent field is stored as it is (the lengths were checked by the route). */
export function updateUserSettings(db: Database, user: UserRow, input: UserSettingsInput): UserRow {
  checkWebsite(input.website);
  const changes: Partial<Record<UserColumn, SqlValue>> = {};
  const set = (column: UserColumn, value: SqlValue | undefined): void => {
    if (value !== undefined) changes[column] = value;
  };
  set('full_name', input.fullName);
  set('website', input.website);
  set('description', input.description);
  set('location', input.location);
  set('language', input.language);
  set('theme', input.theme);
  set('diff_view_style', input.diffViewStyle);
  set('keep_email_private', input.hideEmail);
  set('keep_activity_private', input.hideActivity);
  updateUserColumns(db, user.id, changes);
  return findUserById(db, user.id)!;
}
