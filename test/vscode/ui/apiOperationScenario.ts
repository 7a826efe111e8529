import path from 'node:path';
import type { TeahouseClient } from '../../../src/api/client';
import { demoRepositoryName } from '../harness/workspaceFixture';
import { answerInput, pickItem, runFromPalette } from '../harness/workbench';
import { localServerUrl, seedingClient } from './localServerAccess';
import type { Scenario, ScenarioContext } from './scenarios';

async function demoOwner(client: TeahouseClient): Promise<string> {
  const found = await client.api.repoSearch({ q: demoRepositoryName });
  const demo = found.data?.find((repository) => repository.name === demoRepositoryName);
  if (!demo) throw new Error(`the local server does not host ${demoRepositoryName}`);
  return demo.owner.login;
}

async function clientOf(context: ScenarioContext): Promise<TeahouseClient> {
  context.state.client ??= await seedingClient(
    context.projectRoot,
    context.userDataDir,
    await localServerUrl(context.page),
  );
  return context.state.client;
}

/**
 * "Run API Operation…" end to end: find an operation by its method and path, answer the label picker the
 * server fills, and read the result in the read-only JSON document.
 */
export const runApiOperationScenario: Scenario = {
  name: 'Run API Operation… finds "Get a single label" by path, picks the label and opens its JSON',
  async run(context) {
    const { page } = context;
    const client = await clientOf(context);
    const owner = await demoOwner(client);
    const name = `api-label-${Date.now().toString(36)}`;
    const label = await client.api.issueCreateLabel({
      owner,
      repo: demoRepositoryName,
      body: { name, color: '#5319e7', description: 'Made for the Run API Operation scenario' },
    });
    await runFromPalette(page, 'Teahouse: Run API Operation…');
    // the owner and repository come from the workspace; only the label is asked for
    await answerInput(page, 'GET /repos/{owner}/{repo}/labels/{id}');
    await pickItem(page, name);
    await page.locator('.tabs-container .tab', { hasText: 'issueGetLabel.json' }).waitFor();
    const editor = page.locator('.editor-instance .monaco-editor .view-lines');
    await editor.filter({ hasText: name }).waitFor();
    await editor.filter({ hasText: String(label.id) }).waitFor();
    await page.locator('.part.statusbar', { hasText: 'JSON' }).waitFor();
    await page.screenshot({
      path: path.join(context.projectRoot, 'test-results', 'vscode', 'run-api-operation.png'),
    });
  },
};

/** A body asked for field by field: the required ones, then "Send" in the "Add field…" list. */
export const createWithApiOperationScenario: Scenario = {
  name: 'Run API Operation… "Create a label" asks the required fields, sends, and the label exists',
  async run(context) {
    const { page } = context;
    const client = await clientOf(context);
    const owner = await demoOwner(client);
    const name = `typed-label-${Date.now().toString(36)}`;
    await runFromPalette(page, 'Teahouse: Run API Operation…');
    await answerInput(page, 'Create a label');
    // CreateLabelOption's required fields, in the field index's order
    await answerInput(page, '#0e8a16');
    await answerInput(page, name);
    await pickItem(page, 'Send');
    await page.locator('.tabs-container .tab', { hasText: 'issueCreateLabel.json' }).waitFor();
    await page.locator('.editor-instance .monaco-editor .view-lines', { hasText: name }).waitFor();
    const labels = await client.api.issueListLabels({ owner, repo: demoRepositoryName });
    const created = labels.find((label) => label.name === name);
    if (created?.color.replace('#', '') !== '0e8a16')
      throw new Error(`the server has no label ${name} with colour 0e8a16 (${JSON.stringify(created)})`);
  },
};
