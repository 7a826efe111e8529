import { invalid } from '../domain/errors';
import type { TeamAuthorize, TeamUnitMode, TeamUnitRow } from '../store/teams';
import { atLeast, type RepoUnit } from './permissions';

/** Gitea's repository units, in its order (AllRepoUnitTypes). */
export const repoUnitNames: readonly RepoUnit[] = [
  'repo.code',
  'repo.issues',
  'repo.pulls',
  'repo.releases',
  'repo.wiki',
  'repo.ext_wiki',
  'repo.ext_issues',
  'repo.projects',
  'repo.packages',
  'repo.actions',
];

const unitModes = ['none', 'read', 'write', 'admin', 'owner'] as const;
type UnitModeWord = (typeof unitModes)[number];

const isRepoUnit = (name: string): name is RepoUnit => (repoUnitNames as readonly string[]).includes(name);

/**
 * A team's `units` and `units_map` as Gitea shows them: admin and owner teams reach every unit with their
 * permission; other teams list their unit rows, and a team without rows has its permission on every unit.
 */
export function teamUnitsView(
  authorize: TeamAuthorize,
  rows: readonly TeamUnitRow[],
): { units: string[]; units_map: Record<string, string> } {
  if (atLeast(authorize, 'admin') || rows.length === 0) {
    return {
      units: [...repoUnitNames],
      units_map: Object.fromEntries(repoUnitNames.map((unit) => [unit, authorize])),
    };
  }
  return {
    units: rows.map((row) => row.unit),
    units_map: Object.fromEntries(rows.map((row) => [row.unit, row.access_mode])),
  };
}

/** Validates `units` (names) and `units_map` (name → mode) of a team option: 422 for unknown names or modes. */
export function checkUnits(
  units: readonly string[] | undefined,
  unitsMap: Readonly<Record<string, string>> | undefined,
): { units?: RepoUnit[]; unitsMap?: Map<RepoUnit, UnitModeWord> } {
  const unknownUnit = (field: string, name: string) => invalid(`[${field}]: unknown unit "${name}"`);
  const checkedUnits = units?.map((name) => {
    if (!isRepoUnit(name)) throw unknownUnit('Units', name);
    return name;
  });
  let checkedMap: Map<RepoUnit, UnitModeWord> | undefined;
  if (unitsMap) {
    checkedMap = new Map();
    for (const [name, mode] of Object.entries(unitsMap)) {
      if (!isRepoUnit(name)) throw unknownUnit('UnitsMap', name);
      const word = unitModes.find((m) => m === mode);
      if (!word) throw invalid(`[UnitsMap]: "${mode}" for ${name} must be one of ${unitModes.join(', ')}`);
      checkedMap.set(name, word);
    }
  }
  return { units: checkedUnits, unitsMap: checkedMap };
}

/** Gitea's MinUnitAccessMode: the lowest mode above none, external units aside; none when all are none. */
function minUnitMode(unitsMap: ReadonlyMap<RepoUnit, UnitModeWord>): TeamAuthorize {
  let lowest: TeamAuthorize = 'none';
  for (const [unit, mode] of unitsMap) {
    if (unit === 'repo.ext_issues' || unit === 'repo.ext_wiki' || mode === 'none') continue;
    if (lowest === 'none' || !atLeast(mode, lowest)) lowest = mode;
  }
  return lowest;
}

/** team_unit has no 'owner': an owner-mode unit is stored as admin, the most a unit grants. */
const storedMode = (mode: UnitModeWord): TeamUnitMode => (mode === 'owner' ? 'admin' : mode);

/**
 * The permission and unit rows a team gets from its option fields, as Gitea decides them: below admin, a
 * `units_map` sets the permission to its lowest unit mode and becomes the rows; plain `units` get the team's
 * permission; admin teams have no rows (they reach everything). `undefined` rows means "keep the current rows".
 */
export function resolveTeamUnits(
  permission: TeamAuthorize,
  units: readonly RepoUnit[] | undefined,
  unitsMap: ReadonlyMap<RepoUnit, UnitModeWord> | undefined,
): { authorize: TeamAuthorize; rows: TeamUnitRow[] | undefined } {
  if (atLeast(permission, 'admin')) return { authorize: permission, rows: [] };
  if (unitsMap && unitsMap.size > 0) {
    const rows = [...unitsMap].map(([unit, mode]) => ({ unit, access_mode: storedMode(mode) }));
    return { authorize: minUnitMode(unitsMap), rows };
  }
  if (units && units.length > 0) {
    const mode = storedMode(permission);
    return { authorize: permission, rows: [...new Set(units)].map((unit) => ({ unit, access_mode: mode })) };
  }
  return { authorize: permission, rows: undefined };
}
