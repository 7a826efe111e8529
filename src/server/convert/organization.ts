import type { UserRow } from '../store/users';
import { avatarUrl } from './user';
import type { ViewContext } from './viewContext';

/** Gitea's `Organization`: `name` and the 1.1.1 `username` carry the same value. */
export interface OrganizationJson {
  id: number;
  name: string;
  username: string;
  full_name: string;
  email: string;
  avatar_url: string;
  description: string;
  website: string;
  location: string;
  visibility: string;
  repo_admin_change_team_access: boolean;
}

export function toOrganization(view: Pick<ViewContext, 'rootUrl'>, org: UserRow): OrganizationJson {
  return {
    id: org.id,
    name: org.name,
    username: org.name,
    full_name: org.full_name,
    email: org.email,
    avatar_url: avatarUrl(view, org),
    description: org.description,
    website: org.website,
    location: org.location,
    visibility: org.visibility,
    repo_admin_change_team_access: org.repo_admin_change_team_access,
  };
}
