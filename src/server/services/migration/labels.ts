import { insertImportedLabel, type ImportedLabel } from '../../store/trackerImport';
import type { MigrationArea } from './area';
import type { SourceLabel } from './sourceTypes';

/** Six lowercase hex digits without `#`, as labels are stored; a 3-digit colour is widened. */
function colorOf(color: string | undefined): string {
  const hex = (color ?? '').replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^[0-9a-f]{3}$/.test(hex)) return [...hex].map((c) => c + c).join('');
  return 'ffffff';
}

/** The repository's labels (not an organization's, which the new owner may not have). */
export const labelsArea: MigrationArea = {
  name: 'labels',
  wanted: (flags) => flags.labels,
  async load(source) {
    const labels = (await source.api.list<SourceLabel>(source.path('/labels')))
      .filter((label) => (label.name ?? '') !== '')
      .map((label) => ({
        name: label.name!,
        description: label.description ?? '',
        color: colorOf(label.color),
        exclusive: label.exclusive ?? false,
        archived: label.is_archived ?? false,
      }));
    return {
      counts: { labels: labels.length },
      write(target) {
        for (const { archived, ...label } of labels) {
          const row: ImportedLabel = { ...label, archivedUnix: archived ? target.now : 0 };
          if (!target.labelIds.has(row.name))
            target.labelIds.set(row.name, insertImportedLabel(target.db, target.repoId, row, target.now));
        }
      },
    };
  },
};
