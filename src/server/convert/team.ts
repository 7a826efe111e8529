import { teamUnitsView } from '../services/teamsUnits';
import { findTeamById, teamUnits, type TeamRow } from '../store/teams';
import type { UserRow } from '../store/users';
import { toOrganization, type OrganizationJson } from './organization';
import type { ViewContext } from './viewContext';

/** Gitea's `Team`; `organization` is null where Gitea does not load it (org team lists, edits). */
export interface TeamJson {
  id: number;
  name: string;
  description: string;
  organization: OrganizationJson | null;
  includes_all_repositories: boolean;
  permission: string;
  units: string[];
  units_map: Record<string, string>;
  can_create_org_repo: boolean;
}

export function toTeam(
  view: Pick<ViewContext, 'db' | 'rootUrl'>,
  team: TeamRow,
  org: UserRow | null,
): TeamJson {
  const { units, units_map } = teamUnitsView(team.authorize, teamUnits(view.db, team.id));
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    organization: org && toOrganization(view, org),
    includes_all_repositories: team.includes_all_repositories,
    permission: team.authorize,
    units,
    units_map,
    can_create_org_repo: team.can_create_org_repo,
  };
}

/**
 * Shapes teams by id, each once, without their organization (as Gitea's ToTeam where a review or pull
 * request names a team). A request's team is deleted with it, so every id is found.
 */
export function teamShaper(view: Pick<ViewContext, 'db' | 'rootUrl'>): (id: number) => TeamJson | null {
  const shaped = new Map<number, TeamJson | null>();
  return (id) => {
    if (!shaped.has(id)) {
      const row = findTeamById(view.db, id);
      shaped.set(id, row ? toTeam(view, row, null) : null);
    }
    return shaped.get(id) ?? null;
  };
}
