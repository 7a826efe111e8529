import { hasFeature } from '../features/featureNeeds';
import type { PanelTarget } from '../../webview/protocol';
import { loadTimeline, mergeScheduled, type ViewSource } from './viewModel';

/** Whether a merge of the pull request is scheduled: its timeline's latest word (Gitea's API has no other). */
export async function isMergeScheduled(source: ViewSource, target: PanelTarget): Promise<boolean> {
  if (!hasFeature(source.capabilities, 'scheduledMerge')) return false;
  return mergeScheduled((await loadTimeline(source, target)).items);
}
