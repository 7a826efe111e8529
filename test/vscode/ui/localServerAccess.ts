import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { TeahouseClient } from '../../../src/api/client';
import { localServerDataDir } from '../harness/codeServer';
import { demoRepositoryName } from '../harness/workspaceFixture';
import type { ScenarioContext } from './scenarios';

/**
 * The status bar item's accessible label, which carries the local server's address while it runs
 * ("Teahouse local server running at http://…", in any display language).
 */
export async function localServerUrl(page: Page): Promise<string> {
  const item = page.locator('.part.statusbar [aria-label*="Teahouse"][aria-label*=" http://"]').first();
  await item.waitFor({ timeout: 60_000 });
  const label = (await item.getAttribute('aria-label')) ?? '';
  const url = / (http:\/\/\S+)/.exec(label)?.[1];
  if (!url) throw new Error(`no address in the status bar label "${label}"`);
  return url;
}

/**
 * A client of an administrator made with the CLI on the extension's data folder, to seed data the way
 * another user would (the extension's own token stays in its SecretStorage).
 */
export async function seedingClient(
  projectRoot: string,
  userDataDir: string,
  url: string,
): Promise<TeahouseClient> {
  const dataDir = localServerDataDir(userDataDir);
  const username = `seeder-${randomBytes(3).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  execFileSync(
    process.execPath,
    [
      path.join(projectRoot, 'dist', 'cli.js'),
      'admin',
      'create-user',
      '--data',
      dataDir,
      '--username',
      username,
      '--password',
      password,
      '--email',
      `${username}@localhost`,
      '--admin',
    ],
    { stdio: 'pipe' },
  );
  const basic = new TeahouseClient({
    baseUrl: url,
    proxy: 'none',
    auth: { kind: 'basic', username, password },
  });
  const token = await basic.api.userCreateToken({ username, body: { name: 'ui-seeding', scopes: ['all'] } });
  await basic.close();
  return new TeahouseClient({ baseUrl: url, proxy: 'none', auth: { kind: 'token', token: token.sha1 } });
}

/** The seeding client (made once per run) and the owner of the demo repository the workspace hosts. */
export async function demoSeeder(
  context: ScenarioContext,
): Promise<{ client: TeahouseClient; owner: string }> {
  context.state.client ??= await seedingClient(
    context.projectRoot,
    context.userDataDir,
    await localServerUrl(context.page),
  );
  if (context.state.owner === undefined) {
    const found = await context.state.client.api.repoSearch({ q: demoRepositoryName });
    const demo = found.data?.find((repository) => repository.name === demoRepositoryName);
    if (!demo) throw new Error(`the local server does not host ${demoRepositoryName}`);
    context.state.owner = demo.owner.login;
  }
  return { client: context.state.client, owner: context.state.owner };
}
