import { ApiError, type TeahouseClient } from './client';
import type { OperationSpec } from './operationSpec';

// Teahouse's own endpoint: outside `/api/v1` (the URL resolves `..`), so not in the catalogue.
const webSignInLink: OperationSpec = {
  operationId: 'teahouseWebSignInLink',
  method: 'POST',
  path: '/../teahouse/v1/web-sign-in-links',
  group: 'user',
  summary: 'A one-time link that signs the caller in on the web pages',
  body: { type: 'string', required: true },
  success: { status: 201, content: 'json' },
  auth: 'signedIn',
  scope: 'user',
};

/**
 * A one-time link (valid for a minute) that signs the token's holder in on the server's web pages and then
 * shows `redirectTo` (a path of the site, `/owner/repo/...`); undefined when the server has no such endpoint
 * (Gitea: 404).
 */
export async function requestWebSignInLink(
  client: TeahouseClient,
  redirectTo: string,
): Promise<string | undefined> {
  try {
    const answer = await client.send(webSignInLink, { body: { redirect_to: redirectTo } });
    const url = (answer as { url?: unknown } | undefined)?.url;
    return typeof url === 'string' ? url : undefined;
  } catch (error) {
    if (error instanceof ApiError && [404, 405, 501].includes(error.status)) return undefined;
    throw error;
  }
}
