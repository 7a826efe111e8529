import { ApiError, type TeahouseClient } from './client';
import type { OperationSpec } from './operationSpec';
import { classifyVersion, defaultApiLimits, readApiLimits, type ServerProfile } from './serverProfile';

// Teahouse's own version endpoint: outside `/api/v1` (the URL resolves `..`), so not in the catalogue.
const teahouseVersion: OperationSpec = {
  operationId: 'teahouseVersion',
  method: 'GET',
  path: '/../teahouse/v1/version',
  group: 'miscellaneous',
  summary: "Teahouse's own version",
  success: { status: 200, type: 'ServerVersion' },
  auth: 'public',
  scope: 'misc',
};

/** A missing endpoint: Gitea answers 404 (1.14 a text body), some proxies 405 or 501. */
function isAbsent(error: unknown): boolean {
  return error instanceof ApiError && [404, 405, 501].includes(error.status);
}

/**
 * Reads what a server is: `/version`, whether it is Teahouse, and its paging limits. A server without
 * `/settings/api` (Gitea < 1.13) gets Gitea's defaults; any other failure is thrown.
 */
export async function readServerProfile(
  client: TeahouseClient,
  options: { readonly local?: boolean; readonly now?: Date } = {},
): Promise<ServerProfile> {
  const answer = await client.api.getVersion();
  const version = typeof answer?.version === 'string' ? answer.version : '';
  let teahouse = options.local === true || /\+teahouse\b/i.test(version);
  if (!teahouse && !/\+gitea-/i.test(version)) {
    // any refusal, or an answer that is not JSON, says "not Teahouse"
    teahouse = await client.send(teahouseVersion).then(
      () => true,
      () => false,
    );
  }
  const limits = await client.api.getGeneralAPISettings().then(
    (value) => ({ limits: readApiLimits(value), fromServer: true }),
    (error: unknown) => {
      if (isAbsent(error)) return { limits: defaultApiLimits, fromServer: false };
      throw error;
    },
  );
  const { kind, giteaVersion } = classifyVersion(version, teahouse);
  return {
    kind,
    version,
    ...(giteaVersion !== undefined && { giteaVersion }),
    limits: limits.limits,
    limitsFromServer: limits.fromServer,
    readAt: (options.now ?? new Date()).toISOString(),
  };
}
