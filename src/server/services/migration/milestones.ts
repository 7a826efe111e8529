import { insertImportedMilestone, type ImportedMilestone } from '../../store/trackerImport';
import type { MigrationArea } from './area';
import { unixOf, type SourceMilestone } from './sourceTypes';

export const milestonesArea: MigrationArea = {
  name: 'milestones',
  wanted: (flags) => flags.milestones,
  async load(source) {
    const listed = await source.api.list<SourceMilestone>(source.path('/milestones'), { state: 'all' });
    const milestones: ImportedMilestone[] = listed
      .filter((m) => (m.title ?? '') !== '')
      .map((m) => {
        const created = unixOf(m.created_at);
        return {
          title: m.title!,
          description: m.description ?? '',
          isClosed: m.state === 'closed',
          deadlineUnix: unixOf(m.due_on),
          closedUnix: unixOf(m.closed_at),
          created,
          updated: unixOf(m.updated_at) || created,
        };
      });
    return {
      counts: { milestones: milestones.length },
      write(target) {
        for (const milestone of milestones) {
          if (!target.milestoneIds.has(milestone.title))
            target.milestoneIds.set(
              milestone.title,
              insertImportedMilestone(target.db, target.repoId, milestone),
            );
        }
      },
    };
  },
};
