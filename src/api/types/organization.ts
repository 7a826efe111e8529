// Organizations and teams.

/** An organization (`name` and `username` are the same) */
export interface Organization {
  avatar_url: string;
  description: string;
  email: string;
  full_name: string;
  id: number;
  location: string;
  /** the same as `username` */
  name: string;
  repo_admin_change_team_access: boolean;
  /** the same as `name`; deprecated in current Gitea */
  username: string;
  visibility: 'public' | 'limited' | 'private';
  website: string;
}

/** List different users permissions on an organization */
export interface OrganizationPermissions {
  can_create_repository: boolean;
  can_read: boolean;
  can_write: boolean;
  is_admin: boolean;
  is_owner: boolean;
}

/** Options for creating an organization */
export interface CreateOrgOption {
  description?: string;
  email?: string;
  full_name?: string;
  location?: string;
  repo_admin_change_team_access?: boolean;
  username: string;
  visibility?: 'public' | 'limited' | 'private';
  website?: string;
}

/** Options for editing an organization */
export interface EditOrgOption {
  description?: string;
  /** email address of the organization; use empty string to clear */
  email?: string;
  full_name?: string;
  location?: string;
  repo_admin_change_team_access?: boolean;
  visibility?: 'public' | 'limited' | 'private';
  website?: string;
}

/** Options when renaming an organization */
export interface RenameOrgOption {
  /** new username for this org. This name cannot be in use yet by any other user */
  new_name: string;
}

/** A team in an organization */
export interface Team {
  can_create_org_repo: boolean;
  description: string;
  id: number;
  includes_all_repositories: boolean;
  name: string;
  organization: Organization | null;
  permission: 'none' | 'read' | 'write' | 'admin' | 'owner';
  units: string[];
  units_map: Record<string, string>;
  /** team visibility within the organization. "private" teams are only listable by members and org owners; "limited" teams are listable by any organization member; "public" teams are listable by any signed-in user */
  visibility: 'public' | 'limited' | 'private';
}

/** Options for creating a team */
export interface CreateTeamOption {
  can_create_org_repo?: boolean;
  description?: string;
  includes_all_repositories?: boolean;
  name: string;
  permission?: 'read' | 'write' | 'admin';
  units?: string[];
  units_map?: Record<string, string>;
  /** team visibility within the organization. Defaults to "private" */
  visibility?: 'public' | 'limited' | 'private';
}

/** Options for editing a team */
export interface EditTeamOption {
  can_create_org_repo?: boolean;
  description?: string;
  includes_all_repositories?: boolean;
  name: string;
  permission?: 'read' | 'write' | 'admin';
  units?: string[];
  units_map?: Record<string, string>;
  /** team visibility within the organization. When omitted, visibility is left unchanged */
  visibility?: 'public' | 'limited' | 'private';
}

/** The answer of `/orgs/{org}/teams/search` (declared inline by the swagger) */
export interface TeamSearchResults {
  data: Team[];
  ok: boolean;
}
