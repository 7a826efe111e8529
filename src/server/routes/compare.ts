import { notFound } from '../domain/errors';
import { mapLimited } from '../domain/mapLimited';
import { listCommitIds } from '../git/commits';
import { diffText, patchText } from '../git/diff';
import { mergeBase } from '../git/merge';
import { resolveRef } from '../git/refs';
import { isAbbreviatedObjectId, isValidRefName } from '../git/validate';
import { commitJson, statCommitOptions } from './commits';
import type { HandlerMap } from './handler';
import { commitOf, type GitRepository } from './repoGit';
import { gitRoute, readRepo } from './guards';

/** Gitea's split of `{basehead}`: `base...head`, else `base..head`, else the head against the default branch. */
function splitBaseHead(path: string, defaultBranch: string): [string, string] {
  if (path === '') return [defaultBranch, defaultBranch];
  for (const separator of ['...', '..']) {
    const at = path.indexOf(separator);
    if (at >= 0) return [path.slice(0, at), path.slice(at + separator.length)];
  }
  return [defaultBranch, path];
}

/**
 * A side of the compare in this repository: a branch, tag or commit. `owner:ref` is accepted for this
 * repository's owner; a fork's head (another owner) is not compared here.
 */
async function compareSide(git: GitRepository, side: string, what: 'base' | 'head'): Promise<string> {
  let ref = side;
  const colon = side.indexOf(':');
  if (colon >= 0) {
    if (side.slice(0, colon).toLowerCase() !== git.repo.owner_name.toLowerCase()) {
      throw notFound(`${what} repository does not exist: ${side.slice(0, colon)}`);
    }
    ref = side.slice(colon + 1);
  }
  const resolved =
    isValidRefName(ref) || isAbbreviatedObjectId(ref) ? await resolveRef(git.reader, ref) : undefined;
  if (!resolved) throw notFound(`${what === 'base' ? 'BaseNotExist' : 'HeadNotExist'}: ${ref}`);
  return resolved.commit;
}

/** Gitea lists every commit of a compare in one answer; this caps what one request may ask git for. */
const maxCompareCommits = 10_000;

export const compareHandlers: HandlerMap = {
  /**
   * Gitea's CompareDiff: the commits on the head that the base lacks, newest first, each with its stats;
   * `output=diff|patch` answers the three-dot diff or the patch series as text instead.
   */
  repoCompareDiff: gitRoute(readRepo, async (ctx, git) => {
    const [baseName, headName] = splitBaseHead(ctx.param('basehead'), git.repo.default_branch);
    const base = await compareSide(git, baseName, 'base');
    const head = await compareSide(git, headName, 'head');
    const output = ctx.args.output;
    if (output === 'diff' || output === 'patch') {
      const text =
        output === 'diff'
          ? await diffText(git.gitDir, (await mergeBase(git.gitDir, base, head)) ?? base, head, {
              binary: false,
            })
          : await patchText(git.gitDir, base, head);
      ctx.res.statusCode = 200;
      ctx.res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      ctx.res.end(text);
      return;
    }
    const { ids } = await listCommitIds(
      git.gitDir,
      head,
      { offset: 0, limit: maxCompareCommits },
      { not: base },
    );
    const options = statCommitOptions(ctx);
    const commits = await mapLimited(ids, 4, async (id) =>
      commitJson(ctx, git, await commitOf(git, id), options),
    );
    ctx.json({ total_commits: commits.length, commits });
  }),
};
