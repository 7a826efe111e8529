import type { Repository } from '../../api/types';

/** Gitea's `Do` values of a merge. */
export type MergeStyle = 'merge' | 'rebase' | 'rebase-merge' | 'squash' | 'fast-forward-only';

/** The merge styles the repository allows, its default first; 1.1.1 servers send no flags: merge commits. */
export function mergeStyles(repository: Repository): MergeStyle[] {
  const flags: [MergeStyle, boolean | undefined][] = [
    ['merge', repository.allow_merge_commits],
    ['rebase', repository.allow_rebase],
    ['rebase-merge', repository.allow_rebase_explicit],
    ['squash', repository.allow_squash_merge],
    ['fast-forward-only', repository.allow_fast_forward_only_merge],
  ];
  const allowed = flags.filter(([, on]) => on === true).map(([style]) => style);
  const list: MergeStyle[] = allowed.length > 0 ? allowed : ['merge'];
  const preferred = list.find((style) => style === repository.default_merge_style);
  return preferred ? [preferred, ...list.filter((style) => style !== preferred)] : list;
}
