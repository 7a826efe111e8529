/**
 * The messages between a Teahouse webview and the extension. Plain data, no DOM and no vscode: both sides
 * import these types. The webview sends requests with an id; the extension answers each with a response
 * carrying the same id, and pushes events (a fresh model) when something changed.
 */

export type ViewKind = 'issue' | 'pullRequest';

/** What a panel shows; also what `vscode.setState` keeps so the serializer can reopen it after a reload. */
export interface PanelTarget {
  readonly kind: ViewKind;
  readonly account: string;
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
}

export interface ReactionGroup {
  readonly content: string;
  readonly count: number;
  readonly mine: boolean;
}

export interface UserRef {
  readonly login: string;
}

/** A file attached to an issue or a comment (Gitea's `assets`). */
export interface AttachmentModel {
  readonly id: number;
  readonly name: string;
  readonly size: number;
  readonly url: string;
}

/** What the server takes as attachments (`GET /settings/attachment`): checked before a file is sent. */
export interface UploadRules {
  /** Bytes; undefined when the server sets no limit. */
  readonly maxBytes: number | undefined;
  /** Gitea's `allowed_types`: extensions (`.zip`), MIME types (`image/png`) or wildcards (`image/*`); none = any. */
  readonly allowedTypes: readonly string[];
  /** How many files one paste or drop may hold; undefined when unlimited. */
  readonly maxFiles: number | undefined;
}

export interface CommentModel {
  readonly id: number;
  readonly author: UserRef;
  readonly createdAt: string;
  readonly body: string;
  /** Rendered by the server's POST /markdown; already sanitised there. */
  readonly html: string;
  readonly mine: boolean;
  readonly reactions: readonly ReactionGroup[];
  readonly attachments: readonly AttachmentModel[];
}

export interface IssueModel {
  readonly number: number;
  readonly title: string;
  readonly state: 'open' | 'closed';
  readonly author: UserRef;
  readonly createdAt: string;
  readonly labels: readonly { readonly name: string; readonly color: string }[];
  readonly milestone: string | undefined;
  readonly assignees: readonly UserRef[];
  readonly dueDate: string | undefined;
  readonly trackedSeconds: number;
  /** The description as written (for editing); `html` is the server's rendering of it. */
  readonly body: string;
  readonly html: string;
  /** Whether the viewer may change title and description: the author, or a writer of the repository. */
  readonly canEdit: boolean;
  readonly locked: boolean;
  readonly pinned: boolean;
  /** Whether the viewer may comment: a locked conversation takes comments from writers only. */
  readonly mayComment: boolean;
  readonly reactions: readonly ReactionGroup[];
  /** The files attached to the issue itself (not to its comments). */
  readonly attachments: readonly AttachmentModel[];
}

export interface StatusModel {
  readonly context: string;
  readonly state: string;
  readonly description: string;
  readonly targetUrl: string;
}

export interface ReviewModel {
  readonly author: UserRef;
  readonly state: string;
  readonly html: string;
  readonly submittedAt: string;
}

/** Who approves the pull request and who asks for changes, each reviewer by their latest such review. */
export interface ReviewVerdicts {
  readonly approvedBy: readonly string[];
  readonly changesRequestedBy: readonly string[];
}

export interface ChangedFileModel {
  readonly filename: string;
  readonly previousFilename: string;
  readonly status: string;
  readonly additions: number;
  readonly deletions: number;
}

export interface CommitModel {
  readonly sha: string;
  readonly message: string;
  readonly author: string;
}

export interface PullModel {
  readonly head: string;
  readonly base: string;
  readonly headSha: string;
  readonly mergeBase: string;
  readonly merged: boolean;
  readonly mergeable: boolean;
  readonly commits: readonly CommitModel[];
  readonly files: readonly ChangedFileModel[];
  /** Why the server gave no commits or files ("needs Gitea ≥ 1.13"), when it cannot. */
  readonly commitsNote?: string;
  readonly filesNote?: string;
  /** The combined state of the head commit's statuses; undefined when it has none. */
  readonly combinedState: string | undefined;
  readonly statuses: readonly StatusModel[];
  readonly reviews: readonly ReviewModel[];
  readonly verdicts: ReviewVerdicts;
  /** Gitea's `Do` values this repository allows, the preferred first. */
  readonly mergeStyles: readonly string[];
  /** Whether the server can merge when the checks succeed (Gitea ≥ 1.17). */
  readonly canScheduleMerge: boolean;
  /** A merge is scheduled for when the head's checks succeed (the timeline's latest word on it). */
  readonly scheduledMerge: boolean;
}

/** An issue or pull request another event points at (a reference, a dependency). */
export interface TimelineReference {
  readonly number: number;
  readonly title: string;
  readonly url: string;
  readonly state: string;
  readonly isPull: boolean;
  /** `owner/name`; empty when the server did not say. */
  readonly repository: string;
}

/**
 * One event of the timeline between the comments, by Gitea's type name (`label`, `close`, `pull_push`…),
 * with what that type names; a type the view does not know is shown by its name.
 */
export interface TimelineEventModel {
  readonly id: number;
  readonly type: string;
  readonly actor: string;
  readonly createdAt: string;
  /** The comment the event follows in the timeline; none when it comes before the first. */
  readonly afterComment?: number;
  readonly label?: { readonly name: string; readonly color: string; readonly removed: boolean };
  readonly milestone?: { readonly title: string; readonly removed: boolean };
  /** An assignee, or a reviewer asked for (`review_request`); `team` when it is a team. */
  readonly assignee?: { readonly login: string; readonly team: boolean; readonly removed: boolean };
  readonly title?: { readonly from: string; readonly to: string };
  readonly ref?: { readonly from: string; readonly to: string };
  readonly reference?: TimelineReference;
  /** The comment that made a `comment_ref`. */
  readonly referenceComment?: string;
  /** `closes`, `reopens` or `neutered`: what the reference does to this issue. */
  readonly refAction?: string;
  readonly commit?: string;
  readonly push?: { readonly commits: number; readonly force: boolean };
  /** Plain text Gitea keeps in the event: a lock reason, a deadline, a time. */
  readonly text?: string;
}

export type DependencyRelation = 'dependsOn' | 'blocks';

export interface DependenciesModel {
  readonly dependsOn: readonly TimelineReference[];
  readonly blocks: readonly TimelineReference[];
}

export interface ViewModel {
  readonly target: PanelTarget;
  readonly repository: string;
  readonly me: string;
  readonly issue: IssueModel;
  readonly comments: readonly CommentModel[];
  /** The timeline's events (Gitea ≥ 1.15), shown between the comments by time. */
  readonly events: readonly TimelineEventModel[];
  /** Why there is no timeline ("needs Gitea ≥ 1.15"), when the server has none. */
  readonly eventsNote?: string;
  /** What the issue depends on and what it blocks (Gitea ≥ 1.22); undefined where the server cannot say. */
  readonly dependencies?: DependenciesModel;
  readonly dependenciesNote?: string;
  /** How files pasted or dropped into a comment are uploaded; undefined where the server takes none. */
  readonly uploads?: UploadRules;
  /** Why files cannot be attached here ("needs Gitea ≥ 1.22", switched off), when they cannot. */
  readonly uploadsNote?: string;
  readonly pull: PullModel | undefined;
}

export type ReactionTarget = { readonly kind: 'issue' } | { readonly kind: 'comment'; readonly id: number };

/** Each request's parameters and result. */
export interface Requests {
  load: { params: Record<string, never>; result: ViewModel };
  preview: { params: { text: string }; result: { html: string } };
  comment: { params: { body: string }; result: ViewModel };
  editComment: { params: { id: number; body: string }; result: ViewModel };
  /** Changes the title and description of the issue or pull request. */
  editIssue: { params: { title: string; body: string }; result: ViewModel };
  deleteComment: { params: { id: number }; result: ViewModel };
  setState: { params: { state: 'open' | 'closed' }; result: ViewModel };
  /** Opens VS Code's own picker for labels, milestone or assignees, then answers the new model. */
  pick: { params: { what: 'labels' | 'milestone' | 'assignees' }; result: ViewModel };
  react: { params: { target: ReactionTarget; content: string }; result: ViewModel };
  merge: { params: { style: string }; result: ViewModel };
  scheduleMerge: { params: { style: string }; result: ViewModel };
  cancelScheduledMerge: { params: Record<string, never>; result: ViewModel };
  /** Picks an issue of the repository (VS Code's quick pick, searched on the server) and links it. */
  addDependency: { params: { relation: DependencyRelation }; result: ViewModel };
  removeDependency: {
    params: { relation: DependencyRelation; number: number; repository: string };
    result: ViewModel;
  };
  /**
   * Uploads a pasted or dropped file as an attachment of the comment being edited (`commentId`), else of
   * the issue, and answers the markdown that links it.
   */
  upload: {
    params: { name: string; type: string; data: Uint8Array; commentId?: number };
    result: { markdown: string };
  };
  openFile: { params: { filename: string }; result: null };
  openLink: { params: { href: string }; result: null };
}

export type RequestMethod = keyof Requests;

export interface RequestMessage<M extends RequestMethod = RequestMethod> {
  readonly type: 'request';
  readonly id: number;
  readonly method: M;
  readonly params: Requests[M]['params'];
}

export type ResponseMessage =
  | { readonly type: 'response'; readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly type: 'response'; readonly id: number; readonly ok: false; readonly error: string };

export type EventMessage =
  | { readonly type: 'event'; readonly event: 'model'; readonly model: ViewModel }
  /** "Edit Description…" from a tree item: the view opens its editor. */
  | { readonly type: 'event'; readonly event: 'edit' }
  | { readonly type: 'event'; readonly event: 'rendered'; readonly html: string; readonly source: string };

export type ExtensionMessage = ResponseMessage | EventMessage;

/** Gitea's default reactions (`[ui] REACTIONS`) and the emoji shown for each, in the webviews and the editor. */
export const reactionEmoji = {
  '+1': '👍',
  '-1': '👎',
  laugh: '😄',
  hooray: '🎉',
  confused: '😕',
  heart: '❤️',
  rocket: '🚀',
  eyes: '👀',
} as const satisfies Readonly<Record<string, string>>;

export const reactionContents = Object.keys(reactionEmoji) as (keyof typeof reactionEmoji)[];

export function isRequestMessage(value: unknown): value is RequestMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'request' &&
    typeof (value as { id?: unknown }).id === 'number' &&
    typeof (value as { method?: unknown }).method === 'string'
  );
}
