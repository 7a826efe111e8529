import type { MigrationArea } from './area';
import { issuesArea } from './issues';
import { labelsArea } from './labels';
import { milestonesArea } from './milestones';
import { pullRequestsArea } from './pullRequests';
import { releaseAssetsArea } from './releaseAssets';
import { releasesArea } from './releases';
import { topicsArea } from './topics';

/**
 * The parts of a tracker migration, in writing order: topics, labels and milestones before the issues and
 * pull requests that refer to them by name, releases, then their assets, which find the releases'
 * ids in `ImportTarget.releaseIds`. A new part is a module exporting a `MigrationArea` added here,
 * with a flag in `MigrationFlags` if the client chooses it.
 */
export const migrationAreas: readonly MigrationArea[] = [
  topicsArea,
  labelsArea,
  milestonesArea,
  issuesArea,
  pullRequestsArea,
  releasesArea,
  releaseAssetsArea,
];
