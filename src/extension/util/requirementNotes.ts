import { unitOffNotes } from '../../api/capabilities';

/**
 * The notes of src/api/capabilities.ts's requirementNote ("needs Gitea ≥ 1.15"), which is vscode-free and
 * English, read back into their parts so the extension can say them in the display language
 * (util/requirementText.ts). Anything else is not a requirement note.
 */
export type RequirementNote =
  | { readonly kind: 'teahouse' }
  | { readonly kind: 'repository' }
  | { readonly kind: 'atLeast'; readonly version: string }
  | { readonly kind: 'newerThan'; readonly version: string }
  | { readonly kind: 'unitOff'; readonly unit: 'actions' | 'packages' };

/** A query group the server can answer only within a repository (views/issueQueries.ts). */
export const needsRepositoryNote = 'needs a repository';

export function parseRequirementNote(note: string): RequirementNote | undefined {
  if (note === 'needs a Teahouse server') return { kind: 'teahouse' };
  if (note === needsRepositoryNote) return { kind: 'repository' };
  if (note === unitOffNotes.actions) return { kind: 'unitOff', unit: 'actions' };
  if (note === unitOffNotes.packages) return { kind: 'unitOff', unit: 'packages' };
  const atLeast = /^needs Gitea ≥ (\S+)$/.exec(note)?.[1];
  if (atLeast) return { kind: 'atLeast', version: atLeast };
  const newerThan = /^needs a Gitea newer than (\S+)$/.exec(note)?.[1];
  return newerThan ? { kind: 'newerThan', version: newerThan } : undefined;
}
