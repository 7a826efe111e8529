import { requirementNote, type ServerCapabilities } from '../../api/capabilities';
import { ApiError, type TeahouseClient } from '../../api/client';
import { operationCatalogue } from '../../api/operations';
import type { Comment, Issue, Reaction, Repository, User } from '../../api/types';
import type { Account } from '../accounts/account';
import type { Log } from '../util/log';
import { mergeStyles } from '../util/mergeStyles';
import { currentVerdicts } from '../review/reviewVerdicts';
import { commitsFromPatch, filesFromDiff } from './pullPatch';
import type {
  ChangedFileModel,
  CommentModel,
  CommitModel,
  IssueModel,
  PanelTarget,
  PullModel,
  ReactionGroup,
  TimelineEventModel,
  UserRef,
  ViewModel,
} from '../../webview/protocol';
import { collect } from '../util/collect';
import { loadDependencies } from './dependencyModel';
import { attachmentModels, loadUploadRules } from './attachments';
import { featureShortfall, hasFeature } from '../features/featureNeeds';
import { timelineEvents } from './timelineModel';

/** What the view model loader needs: the account's client and where it lives. */
export interface ViewSource {
  readonly account: Account;
  readonly client: TeahouseClient;
  readonly log: Log;
  /** What the account's server offers; parts it lacks are read another way or left out with a note. */
  readonly capabilities: ServerCapabilities;
}

const operation = (id: (typeof operationCatalogue)[number]['operationId']) =>
  operationCatalogue.find((candidate) => candidate.operationId === id)!;
const pullCommits = operation('repoGetPullRequestCommits');
const pullFiles = operation('repoGetPullRequestFiles');
const pullDiff = operation('repoDownloadPullDiffOrPatch');

export type PullPart<T> = { readonly items: T[]; readonly note?: string };

/**
 * A pull request's commits or files: their own endpoint where the server has it, else parsed from the
 * `.patch` or `.diff` (Gitea 1.13–1.14), else none with a note saying which Gitea has them.
 */
async function pullPart<T>(
  source: ViewSource,
  what: string,
  own: { readonly operation: typeof pullCommits; readonly load: () => Promise<T[]> },
  fromText: { readonly diffType: 'diff' | 'patch'; readonly parse: (text: string) => T[] },
  target: PanelTarget,
): Promise<PullPart<T>> {
  const { capabilities, client } = source;
  if (capabilities.has(own.operation)) return { items: await optional(source, what, own.load, []) };
  if (capabilities.has(pullDiff)) {
    const { owner, repo, index } = target;
    const text = await optional(
      source,
      `${what} (.${fromText.diffType})`,
      () => client.api.repoDownloadPullDiffOrPatch({ owner, repo, index, diffType: fromText.diffType }),
      '',
    );
    return { items: fromText.parse(text) };
  }
  // the note names the older release: the one the .diff/.patch would be enough from
  const [missing] = capabilities.missing(pullDiff);
  return { items: [], ...(missing && { note: requirementNote(missing) }) };
}

/** A pull request's commits: its own endpoint, else from the `.patch`, else none with a note. */
export function loadPullCommits(source: ViewSource, target: PanelTarget): Promise<PullPart<CommitModel>> {
  const { owner, repo, index } = target;
  return pullPart(
    source,
    'commits',
    {
      operation: pullCommits,
      load: async () =>
        (await collect(source.client.paginate('repoGetPullRequestCommits', { owner, repo, index }))).map(
          (commit) => ({
            sha: commit.sha,
            message: commit.commit?.message ?? '',
            author: commit.commit?.author?.name ?? commit.author?.login ?? '',
          }),
        ),
    },
    { diffType: 'patch', parse: commitsFromPatch },
    target,
  );
}

/** A pull request's changed files: its own endpoint, else from the `.diff`, else none with a note. */
export function loadPullFiles(source: ViewSource, target: PanelTarget): Promise<PullPart<ChangedFileModel>> {
  const { owner, repo, index } = target;
  return pullPart(
    source,
    'changed files',
    {
      operation: pullFiles,
      load: async () =>
        (await collect(source.client.paginate('repoGetPullRequestFiles', { owner, repo, index }))).map(
          (file) => ({
            filename: file.filename,
            previousFilename: file.previous_filename ?? '',
            status: file.status,
            additions: file.additions,
            deletions: file.deletions,
          }),
        ),
    },
    { diffType: 'diff', parse: filesFromDiff },
    target,
  );
}

/** `<server>/<owner>/<repo>`: Gitea's Context for `#12` and `@user` links of this repository. */
export function markdownContext(account: Account, owner: string, repo: string): string {
  return `${account.serverUrl}${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}

export function renderMarkdown(
  source: Pick<ViewSource, 'client'>,
  context: string,
  text: string,
): Promise<string> {
  if (text.trim() === '') return Promise.resolve('');
  return source.client.api.renderMarkdown({ body: { Text: text, Mode: 'gfm', Context: context } });
}

/**
 * A part of the view a server may not offer (tracked time switched off, reactions on an old Gitea):
 * its absence is logged and shown empty rather than failing the whole view.
 */
async function optional<T>(
  source: ViewSource,
  what: string,
  load: () => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status >= 500 && error.status !== 501)) throw error;
    source.log.info(`webview: ${what} unavailable (${error.status} ${error.serverMessage})`);
    return fallback;
  }
}

function userRef(user: User | null | undefined): UserRef {
  return { login: user?.login ?? '' };
}

export function groupReactions(reactions: readonly Reaction[], me: string): ReactionGroup[] {
  const groups = new Map<string, { count: number; mine: boolean }>();
  for (const reaction of reactions) {
    const group = groups.get(reaction.content) ?? { count: 0, mine: false };
    group.count++;
    group.mine ||= reaction.user.login === me;
    groups.set(reaction.content, group);
  }
  return [...groups].map(([content, group]) => ({ content, ...group }));
}

async function issueModel(
  source: ViewSource,
  target: PanelTarget,
  issue: Issue,
  repository: Repository,
  context: string,
): Promise<IssueModel> {
  const { owner, repo, index } = target;
  const [html, reactions, times] = await Promise.all([
    renderMarkdown(source, context, issue.body ?? ''),
    optional(
      source,
      'reactions',
      () => collect(source.client.paginate('issueGetIssueReactions', { owner, repo, index })),
      [],
    ),
    optional(
      source,
      'tracked time',
      () => collect(source.client.paginate('issueTrackedTimes', { owner, repo, index })),
      [],
    ),
  ]);
  return {
    number: issue.number,
    title: issue.title,
    state: issue.state === 'closed' ? 'closed' : 'open',
    author: userRef(issue.user),
    createdAt: issue.created_at,
    labels: (issue.labels ?? []).map((label) => ({ name: label.name, color: label.color })),
    milestone: issue.milestone?.title,
    assignees: (issue.assignees ?? []).map(userRef),
    dueDate: issue.due_date ?? undefined,
    trackedSeconds: times.reduce((sum, time) => sum + time.time, 0),
    body: issue.body ?? '',
    html,
    canEdit: mayEdit(issue, repository, source.account.username),
    locked: issue.is_locked ?? false,
    pinned: (issue.pin_order ?? 0) > 0,
    // Gitea lets the repository's writers comment on a locked conversation, nobody else
    mayComment:
      issue.is_locked !== true ||
      repository.permissions?.push === true ||
      repository.permissions?.admin === true,
    reactions: groupReactions(reactions, source.account.username),
    attachments: attachmentModels(issue.assets),
  };
}

async function commentModel(
  source: ViewSource,
  target: PanelTarget,
  comment: Comment,
  context: string,
): Promise<CommentModel> {
  const { owner, repo } = target;
  const [html, reactions] = await Promise.all([
    renderMarkdown(source, context, comment.body),
    optional(
      source,
      'comment reactions',
      () => source.client.api.issueGetCommentReactions({ owner, repo, id: comment.id }),
      [],
    ),
  ]);
  return {
    id: comment.id,
    author: userRef(comment.user),
    createdAt: comment.created_at,
    body: comment.body,
    html,
    mine: comment.user?.login === source.account.username,
    reactions: groupReactions(reactions ?? [], source.account.username),
    attachments: attachmentModels(comment.assets),
  };
}

/** Gitea lets the poster and the repository's writers edit; the server has the last word (403). */
export function mayEdit(issue: Issue, repository: Repository, me: string): boolean {
  const permissions = repository.permissions;
  return issue.user?.login === me || permissions?.admin === true || permissions?.push === true;
}

async function pullModel(
  source: ViewSource,
  target: PanelTarget,
  repository: Repository,
  context: string,
): Promise<PullModel> {
  const { owner, repo, index } = target;
  const { client } = source;
  const pull = await client.api.repoGetPullRequest({ owner, repo, index });
  const [commits, files, combined, reviews] = await Promise.all([
    loadPullCommits(source, target),
    loadPullFiles(source, target),
    optional(
      source,
      'commit status',
      () => client.api.repoGetCombinedStatusByRef({ owner, repo, ref: pull.head.sha }),
      undefined,
    ),
    optional(
      source,
      'reviews',
      () => collect(client.paginate('repoListPullReviews', { owner, repo, index })),
      [],
    ),
  ]);
  const statuses = combined?.statuses ?? [];
  return {
    head: pull.head.label || pull.head.ref,
    base: pull.base.label || pull.base.ref,
    headSha: pull.head.sha,
    mergeBase: pull.merge_base || pull.base.sha,
    merged: pull.merged,
    mergeable: pull.mergeable,
    commits: commits.items,
    files: files.items,
    ...(commits.note !== undefined && { commitsNote: commits.note }),
    ...(files.note !== undefined && { filesNote: files.note }),
    combinedState: statuses.length > 0 ? combined?.state : undefined,
    statuses: statuses.map((status) => ({
      context: status.context,
      state: status.status,
      description: status.description,
      targetUrl: status.target_url,
    })),
    reviews: await Promise.all(
      reviews.map(async (review) => ({
        author: userRef(review.user),
        state: review.state,
        html: await renderMarkdown(source, context, review.body),
        submittedAt: review.submitted_at,
      })),
    ),
    verdicts: currentVerdicts(reviews),
    mergeStyles: mergeStyles(repository),
    canScheduleMerge: hasFeature(source.capabilities, 'scheduledMerge'),
    // read from the timeline once it is loaded (Gitea's API has no other word on it)
    scheduledMerge: false,
  };
}

/** The timeline's events where the server has the timeline, else none with a note saying which Gitea has it. */
export async function loadTimeline(
  source: ViewSource,
  target: PanelTarget,
): Promise<PullPart<TimelineEventModel>> {
  const missing = featureShortfall(source.capabilities, 'timeline');
  if (missing !== undefined) return { items: [], note: missing };
  const { owner, repo, index } = target;
  const entries = await optional(
    source,
    'timeline',
    () => collect(source.client.paginate('issueGetCommentsAndTimeline', { owner, repo, index })),
    [],
  );
  return { items: timelineEvents(entries) };
}

/** Everything an issue or pull request view shows, bodies rendered by the server. */
export async function loadViewModel(source: ViewSource, target: PanelTarget): Promise<ViewModel> {
  const { owner, repo, index } = target;
  const context = markdownContext(source.account, owner, repo);
  const [issue, comments, repository] = await Promise.all([
    source.client.api.issueGetIssue({ owner, repo, index }),
    source.client.api.issueGetComments({ owner, repo, index }),
    source.client.api.repoGet({ owner, repo }),
  ]);
  const isPull = target.kind === 'pullRequest' || issue.pull_request != null;
  const actual: PanelTarget = { ...target, kind: isPull ? 'pullRequest' : 'issue' };
  const [issueView, commentViews, pull, timeline, dependencies, uploads] = await Promise.all([
    issueModel(source, actual, issue, repository, context),
    Promise.all(comments.map((comment) => commentModel(source, actual, comment, context))),
    isPull ? pullModel(source, actual, repository, context) : Promise.resolve(undefined),
    loadTimeline(source, actual),
    loadDependencies(source, actual),
    loadUploadRules(source),
  ]);
  return {
    target: actual,
    repository: `${owner}/${repo}`,
    me: source.account.username,
    issue: issueView,
    comments: commentViews,
    events: timeline.items,
    ...(timeline.note !== undefined && { eventsNote: timeline.note }),
    ...(dependencies.model !== undefined && { dependencies: dependencies.model }),
    ...(dependencies.note !== undefined && { dependenciesNote: dependencies.note }),
    ...(uploads.rules !== undefined && { uploads: uploads.rules }),
    ...(uploads.note !== undefined && { uploadsNote: uploads.note }),
    pull: pull && { ...pull, scheduledMerge: !pull.merged && mergeScheduled(timeline.items) },
  };
}

/** Whether the latest scheduling event of the timeline schedules a merge rather than cancelling it. */
export function mergeScheduled(events: readonly TimelineEventModel[]): boolean {
  const last = events
    .filter((event) => event.type === 'pull_scheduled_merge' || event.type === 'pull_cancel_scheduled_merge')
    .at(-1);
  return last?.type === 'pull_scheduled_merge';
}
