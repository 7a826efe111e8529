import type { PayloadCommit } from '../../../api/types';
import { toPayloadCommit } from '../../convert/commit';
import { toRepository } from '../../convert/repository';
import { toUser } from '../../convert/user';
import type { ViewContext } from '../../convert/viewContext';
import type { CatFileReader } from '../../git/catFile';
import { readCommit } from '../../git/commits';
import { resolveBranch, resolveRef } from '../../git/refs';
import { notFound } from '../../domain/errors';
import type { RepositoryRow } from '../../store/repositories';
import type { UserRow } from '../../store/users';

/**
 * The push payload of a test delivery, as Gitea's TestHook builds it: the commit `ref` names (the default
 * branch by default) as the only commit, before = after. An empty repository gets the same shape with no
 * commit and zero ids. Shown as to no one in particular: no e-mails, no permissions.
 */
export async function testPushPayload(
  view: Omit<ViewContext, 'user'>,
  repo: RepositoryRow,
  reader: CatFileReader,
  doer: UserRow,
  ref: string | undefined,
): Promise<Record<string, unknown>> {
  // not a spread: a request context's db and rootUrl are getters
  const anonymous: ViewContext = { db: view.db, rootUrl: view.rootUrl, user: null };
  let fullRef = `refs/heads/${repo.default_branch}`;
  let sha = await resolveBranch(reader, repo.default_branch);
  if (ref !== undefined && ref !== '') {
    const resolved = await resolveRef(reader, ref);
    if (!resolved) throw notFound(`no such ref: ${ref}`);
    fullRef =
      resolved.kind === 'branch'
        ? `refs/heads/${resolved.name}`
        : resolved.kind === 'tag'
          ? `refs/tags/${resolved.name}`
          : ref;
    sha = resolved.commit;
  }
  const commit = sha === undefined ? undefined : await readCommit(reader, sha);
  const payloadCommit: PayloadCommit | null = commit ? toPayloadCommit(anonymous, repo, commit) : null;
  const id = commit?.sha ?? '0'.repeat(repo.object_format_name === 'sha256' ? 64 : 40);
  const repository = toRepository(anonymous, repo);
  const sender = toUser(anonymous, doer);
  return {
    ref: fullRef,
    before: id,
    after: id,
    compare_url: commit ? `${repository.html_url}/compare/${id}...${id}` : '',
    commits: payloadCommit ? [payloadCommit] : [],
    total_commits: payloadCommit ? 1 : 0,
    head_commit: payloadCommit,
    repository,
    pusher: sender,
    sender,
  };
}
