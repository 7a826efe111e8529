import { hasFeature } from '../features/featureNeeds';
import type { PanelTarget } from '../../webview/protocol';
import { loadTimeline, mergeScheduled, type ViewSource } from './viewModel';

/** Whether the server can merge a pull request once its checks succeed (Gitea ≥ 1.17's auto merge). */
export function canScheduleMerges(source: Pick<ViewSource, 'capabilities'>): boolean {
  return hasFeature(source.capabilities, 'scheduledMerge');
}

/** Whether a merge of the pull request is scheduled: its timeline's latest word (Gitea's API has no other). */
export async function isMergeScheduled(source: ViewSource, target: PanelTarget): Promise<boolean> {
  if (!canScheduleMerges(source)) return false;
  return mergeScheduled((await loadTimeline(source, target)).items);
}
