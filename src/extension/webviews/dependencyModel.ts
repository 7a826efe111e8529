import { ApiError, type TeahouseClient } from '../../api/client';
import type { DependenciesModel, DependencyRelation, PanelTarget } from '../../webview/protocol';
import { collect } from '../util/collect';
import { featureShortfall } from '../features/featureNeeds';
import { referenceTo } from './timelineModel';
import type { ViewSource } from './viewModel';

/** What the issue depends on and blocks, where the server has dependencies (Gitea ≥ 1.22), else a note. */
export async function loadDependencies(
  source: ViewSource,
  target: PanelTarget,
): Promise<{ readonly model?: DependenciesModel; readonly note?: string }> {
  const missing = featureShortfall(source.capabilities, 'dependencies');
  if (missing !== undefined) return { note: missing };
  const { owner, repo, index } = target;
  try {
    const [dependsOn, blocks] = await Promise.all([
      collect(source.client.paginate('issueListIssueDependencies', { owner, repo, index })),
      collect(source.client.paginate('issueListBlocks', { owner, repo, index })),
    ]);
    return { model: { dependsOn: dependsOn.map(referenceTo), blocks: blocks.map(referenceTo) } };
  } catch (error) {
    // dependencies switched off for the repository (Gitea answers 404), or not allowed to read them
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    source.log.info(`webview: dependencies unavailable (${error.status} ${error.serverMessage})`);
    return {};
  }
}

/** Links `other` to the view's issue (it depends on it, or blocks it), or takes that link away. */
export async function changeDependency(
  client: TeahouseClient,
  target: PanelTarget,
  change: { readonly relation: DependencyRelation; readonly linked: boolean },
  other: { readonly owner: string; readonly repo: string; readonly index: number },
): Promise<void> {
  const where = { owner: target.owner, repo: target.repo, index: target.index, body: other };
  const { api } = client;
  if (change.relation === 'dependsOn')
    await (change.linked ? api.issueCreateIssueDependencies(where) : api.issueRemoveIssueDependencies(where));
  else await (change.linked ? api.issueCreateIssueBlocking(where) : api.issueRemoveIssueBlocking(where));
}
