import { need, shortfall } from '../../api/capabilities';
import { ApiError, type TeahouseClient } from '../../api/client';
import { operationNamed } from '../../api/operations';
import type { Issue } from '../../api/types';
import type { DependenciesModel, DependencyRelation, PanelTarget } from '../../webview/protocol';
import { referenceTo } from './timelineModel';
import type { ViewSource } from './viewModel';

const dependencyNeeds = [
  need(operationNamed('issueListIssueDependencies')),
  need(operationNamed('issueListBlocks')),
];

async function all(items: AsyncIterable<Issue>): Promise<Issue[]> {
  const found: Issue[] = [];
  for await (const item of items) found.push(item);
  return found;
}

/** What the issue depends on and blocks, where the server has dependencies (Gitea ≥ 1.22), else a note. */
export async function loadDependencies(
  source: ViewSource,
  target: PanelTarget,
): Promise<{ readonly model?: DependenciesModel; readonly note?: string }> {
  const missing = shortfall(source.capabilities, dependencyNeeds);
  if (missing !== undefined) return { note: missing };
  const { owner, repo, index } = target;
  try {
    const [dependsOn, blocks] = await Promise.all([
      all(source.client.paginate('issueListIssueDependencies', { owner, repo, index })),
      all(source.client.paginate('issueListBlocks', { owner, repo, index })),
    ]);
    return { model: { dependsOn: dependsOn.map(referenceTo), blocks: blocks.map(referenceTo) } };
  } catch (error) {
    // dependencies switched off for the repository (Gitea answers 404), or not allowed to read them
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    source.log.info(`webview: dependencies unavailable (${error.status} ${error.serverMessage})`);
    return {};
  }
}

/** Links `other` to the view's issue: the issue depends on it, or blocks it. */
export async function addDependency(
  client: TeahouseClient,
  target: PanelTarget,
  relation: DependencyRelation,
  other: { readonly owner: string; readonly repo: string; readonly index: number },
): Promise<void> {
  const { owner, repo, index } = target;
  if (relation === 'dependsOn')
    await client.api.issueCreateIssueDependencies({ owner, repo, index, body: other });
  else await client.api.issueCreateIssueBlocking({ owner, repo, index, body: other });
}

export async function removeDependency(
  client: TeahouseClient,
  target: PanelTarget,
  relation: DependencyRelation,
  other: { readonly owner: string; readonly repo: string; readonly index: number },
): Promise<void> {
  const { owner, repo, index } = target;
  if (relation === 'dependsOn')
    await client.api.issueRemoveIssueDependencies({ owner, repo, index, body: other });
  else await client.api.issueRemoveIssueBlocking({ owner, repo, index, body: other });
}
