import * as l10n from '@vscode/l10n';
import { h, icon, labelChip, when } from './dom';
import type { CommentModel, TimelineEventModel, TimelineReference } from './protocol';

type Part = Node | string;

/**
 * A translated sentence with elements in its placeholders: the template is translated whole (word order
 * differs between languages), then `{n}` is replaced by the n-th part, as text or as an element.
 */
function sentence(template: string, ...parts: Part[]): Part[] {
  return template.split(/(\{\d+\})/).map((piece) => {
    const index = /^\{(\d+)\}$/.exec(piece)?.[1];
    return index !== undefined ? (parts[Number(index)] ?? piece) : piece;
  });
}

function link(text: string, href: string): HTMLElement {
  return h('a', { href }, text);
}

export function referenceLink(reference: TimelineReference, repository: string): HTMLElement {
  const elsewhere = reference.repository !== '' && reference.repository !== repository;
  const name = `${elsewhere ? reference.repository : ''}#${reference.number}`;
  return h(
    'span',
    { class: 'reference' },
    link(`${name} ${reference.title}`, reference.url),
    ' ',
    h('span', { class: `state state-${reference.state}` }, reference.state),
  );
}

const code = (text: string) => h('code', {}, text);
const short = (sha: string) => code(sha.slice(0, 10));

/** What happened, as Gitea's issue page says it; an unknown type by its name, never dropped. */
function describe(event: TimelineEventModel, repository: string): Part[] {
  const actor = h('strong', {}, event.actor);
  const reference = event.reference ? referenceLink(event.reference, repository) : '';
  switch (event.type) {
    case 'close':
      return sentence(l10n.t('{0} closed this'), actor);
    case 'reopen':
      return sentence(l10n.t('{0} reopened this'), actor);
    case 'merge_pull':
      return event.commit
        ? sentence(l10n.t('{0} merged commit {1}'), actor, short(event.commit))
        : sentence(l10n.t('{0} merged this'), actor);
    case 'label':
      if (!event.label) break;
      return sentence(
        event.label.removed ? l10n.t('{0} removed the label {1}') : l10n.t('{0} added the label {1}'),
        actor,
        labelChip(event.label.name, event.label.color),
      );
    case 'milestone':
      if (!event.milestone) break;
      return sentence(
        event.milestone.removed
          ? l10n.t('{0} removed this from the milestone {1}')
          : l10n.t('{0} added this to the milestone {1}'),
        actor,
        h('strong', {}, event.milestone.title),
      );
    case 'assignees':
      if (!event.assignee) break;
      if (event.assignee.login === event.actor)
        return sentence(
          event.assignee.removed ? l10n.t('{0} unassigned themselves') : l10n.t('{0} self-assigned this'),
          actor,
        );
      return sentence(
        event.assignee.removed ? l10n.t('{0} unassigned {1}') : l10n.t('{0} assigned {1}'),
        actor,
        h('strong', {}, event.assignee.login),
      );
    case 'review_request':
      if (!event.assignee) break;
      return sentence(
        event.assignee.removed
          ? l10n.t('{0} removed the review request for {1}')
          : l10n.t('{0} requested a review from {1}'),
        actor,
        h('strong', {}, event.assignee.login),
      );
    case 'change_title':
      if (!event.title) break;
      return sentence(
        l10n.t('{0} changed the title from {1} to {2}'),
        actor,
        h('del', {}, event.title.from),
        h('strong', {}, event.title.to),
      );
    case 'change_target_branch':
      if (!event.ref) break;
      return sentence(
        l10n.t('{0} changed the target branch from {1} to {2}'),
        actor,
        code(event.ref.from),
        code(event.ref.to),
      );
    case 'delete_branch':
      if (!event.ref) break;
      return sentence(l10n.t('{0} deleted the branch {1}'), actor, code(event.ref.from));
    case 'change_issue_ref':
      if (!event.ref) break;
      return sentence(
        l10n.t('{0} changed the reference from {1} to {2}'),
        actor,
        code(event.ref.from),
        code(event.ref.to),
      );
    case 'issue_ref':
    case 'pull_ref':
      return sentence(
        event.refAction === 'closes'
          ? l10n.t('{0} referenced this from {1}, which will close it')
          : event.refAction === 'reopens'
            ? l10n.t('{0} referenced this from {1}, which will reopen it')
            : l10n.t('{0} referenced this from {1}'),
        actor,
        reference,
      );
    case 'comment_ref':
      return sentence(
        l10n.t('{0} referenced this in a {1} of {2}'),
        actor,
        event.referenceComment ? link(l10n.t('comment'), event.referenceComment) : l10n.t('comment'),
        reference,
      );
    case 'commit_ref':
      return sentence(l10n.t('{0} referenced this in the commit {1}'), actor, short(event.commit ?? ''));
    case 'add_dependency':
      return sentence(l10n.t('{0} added the dependency {1}'), actor, reference);
    case 'remove_dependency':
      return sentence(l10n.t('{0} removed the dependency {1}'), actor, reference);
    case 'pull_push':
      if (!event.push) break;
      return event.push.force
        ? sentence(l10n.t('{0} force-pushed'), actor)
        : sentence(
            event.push.commits === 1 ? l10n.t('{0} added 1 commit') : l10n.t('{0} added {1} commits'),
            actor,
            String(event.push.commits),
          );
    case 'review':
      return sentence(l10n.t('{0} reviewed'), actor);
    case 'dismiss_review':
      return sentence(l10n.t('{0} dismissed a review'), actor);
    case 'lock':
      return event.text
        ? sentence(l10n.t('{0} locked the conversation as {1}'), actor, h('strong', {}, event.text))
        : sentence(l10n.t('{0} locked the conversation'), actor);
    case 'unlock':
      return sentence(l10n.t('{0} unlocked the conversation'), actor);
    case 'pin':
      return sentence(l10n.t('{0} pinned this'), actor);
    case 'unpin':
      return sentence(l10n.t('{0} unpinned this'), actor);
    case 'pull_scheduled_merge':
      return sentence(l10n.t('{0} scheduled this to merge when the checks succeed'), actor);
    case 'pull_cancel_scheduled_merge':
      return sentence(l10n.t('{0} cancelled the scheduled merge'), actor);
    case 'added_deadline':
    case 'modified_deadline':
      return sentence(l10n.t('{0} set the due date {1}'), actor, h('strong', {}, dueDate(event.text)));
    case 'removed_deadline':
      return sentence(l10n.t('{0} removed the due date'), actor);
    case 'start_tracking':
      return sentence(l10n.t('{0} started working'), actor);
    case 'stop_tracking':
    case 'add_time_manual':
      return sentence(l10n.t('{0} added spent time {1}'), actor, h('strong', {}, event.text ?? ''));
    case 'cancel_tracking':
      return sentence(l10n.t('{0} cancelled time tracking'), actor);
    case 'delete_time_manual':
      return sentence(l10n.t('{0} deleted spent time {1}'), actor, h('strong', {}, event.text ?? ''));
  }
  return sentence(l10n.t('{0}: {1}'), actor, code(event.type));
}

/** Gitea keeps a changed due date as `new|old`; the new one is shown. */
function dueDate(text: string | undefined): string {
  return (text ?? '').split('|')[0] ?? '';
}

const iconOf: Readonly<Record<string, string>> = {
  close: 'issue-closed',
  reopen: 'issues',
  merge_pull: 'git-merge',
  label: 'tag',
  milestone: 'milestone',
  assignees: 'person',
  review_request: 'eye',
  change_title: 'edit',
  change_target_branch: 'git-branch',
  delete_branch: 'git-branch',
  issue_ref: 'references',
  pull_ref: 'git-pull-request',
  comment_ref: 'references',
  commit_ref: 'git-commit',
  add_dependency: 'link',
  remove_dependency: 'link',
  pull_push: 'repo-push',
  review: 'eye',
  dismiss_review: 'x',
  lock: 'lock',
  unlock: 'unlock',
  pin: 'pinned',
  unpin: 'pin',
  pull_scheduled_merge: 'clock',
  pull_cancel_scheduled_merge: 'clock',
};

export function eventView(event: TimelineEventModel, repository: string): HTMLElement {
  return h(
    'div',
    { class: 'timeline-event', 'data-event-type': event.type, 'data-event-id': String(event.id) },
    icon(iconOf[event.type] ?? 'circle-small'),
    h('span', { class: 'event-text' }, ...describe(event, repository)),
    h('span', { class: 'muted' }, when(event.createdAt)),
  );
}

export type TimelineItem =
  | { readonly kind: 'comment'; readonly comment: CommentModel }
  | { readonly kind: 'event'; readonly event: TimelineEventModel };

/**
 * Comments and events in the timeline's order: each event after the comment it follows there (before the
 * first when it follows none); an event whose comment is not listed (deleted since) goes last.
 */
export function interleave(
  comments: readonly CommentModel[],
  events: readonly TimelineEventModel[],
): TimelineItem[] {
  const listed = new Set(comments.map((comment) => comment.id));
  const following = new Map<number | undefined, TimelineItem[]>();
  for (const event of events) {
    const key = event.afterComment !== undefined && !listed.has(event.afterComment) ? -1 : event.afterComment;
    following.set(key, [...(following.get(key) ?? []), { kind: 'event', event }]);
  }
  return [
    ...(following.get(undefined) ?? []),
    ...comments.flatMap((comment): TimelineItem[] => [
      { kind: 'comment', comment },
      ...(following.get(comment.id) ?? []),
    ]),
    ...(following.get(-1) ?? []),
  ];
}
