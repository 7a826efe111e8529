import {
  sourceCodeComments,
  sourceComments,
  sourceIssueAssignees,
  sourceIssueLabels,
  sourceIssues,
  sourcePulls,
  sourceReviews,
  type SourceCodeComment,
  type SourceComment,
  type SourceIssue,
  type SourcePull,
  type SourceReview,
} from '../../store/publishSource';
import { deleteGone, LedgerKind, syncItem, type PublishRun } from './run';
import { TargetFailure } from './targetApi';
import { credited, fingerprint, pullNote, reviewText } from './text';

/** How many issues' comments are sent at once; issues themselves go one by one, in number order. */
const timelineConcurrency = 4;

/** Where the target finds each pull request's head, by local issue id (set by the git phase). */
export type PullHeads = ReadonlyMap<number, string>;

export interface TrackerIds {
  readonly labels: ReadonlyMap<number, number>;
  readonly milestones: ReadonlyMap<number, number>;
}

type TimelineEntry =
  | { readonly kind: 'comment'; readonly created: number; readonly comment: SourceComment }
  | {
      readonly kind: 'review';
      readonly created: number;
      readonly review: SourceReview;
      readonly code: readonly SourceCodeComment[];
    };

/**
 * Issues and pull requests in number order (so that numbers match on an empty target), each followed by
 * its comments and reviews (as comments) in the order they were written.
 */
export async function publishIssues(run: PublishRun, ids: TrackerIds, heads: PullHeads): Promise<void> {
  const repoId = run.localRepo.id;
  const issues = sourceIssues(run.db, repoId);
  const pulls = sourcePulls(run.db, repoId);
  const labels = sourceIssueLabels(run.db, repoId);
  const assignees = sourceIssueAssignees(run.db, repoId);
  const timelines = timelinesOf(run, repoId);
  const ledger = new LedgerKind(run.db, run.targetId, 'issue');
  const comments = new LedgerKind(run.db, run.targetId, 'comment');
  const reviews = new LedgerKind(run.db, run.targetId, 'review');

  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  let done = 0;
  for (const issue of issues) {
    if (failure) break;
    const number = await syncIssue(run, ledger, issue, {
      pull: pulls.get(issue.id),
      head: heads.get(issue.id),
      labelIds: (labels.get(issue.id) ?? []).map((id) => ids.labels.get(id)).filter((id) => id !== undefined),
      milestoneId: issue.milestone_id === null ? 0 : (ids.milestones.get(issue.milestone_id) ?? 0),
      assignees: assignees.get(issue.id) ?? [],
      localMilestone: issue.milestone_id,
      localLabels: labels.get(issue.id) ?? [],
    });
    if (number !== issue.number) run.summary.renumbered.push({ local: issue.number, remote: number });
    const task = syncTimeline(run, number, timelines.get(issue.id) ?? [], comments, reviews)
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        inFlight.delete(task);
        run.progress('issues', ++done, issues.length);
      });
    inFlight.add(task);
    if (inFlight.size >= timelineConcurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (failure) throw failure;
  await deleteGone(
    run,
    comments,
    new Set(sourceCommentIds(timelines)),
    (id) => `${run.remotePath}/issues/comments/${id}`,
  );
  await deleteGone(
    run,
    reviews,
    new Set(sourceReviewIds(timelines)),
    (id) => `${run.remotePath}/issues/comments/${id}`,
  );
}

interface IssueFacts {
  readonly pull: SourcePull | undefined;
  /** The branch the target has the pull request's head on; undefined when it cannot be one there. */
  readonly head: string | undefined;
  readonly labelIds: number[];
  readonly milestoneId: number;
  readonly assignees: readonly string[];
  readonly localMilestone: number | null;
  readonly localLabels: readonly number[];
}

async function syncIssue(
  run: PublishRun,
  ledger: LedgerKind,
  issue: SourceIssue,
  facts: IssueFacts,
): Promise<number> {
  const { pull } = facts;
  const asPull = pull !== undefined && !pull.has_merged && facts.head !== undefined;
  const note = pull && !asPull ? pullNote(pull, pull.head_branch) : '';
  const print = fingerprint({
    title: issue.title,
    content: issue.content,
    author: issue.author,
    created: issue.created,
    closed: issue.is_closed,
    labels: facts.localLabels,
    milestone: facts.localMilestone,
    assignees: facts.assignees,
    deadline: issue.deadline_unix,
    note,
  });
  const body = async (): Promise<string> => {
    await run.hasAccount(issue.author);
    return credited(
      note && issue.content ? `${note}\n\n${issue.content}` : note || issue.content,
      issue.author,
      issue.created,
      run.names,
    );
  };
  const assigneesOnTarget = async (): Promise<string[]> => {
    const names: string[] = [];
    for (const name of facts.assignees) if (await run.hasAccount(name)) names.push(name);
    return names;
  };
  const dueDate = issue.deadline_unix > 0 ? new Date(issue.deadline_unix * 1000).toISOString() : undefined;

  return syncItem(
    run,
    ledger,
    issue.id,
    print,
    async () => {
      const fields = {
        title: issue.title,
        body: await body(),
        labels: facts.labelIds,
        milestone: facts.milestoneId || undefined,
        assignees: await assigneesOnTarget(),
        due_date: dueDate,
      };
      const created = asPull
        ? await createPull(run, fields, { head: facts.head!, base: pull.base_branch }, issue)
        : await withoutAssigneesIfRefused(run, fields, (f) =>
            run.api.call<{ number: number }>('POST', `${run.remotePath}/issues`, {
              ...f,
              closed: issue.is_closed,
            }),
          );
      if (created === undefined) {
        // The target refused the pull request (its head and base are already paired there, say): keep the
        // number and the conversation as an issue that says what it was.
        const fallback = credited(
          `${pullNote(pull!, pull!.head_branch)}${issue.content ? `\n\n${issue.content}` : ''}`,
          issue.author,
          issue.created,
          run.names,
        );
        const asIssue = await withoutAssigneesIfRefused(run, { ...fields, body: fallback }, (f) =>
          run.api.call<{ number: number }>('POST', `${run.remotePath}/issues`, {
            ...f,
            closed: issue.is_closed,
          }),
        );
        return asIssue.number;
      }
      if (asPull && issue.is_closed) {
        await run.api.call('PATCH', `${run.remotePath}/issues/${created.number}`, { state: 'closed' });
      }
      return created.number;
    },
    async (number) => {
      await run.api.call('PATCH', `${run.remotePath}/issues/${number}`, {
        title: issue.title,
        body: await body(),
        state: issue.is_closed ? 'closed' : 'open',
        milestone: facts.milestoneId,
        assignees: await assigneesOnTarget(),
        ...(dueDate ? { due_date: dueDate } : { unset_due_date: true }),
      });
      await run.api.call('PUT', `${run.remotePath}/issues/${number}/labels`, { labels: facts.labelIds });
    },
  );
}

type Fields = { assignees: string[] } & Record<string, unknown>;

/** Assignees the target refuses (no access to the repository there) are dropped, with a warning. */
async function withoutAssigneesIfRefused<T>(
  run: PublishRun,
  fields: Fields,
  send: (fields: Fields) => Promise<T>,
): Promise<T> {
  try {
    return await send(fields);
  } catch (error) {
    if (!(error instanceof TargetFailure && error.status === 422 && fields.assignees.length > 0)) throw error;
    run.summary.warnings.push(
      `"${String(fields['title'])}": the target refused the assignees ${fields.assignees.join(', ')}; published without them`,
    );
    return send({ ...fields, assignees: [] });
  }
}

async function createPull(
  run: PublishRun,
  fields: Fields,
  branches: { readonly head: string; readonly base: string },
  issue: SourceIssue,
): Promise<{ number: number } | undefined> {
  // the target refuses a pull request between branches it does not show yet (404)
  await run.pushed.visible(branches.head);
  await run.pushed.visible(branches.base);
  try {
    return await withoutAssigneesIfRefused(run, { ...fields, ...branches }, (f) =>
      run.api.call<{ number: number }>('POST', `${run.remotePath}/pulls`, f),
    );
  } catch (error) {
    if (!(error instanceof TargetFailure) || (error.status !== 409 && error.status !== 422)) throw error;
    run.summary.warnings.push(`#${issue.number}: ${error.message}; published as an issue`);
    return undefined;
  }
}

async function syncTimeline(
  run: PublishRun,
  number: number,
  entries: readonly TimelineEntry[],
  comments: LedgerKind,
  reviews: LedgerKind,
): Promise<void> {
  const path = `${run.remotePath}/issues`;
  for (const entry of entries) {
    const [ledger, localId, print, body] =
      entry.kind === 'comment'
        ? [
            comments,
            entry.comment.id,
            fingerprint([entry.comment.content, entry.comment.author, entry.comment.created]),
            async () => {
              await run.hasAccount(entry.comment.author);
              return credited(entry.comment.content, entry.comment.author, entry.comment.created, run.names);
            },
          ]
        : [
            reviews,
            entry.review.id,
            fingerprint([entry.review, entry.code]),
            async () => {
              for (const author of [entry.review.author, ...entry.code.map((c) => c.author)])
                await run.hasAccount(author);
              return reviewText(entry.review, entry.code, run.names);
            },
          ];
    await syncItem(
      run,
      ledger,
      localId,
      print,
      async () =>
        (await run.api.call<{ id: number }>('POST', `${path}/${number}/comments`, { body: await body() })).id,
      async (id) => {
        await run.api.call('PATCH', `${path}/comments/${id}`, { body: await body() });
      },
    );
  }
}

function timelinesOf(run: PublishRun, repoId: number): Map<number, TimelineEntry[]> {
  const timelines = new Map<number, TimelineEntry[]>();
  const add = (issueId: number, entry: TimelineEntry): void => {
    const list = timelines.get(issueId);
    if (list) list.push(entry);
    else timelines.set(issueId, [entry]);
  };
  for (const comment of sourceComments(run.db, repoId)) {
    add(comment.issue_id, { kind: 'comment', created: comment.created, comment });
  }
  const codeByReview = new Map<number, SourceCodeComment[]>();
  for (const code of sourceCodeComments(run.db, repoId)) {
    const list = codeByReview.get(code.review_id);
    if (list) list.push(code);
    else codeByReview.set(code.review_id, [code]);
  }
  for (const review of sourceReviews(run.db, repoId)) {
    const code = codeByReview.get(review.id) ?? [];
    // a plain "comment" review with neither a body nor code comments says nothing
    if (review.content.trim() === '' && code.length === 0 && review.type === 2) continue;
    add(review.issue_id, { kind: 'review', created: review.created, review, code });
  }
  for (const list of timelines.values()) {
    list.sort((a, b) => a.created - b.created || idOf(a) - idOf(b));
  }
  return timelines;
}

const idOf = (entry: TimelineEntry): number =>
  entry.kind === 'comment' ? entry.comment.id : entry.review.id;

function* sourceCommentIds(timelines: Map<number, TimelineEntry[]>): Iterable<number> {
  for (const list of timelines.values()) for (const e of list) if (e.kind === 'comment') yield e.comment.id;
}

function* sourceReviewIds(timelines: Map<number, TimelineEntry[]>): Iterable<number> {
  for (const list of timelines.values()) for (const e of list) if (e.kind === 'review') yield e.review.id;
}
