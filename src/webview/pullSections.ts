import * as l10n from '@vscode/l10n';
import { button, h, icon, when } from './dom';
import type { PullModel } from './protocol';
import { serverHtml } from './serverHtml';

export interface PullActions {
  merge(style: string): void;
  scheduleMerge(style: string): void;
  cancelScheduledMerge(): void;
  openFile(filename: string): void;
}

const stateIcons: Record<string, string> = {
  success: 'pass',
  failure: 'error',
  error: 'error',
  pending: 'clock',
  warning: 'warning',
};

function styleLabel(style: string): string {
  const labels: Record<string, string> = {
    merge: l10n.t('Create a merge commit'),
    rebase: l10n.t('Rebase and fast-forward'),
    'rebase-merge': l10n.t('Rebase, then create a merge commit'),
    squash: l10n.t('Squash and merge'),
    'fast-forward-only': l10n.t('Fast-forward only'),
    'manually-merged': l10n.t('Mark as manually merged'),
  };
  return labels[style] ?? style;
}

function mergeBox(pull: PullModel, open: boolean, actions: PullActions): HTMLElement {
  if (pull.merged) return h('p', { class: 'merge-state merged' }, icon('git-merge'), ' ', l10n.t('Merged'));
  if (!open)
    return h('p', { class: 'merge-state' }, icon('circle-slash'), ' ', l10n.t('Closed without merging'));
  const select = h('vscode-single-select', { id: 'merge-style', 'aria-label': l10n.t('Merge style') });
  for (const style of pull.mergeStyles)
    select.append(h('vscode-option', { value: style }, styleLabel(style)));
  const chosen = () => (select as HTMLElement & { value?: string }).value || pull.mergeStyles[0] || 'merge';
  const mergeButton = button(l10n.t('Merge'), { id: 'merge-button', disabled: !pull.mergeable }, () =>
    actions.merge(chosen()),
  );
  if (pull.scheduledMerge)
    return h(
      'div',
      { class: 'merge-box' },
      h(
        'p',
        { class: 'merge-state', id: 'scheduled-merge' },
        icon('clock'),
        ' ',
        l10n.t('This pull request will be merged when its checks succeed.'),
      ),
      h(
        'div',
        { class: 'row' },
        button(l10n.t('Cancel Scheduled Merge'), { secondary: true, id: 'cancel-scheduled-merge' }, () =>
          actions.cancelScheduledMerge(),
        ),
      ),
    );
  const scheduleButton =
    pull.canScheduleMerge &&
    button(
      l10n.t('Merge When Checks Succeed'),
      { secondary: true, id: 'schedule-merge-button', disabled: !pull.mergeable },
      () => actions.scheduleMerge(chosen()),
    );
  return h(
    'div',
    { class: 'merge-box' },
    h(
      'p',
      { class: 'merge-state', id: 'mergeable' },
      icon(pull.mergeable ? 'check' : 'warning'),
      ' ',
      pull.mergeable
        ? l10n.t('This pull request can be merged.')
        : l10n.t('This pull request cannot be merged automatically.'),
    ),
    h('div', { class: 'row' }, select, mergeButton, scheduleButton),
  );
}

/** Gitea's review states as the view names them; an unknown one as the server sent it. */
function reviewStateLabel(state: string): string {
  const labels: Record<string, string> = {
    APPROVED: l10n.t('Approved'),
    REQUEST_CHANGES: l10n.t('Changes requested'),
    COMMENT: l10n.t('Commented'),
    PENDING: l10n.t('Pending'),
    REQUEST_REVIEW: l10n.t('Review requested'),
  };
  return labels[state] ?? state;
}

/** "Approved by …" and "Changes requested by …", up front, as a pull request page says them. */
function verdictLines(pull: PullModel): HTMLElement[] {
  const { approvedBy, changesRequestedBy } = pull.verdicts;
  const lines: HTMLElement[] = [];
  if (approvedBy.length > 0)
    lines.push(
      h(
        'p',
        { class: 'verdict approved' },
        icon('check'),
        ' ',
        l10n.t('Approved by {0}', approvedBy.join(', ')),
      ),
    );
  if (changesRequestedBy.length > 0)
    lines.push(
      h(
        'p',
        { class: 'verdict changes-requested' },
        icon('request-changes'),
        ' ',
        l10n.t('Changes requested by {0}', changesRequestedBy.join(', ')),
      ),
    );
  return lines.length > 0 ? [h('div', { id: 'review-verdicts' }, ...lines)] : [];
}

function statuses(pull: PullModel): HTMLElement {
  const list = h('ul', { class: 'statuses', id: 'statuses' });
  for (const status of pull.statuses) {
    const name = status.targetUrl
      ? h('a', { href: status.targetUrl }, status.context)
      : h('span', {}, status.context);
    list.append(
      h(
        'li',
        { 'data-state': status.state },
        icon(stateIcons[status.state] ?? 'circle'),
        ' ',
        name,
        ' ',
        h('span', { class: 'muted' }, status.description),
      ),
    );
  }
  return h(
    'section',
    {},
    h(
      'h2',
      {},
      l10n.t('Checks'),
      ' ',
      pull.combinedState
        ? h('vscode-badge', { id: 'combined-status' }, pull.combinedState)
        : h('span', { class: 'muted' }, l10n.t('none')),
    ),
    list,
  );
}

export function pullSections(pull: PullModel, open: boolean, actions: PullActions): HTMLElement[] {
  const branches = h(
    'p',
    { class: 'branches' },
    icon('git-pull-request'),
    ' ',
    h('code', { id: 'head-branch' }, pull.head),
    ' → ',
    h('code', { id: 'base-branch' }, pull.base),
  );
  const commits = h('ul', { class: 'commits' });
  for (const commit of pull.commits)
    commits.append(
      h(
        'li',
        {},
        h('code', {}, commit.sha.slice(0, 10)),
        ' ',
        commit.message.split('\n')[0] ?? '',
        ' ',
        h('span', { class: 'muted' }, commit.author),
      ),
    );
  const files = h('ul', { class: 'files', id: 'files' });
  for (const file of pull.files) {
    const link = h('a', { href: '#', class: 'file', 'data-filename': file.filename }, file.filename);
    link.addEventListener('click', (event) => {
      event.preventDefault();
      event.stopPropagation();
      actions.openFile(file.filename);
    });
    files.append(
      h(
        'li',
        {},
        icon(
          file.status === 'added'
            ? 'diff-added'
            : file.status === 'deleted'
              ? 'diff-removed'
              : file.status === 'renamed'
                ? 'diff-renamed'
                : 'diff-modified',
        ),
        ' ',
        link,
        ' ',
        h('span', { class: 'additions' }, `+${file.additions}`),
        ' ',
        h('span', { class: 'deletions' }, `−${file.deletions}`),
      ),
    );
  }
  const reviews = h('ul', { class: 'reviews' });
  for (const review of pull.reviews)
    reviews.append(
      h(
        'li',
        {},
        h('strong', {}, review.author.login),
        ' ',
        h('vscode-badge', {}, reviewStateLabel(review.state)),
        ' ',
        h('span', { class: 'muted' }, when(review.submittedAt)),
        h('div', { class: 'markdown' }, serverHtml(review.html)),
      ),
    );
  return [
    branches,
    ...verdictLines(pull),
    statuses(pull),
    mergeBox(pull, open, actions),
    h(
      'section',
      {},
      h('h2', {}, l10n.t('Commits ({0})', pull.commits.length)),
      ...(pull.commitsNote ? [h('p', { class: 'muted' }, pull.commitsNote)] : []),
      commits,
    ),
    h(
      'section',
      {},
      h('h2', {}, l10n.t('Files changed ({0})', pull.files.length)),
      ...(pull.filesNote ? [h('p', { class: 'muted' }, pull.filesNote)] : []),
      files,
    ),
    ...(pull.reviews.length > 0 ? [h('section', {}, h('h2', {}, l10n.t('Reviews')), reviews)] : []),
  ];
}
