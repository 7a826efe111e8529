import { listBranches } from '../../../src/server/git/refs';
import { GitError, runGit } from '../../../src/server/git/run';
import {
  deleteRoute,
  failed,
  json,
  nilSlice,
  notFound,
  optionalText,
  page,
  text,
  type Answer,
  type RepoContext,
  type RepoRoute,
} from './routing';
import { toAttachment, toBranch, toPull, toRelease, toRepository, type CommitFacts } from './shapes';
import { issueOf, newIssue } from './trackerRoutes';
import { uploadedAsset } from './attachmentRoutes';
import { giteaTime, type DoubleIssue, type DoubleRepo } from './world';

/** The repository itself, its branches, pull requests and releases, for repositories the double holds. */

/** A branch's commit as the API sees it: none while Gitea holds the repository as empty (no git opened). */
async function branchCommit(repo: DoubleRepo, branch: string): Promise<CommitFacts | undefined> {
  if (repo.empty) return undefined;
  try {
    const { stdout } = await runGit(['log', '-1', '--format=%H%x00%cI%x00%B', `refs/heads/${branch}`, '--'], {
      gitDir: repo.gitDir,
    });
    const [id = '', when = '', message = ''] = stdout.split('\0');
    return { id, message: message.replace(/\n+$/, '\n'), timestamp: giteaTime(new Date(when)) };
  } catch (error) {
    if (error instanceof GitError) return undefined;
    throw error;
  }
}

async function pullJson(ctx: RepoContext, issue: DoubleIssue): Promise<unknown> {
  const pull = issue.pull!;
  const head = (await branchCommit(ctx.repo, pull.head))?.id ?? '';
  const base = (await branchCommit(ctx.repo, pull.base))?.id ?? '';
  return toPull(issue, ctx.repo, ctx.origin, { head, base });
}

async function createPull(ctx: RepoContext): Promise<Answer> {
  const head = text(ctx, 'head');
  const base = text(ctx, 'base');
  const [headCommit, baseCommit] = [await branchCommit(ctx.repo, head), await branchCommit(ctx.repo, base)];
  // parseCompareInfo: IsBranchExist on a repository not opened (empty) or without the branch → NotFound
  if (!headCommit || !baseCommit) return notFound(ctx);
  if (head === base)
    return failed(ctx, 422, 'Invalid PullRequest: There are no changes between the head and the base');
  const existing = ctx.repo.issues.find(
    (issue) => issue.state === 'open' && issue.pull?.head === head && issue.pull.base === base,
  );
  if (existing) {
    return failed(
      ctx,
      409,
      `pull request already exists for these targets [id: ${existing.pull!.id}, issue_id: ${existing.id}, head_repo_id: ${ctx.repo.id}, base_repo_id: ${ctx.repo.id}, head_branch: ${head}, base_branch: ${base}]`,
    );
  }
  const issue = newIssue(ctx, ctx.world.nextId('issue'), {
    pull: { id: ctx.world.nextId('pull'), head, base },
  });
  if (!('number' in issue)) return issue;
  ctx.repo.issues.push(issue);
  await runGit(['update-ref', `refs/pull/${issue.number}/head`, headCommit.id], { gitDir: ctx.repo.gitDir });
  return json(201, await pullJson(ctx, issue));
}

const repositoryRoutes: RepoRoute[] = [
  {
    method: 'GET',
    pattern: /^$/,
    handle: (ctx) => json(200, toRepository(ctx.repo, ctx.origin, ctx.world.canWrite(ctx.repo, ctx.user))),
  },
  {
    method: 'PATCH',
    pattern: /^$/,
    write: true,
    handle: async (ctx) => {
      const branch = optionalText(ctx, 'default_branch');
      // Gitea changes the default branch when the repository is empty or has the branch
      if (branch !== undefined && (ctx.repo.empty || (await branchCommit(ctx.repo, branch))))
        ctx.repo.defaultBranch = branch;
      ctx.repo.website = optionalText(ctx, 'website') ?? ctx.repo.website;
      ctx.repo.description = optionalText(ctx, 'description') ?? ctx.repo.description;
      if (typeof ctx.body['private'] === 'boolean') ctx.repo.isPrivate = ctx.body['private'];
      ctx.repo.updated = giteaTime();
      return json(200, toRepository(ctx.repo, ctx.origin, true));
    },
  },
  {
    method: 'GET',
    pattern: /^\/topics$/,
    handle: () => json(200, { topics: [] }, { 'x-total-count': '0' }),
  },
  {
    // ListBranches appends to a nil slice, and only for a repository that is not empty
    method: 'GET',
    pattern: /^\/branches$/,
    handle: async (ctx) => {
      if (ctx.repo.empty) return nilSlice([], () => null);
      const branches = await listBranches(ctx.repo.gitDir);
      const shaped = [];
      for (const { name } of branches)
        shaped.push(toBranch(name, (await branchCommit(ctx.repo, name))!, ctx.repo, ctx.origin));
      return page(ctx, shaped, (branch) => branch);
    },
  },
  {
    method: 'GET',
    pattern: /^\/branches\/(.+)$/,
    handle: async (ctx) => {
      const name = ctx.params[0]!;
      const commit = await branchCommit(ctx.repo, name);
      return commit ? json(200, toBranch(name, commit, ctx.repo, ctx.origin)) : notFound(ctx);
    },
  },
];

const pullRoutes: RepoRoute[] = [
  { method: 'POST', pattern: /^\/pulls$/, write: true, handle: createPull },
  {
    method: 'GET',
    pattern: /^\/pulls$/,
    handle: async (ctx) => {
      const state = ctx.query.get('state') ?? 'open';
      const pulls = [...ctx.repo.issues]
        .reverse()
        .filter((i) => i.pull && (state === 'all' || i.state === state));
      const shaped = [];
      for (const issue of pulls) shaped.push(await pullJson(ctx, issue));
      return page(ctx, shaped, (pull) => pull);
    },
  },
  {
    method: 'GET',
    pattern: /^\/pulls\/(\d+)$/,
    handle: async (ctx) => {
      const issue = issueOf(ctx, ctx.params[0]);
      return issue?.pull ? json(200, await pullJson(ctx, issue)) : notFound(ctx);
    },
  },
  {
    // ToPullReviewList makes its slice: no reviews is `[]`
    method: 'GET',
    pattern: /^\/pulls\/(\d+)\/reviews$/,
    handle: (ctx) =>
      issueOf(ctx, ctx.params[0])?.pull ? json(200, [], { 'x-total-count': '0' }) : notFound(ctx),
  },
];

function releaseOf(ctx: RepoContext, id: string | undefined) {
  return ctx.repo.releases.find((release) => release.id === Number(id));
}

const releaseRoutes: RepoRoute[] = [
  {
    method: 'GET',
    pattern: /^\/releases$/,
    handle: (ctx) => page(ctx, [...ctx.repo.releases].reverse(), (r) => toRelease(r, ctx.repo, ctx.origin)),
  },
  {
    method: 'GET',
    pattern: /^\/releases\/tags\/(.+)$/,
    handle: (ctx) => {
      const release = ctx.repo.releases.find((r) => r.tag === ctx.params[0]);
      return release ? json(200, toRelease(release, ctx.repo, ctx.origin)) : notFound(ctx);
    },
  },
  {
    method: 'POST',
    pattern: /^\/releases$/,
    write: true,
    handle: async (ctx) => {
      const tag = text(ctx, 'tag_name');
      if (tag === '') return failed(ctx, 422, '[TagName]: Required');
      if (ctx.repo.releases.some((r) => r.tag === tag))
        return failed(ctx, 409, `release tag already exist [tag_name: ${tag}]`);
      const target = text(ctx, 'target_commitish') || ctx.repo.defaultBranch;
      const tagged = await branchCommit(ctx.repo, target);
      // a tag that is not there yet is made at the target, as Gitea makes it
      if (tagged) {
        await runGit(['update-ref', `refs/tags/${tag}`, tagged.id, ''], { gitDir: ctx.repo.gitDir }).catch(
          (error: unknown) => {
            if (!(error instanceof GitError)) throw error;
          },
        );
      }
      const release = {
        id: ctx.world.nextId('release'),
        tag,
        target,
        name: text(ctx, 'name'),
        body: text(ctx, 'body'),
        draft: ctx.body['draft'] === true,
        prerelease: ctx.body['prerelease'] === true,
        author: ctx.user!,
        created: giteaTime(),
        assets: [],
      };
      ctx.repo.releases.push(release);
      return json(201, toRelease(release, ctx.repo, ctx.origin));
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/releases\/(\d+)$/,
    write: true,
    handle: (ctx) => {
      const release = releaseOf(ctx, ctx.params[0]);
      if (!release) return notFound(ctx);
      release.name = optionalText(ctx, 'name') ?? release.name;
      release.body = optionalText(ctx, 'body') ?? release.body;
      release.target = optionalText(ctx, 'target_commitish') ?? release.target;
      if (typeof ctx.body['draft'] === 'boolean') release.draft = ctx.body['draft'];
      if (typeof ctx.body['prerelease'] === 'boolean') release.prerelease = ctx.body['prerelease'];
      return json(200, toRelease(release, ctx.repo, ctx.origin));
    },
  },
  deleteRoute(
    /^\/releases\/(\d+)$/,
    (ctx) => ctx.repo.releases,
    (r) => r.id,
  ),
  {
    method: 'POST',
    pattern: /^\/releases\/(\d+)\/assets$/,
    write: true,
    handle: async (ctx) => {
      const release = releaseOf(ctx, ctx.params[0]);
      if (!release) return notFound(ctx);
      // release assets answer to their own allowed types, which the recording does not show
      const asset = await uploadedAsset(ctx, false);
      if ('status' in asset) return asset;
      release.assets.push(asset);
      return json(201, toAttachment(asset, ctx.origin));
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/releases\/(\d+)\/assets\/(\d+)$/,
    write: true,
    handle: (ctx) => {
      const asset = releaseOf(ctx, ctx.params[0])?.assets.find((a) => a.id === Number(ctx.params[1]));
      if (!asset) return notFound(ctx);
      asset.name = optionalText(ctx, 'name') ?? asset.name;
      // Gitea answers an asset edit with 201
      return json(201, toAttachment(asset, ctx.origin));
    },
  },
  deleteRoute(
    /^\/releases\/(\d+)\/assets\/(\d+)$/,
    (ctx) => releaseOf(ctx, ctx.params[0])?.assets,
    (a) => a.id,
  ),
];

export const codeRoutes: readonly RepoRoute[] = [...repositoryRoutes, ...pullRoutes, ...releaseRoutes];
