import type { BodyFields } from '../http/bodyFields';
import type { RequestContext } from '../http/context';
import { invalid, notFound } from '../domain/errors';
import { assertIssueAccess } from '../services/issuesAccess';
import type { IssueActor } from '../services/issuesEvents';
import type { AccessMode } from '../services/permissions';
import { findIssueByNumber, type IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';

/** The signed-in caller as the issue services see them. */
export const issueActor = (ctx: RequestContext): IssueActor => ({
  db: ctx.db,
  rootUrl: ctx.rootUrl,
  events: ctx.app.events,
  doer: ctx.requireUser(),
});

/**
 * The issue (or pull request) numbered by the `{index}` path parameter, which the caller must reach with
 * `needed` on its unit: 404 when it does not exist or they cannot read it.
 */
export function loadIssue(
  ctx: RequestContext,
  repo: RepositoryRow,
  needed: Exclude<AccessMode, 'none'> = 'read',
): IssueRow {
  const number = ctx.paramInt('index');
  const issue = findIssueByNumber(ctx.db, repo.id, number);
  if (!issue) throw notFound(`issue does not exist [repo_id: ${repo.id}, index: ${number}]`);
  assertIssueAccess(ctx.db, ctx.user, repo, issue.is_pull, needed);
  return issue;
}

/**
 * The raw `labels` of an IssueLabelsOption / CreateIssueOption: ids and names may be mixed. A form sends
 * strings, so numeric ones count as ids there. Not a list → 422.
 */
export function labelRefs(body: BodyFields): unknown[] | undefined {
  const value = body.parsed.value;
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = Object.entries(value).find(([key]) => key.toLowerCase() === 'labels');
  const raw: unknown = entry?.[1];
  if (raw === undefined || raw === null) return undefined;
  if (body.parsed.kind === 'form') {
    const list: unknown[] = Array.isArray(raw) ? raw : [raw];
    return list.map((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v));
  }
  if (!Array.isArray(raw)) throw invalid('[Labels]: must be a list of label ids or names');
  return raw as unknown[];
}
