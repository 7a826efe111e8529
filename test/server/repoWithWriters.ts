import assert from 'node:assert/strict';
import type { TestServer, TestUser } from './harness';

/** A new repository of `owner` with a README, each of `writers` a collaborator with write access; its full name. */
export async function repositoryWithWriters(
  server: TestServer,
  owner: TestUser,
  name: string,
  writers: readonly TestUser[],
): Promise<string> {
  const res = await server.request<{ full_name: string }>('POST', '/user/repos', {
    token: owner.token,
    body: { name, auto_init: true },
  });
  assert.equal(res.status, 201, res.text);
  for (const user of writers) {
    const added = await server.request(
      'PUT',
      `/repos/${res.json.full_name}/collaborators/${user.user.login}`,
      {
        token: owner.token,
        body: { permission: 'write' },
      },
    );
    assert.equal(added.status, 204, added.text);
  }
  return res.json.full_name;
}
