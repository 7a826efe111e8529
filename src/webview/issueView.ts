import './l10nSetup';
import * as l10n from '@vscode/l10n';
import { button, h, icon, labelChip, routeLinks, when } from './dom';
import { pullSections } from './pullSections';
import {
  reactionContents,
  reactionEmoji,
  type CommentModel,
  type PanelTarget,
  type ReactionGroup,
  type ReactionTarget,
  type ViewModel,
} from './protocol';
import { serverHtml } from './serverHtml';
import { dependencyRows } from './dependencyRows';
import { acceptAttachments, type AttachmentTarget } from './attachmentDrop';
import { attachmentList } from './attachmentList';
import { eventView, interleave } from './timelineView';
import { Channel } from './vscodeApi';

/** Kept by VS Code across reloads: the serializer reopens the view from it; the draft survives too. */
type SavedState = PanelTarget & { draft?: string };

const channel = new Channel<SavedState>();
const root = document.getElementById('root') as HTMLElement;
const content = h('div', { id: 'content' });
const errorLine = h('p', { id: 'error', role: 'alert', class: 'error', hidden: true });
let model: ViewModel | undefined;
let draft = channel.state?.draft ?? '';

const stateNames: Record<string, string> = {
  open: l10n.t('open'),
  closed: l10n.t('closed'),
  merged: l10n.t('merged'),
};

function saveState(): void {
  if (model) channel.state = { ...model.target, draft };
}

function showError(error: unknown): void {
  errorLine.textContent = error instanceof Error ? error.message : String(error);
  errorLine.hidden = false;
}

/** Runs a request that answers a fresh model; errors show in the view. */
async function act(run: () => Promise<ViewModel>): Promise<void> {
  errorLine.hidden = true;
  root.setAttribute('aria-busy', 'true');
  try {
    show(await run());
  } catch (error) {
    showError(error);
  } finally {
    root.setAttribute('aria-busy', 'false');
  }
}

/** Files pasted or dropped into an editor go to the comment being edited, else to the issue. */
function attachmentTarget(onChange?: () => void, commentId?: number): AttachmentTarget {
  return {
    rules: () => ({ rules: model?.uploads, note: model?.uploadsNote }),
    upload: async (file, data) =>
      (
        await channel.request('upload', {
          name: file.name,
          type: file.type,
          data,
          ...(commentId !== undefined && { commentId }),
        })
      ).markdown,
    onError: showError,
    ...(onChange && { onChange }),
  };
}

function reactions(groups: readonly ReactionGroup[], target: ReactionTarget): HTMLElement {
  const row = h('div', { class: 'reactions' });
  for (const group of groups) {
    row.append(
      button(
        `${(reactionEmoji as Readonly<Record<string, string>>)[group.content] ?? group.content} ${group.count}`,
        {
          secondary: !group.mine,
          title: group.mine
            ? l10n.t('Remove your {0}', group.content)
            : l10n.t('React with {0}', group.content),
          'data-reaction': group.content,
        },
        () => void act(() => channel.request('react', { target, content: group.content })),
      ),
    );
  }
  const picker = h('vscode-single-select', {
    'aria-label': l10n.t('Add a reaction'),
    class: 'reaction-picker',
  });
  picker.append(h('vscode-option', { value: '' }, '☺ +'));
  for (const content of reactionContents)
    picker.append(h('vscode-option', { value: content }, `${reactionEmoji[content]} ${content}`));
  picker.addEventListener('change', () => {
    const value = (picker as HTMLElement & { value?: string }).value;
    if (value) void act(() => channel.request('react', { target, content: value }));
  });
  row.append(picker);
  return row;
}

function commentView(comment: CommentModel): HTMLElement {
  const body = h('div', { class: 'markdown' }, serverHtml(comment.html));
  const article = h(
    'article',
    { class: 'comment', 'data-comment-id': String(comment.id) },
    h(
      'header',
      {},
      h('strong', {}, comment.author.login),
      ' ',
      h('span', { class: 'muted' }, when(comment.createdAt)),
    ),
    body,
    attachmentList(comment.attachments),
    reactions(comment.reactions, { kind: 'comment', id: comment.id }),
  );
  if (comment.mine) {
    const edit = () => {
      const editor = h('vscode-textarea', {
        rows: '6',
        resize: 'vertical',
        'aria-label': l10n.t('Edit comment'),
      }) as HTMLElement & { value: string };
      editor.value = comment.body;
      acceptAttachments(editor, attachmentTarget(undefined, comment.id));
      const save = button(
        l10n.t('Save'),
        {},
        () => void act(() => channel.request('editComment', { id: comment.id, body: editor.value })),
      );
      const cancel = button(l10n.t('Cancel'), { secondary: true }, () =>
        body.replaceChildren(serverHtml(comment.html)),
      );
      body.replaceChildren(editor, h('div', { class: 'row' }, save, cancel));
    };
    article.querySelector('header')?.append(
      h('span', { class: 'spacer' }),
      button(l10n.t('Edit'), { secondary: true, class: 'edit-comment' }, edit),
      button(
        l10n.t('Delete'),
        { secondary: true, class: 'delete-comment' },
        () => void act(() => channel.request('deleteComment', { id: comment.id })),
      ),
    );
  }
  return article;
}

function metaRow(
  label: string,
  editLabel: string | undefined,
  value: Node | string,
  pick?: 'labels' | 'milestone' | 'assignees',
): HTMLElement {
  return h(
    'div',
    { class: 'meta-row' },
    h('span', { class: 'meta-label' }, label),
    h('span', { class: 'meta-value' }, value),
    pick &&
      button(
        '',
        {
          secondary: true,
          'icon-only': true,
          icon: 'edit',
          title: editLabel,
          'aria-label': editLabel,
        },
        () => void act(() => channel.request('pick', { what: pick })),
      ),
  );
}

/** A markdown editor with Write and Preview: Preview is the server's rendering (`POST /markdown`). */
function markdownEditor(
  text: string,
  attributes: { id: string; label: string },
): { element: HTMLElement; value: () => string } {
  const editor = h('vscode-textarea', {
    id: attributes.id,
    rows: '10',
    resize: 'vertical',
    'aria-label': attributes.label,
  }) as HTMLElement & { value: string };
  editor.value = text;
  acceptAttachments(editor, attachmentTarget());
  const preview = h('div', { class: 'markdown preview', id: `${attributes.id}-preview`, hidden: true });
  const write = button(l10n.t('Write'), { id: `${attributes.id}-write` }, () => {
    preview.hidden = true;
    editor.hidden = false;
    write.removeAttribute('secondary');
    showPreview.setAttribute('secondary', '');
  });
  const showPreview = button(
    l10n.t('Preview'),
    { secondary: true, id: `${attributes.id}-show-preview` },
    () => {
      channel
        .request('preview', { text: editor.value })
        .then(({ html }) => {
          preview.replaceChildren(serverHtml(html));
          preview.hidden = false;
          editor.hidden = true;
          showPreview.removeAttribute('secondary');
          write.setAttribute('secondary', '');
        })
        .catch(showError);
    },
  );
  return {
    element: h(
      'div',
      { class: 'markdown-editor' },
      h('div', { class: 'row' }, write, showPreview),
      editor,
      preview,
    ),
    value: () => editor.value,
  };
}

/** Title and description in place: Save patches both, Cancel shows the view again. */
function editIssue(view: ViewModel): void {
  const header = content.querySelector('header.title h1');
  const body = content.querySelector('#issue-body');
  if (!header || !body || content.querySelector('#edit-title')) return;
  const title = h('vscode-textfield', { id: 'edit-title', 'aria-label': l10n.t('Title') }) as HTMLElement & {
    value: string;
  };
  title.value = view.issue.title;
  const description = markdownEditor(view.issue.body, { id: 'edit-body', label: l10n.t('Description') });
  const save = button(
    l10n.t('Save'),
    { id: 'save-issue' },
    () => void act(() => channel.request('editIssue', { title: title.value, body: description.value() })),
  );
  const cancel = button(l10n.t('Cancel'), { secondary: true, id: 'cancel-edit' }, () => render(view));
  header.replaceWith(h('div', { class: 'edit-title' }, title));
  body.replaceWith(
    h('div', { id: 'issue-body-editor' }, description.element, h('div', { class: 'row' }, save, cancel)),
  );
}

function duration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? l10n.t('{0}h {1}m', hours, minutes) : l10n.t('{0}m', minutes);
}

function render(view: ViewModel): void {
  const { issue } = view;
  const isPull = view.pull !== undefined;
  const labels = h('span', { class: 'labels' });
  for (const label of issue.labels) labels.append(labelChip(label.name, label.color));
  const stateName = view.pull?.merged ? 'merged' : issue.state;
  const none = l10n.t('none');
  const toggle = button(
    issue.state === 'open' ? l10n.t('Close') : l10n.t('Reopen'),
    { secondary: true, id: 'toggle-state' },
    () => void act(() => channel.request('setState', { state: issue.state === 'open' ? 'closed' : 'open' })),
  );
  const comments = h(
    'section',
    { id: 'comments' },
    ...interleave(view.comments, view.events).map((item) =>
      item.kind === 'comment' ? commentView(item.comment) : eventView(item.event, view.repository),
    ),
    view.eventsNote !== undefined &&
      h('p', { class: 'muted', id: 'timeline-note' }, l10n.t('No timeline here: {0}.', view.eventsNote)),
  );
  const edit =
    issue.canEdit &&
    button(
      l10n.t('Edit'),
      { secondary: true, id: 'edit-issue', title: l10n.t('Edit title and description') },
      () => editIssue(view),
    );
  content.replaceChildren(
    h(
      'header',
      { class: 'title' },
      h('h1', {}, issue.title, ' ', h('span', { class: 'muted' }, `#${issue.number}`)),
      h(
        'p',
        {},
        h('vscode-badge', { id: 'state', 'data-state': stateName }, stateNames[stateName]),
        ' ',
        issue.pinned && h('span', { id: 'pinned', title: l10n.t('Pinned') }, icon('pinned'), ' '),
        issue.locked && h('span', { id: 'locked', title: l10n.t('Locked') }, icon('lock'), ' '),
        icon(isPull ? 'git-pull-request' : 'issues'),
        ' ',
        h('strong', {}, issue.author.login),
        ' ',
        l10n.t('opened {0} in {1}', when(issue.createdAt), view.repository),
        ' ',
        edit,
      ),
    ),
    h(
      'aside',
      { class: 'meta' },
      metaRow(l10n.t('Labels'), l10n.t('Edit labels'), issue.labels.length > 0 ? labels : none, 'labels'),
      metaRow(l10n.t('Milestone'), l10n.t('Edit milestone'), issue.milestone ?? none, 'milestone'),
      metaRow(
        l10n.t('Assignees'),
        l10n.t('Edit assignees'),
        issue.assignees.map((user) => user.login).join(', ') || none,
        'assignees',
      ),
      metaRow(l10n.t('Due date'), undefined, issue.dueDate ? when(issue.dueDate) : none),
      metaRow(l10n.t('Time tracked'), undefined, duration(issue.trackedSeconds)),
      ...dependencyRows(view, {
        add: (relation) => void act(() => channel.request('addDependency', { relation })),
        remove: (relation, reference) =>
          void act(() =>
            channel.request('removeDependency', {
              relation,
              number: reference.number,
              repository: reference.repository,
            }),
          ),
      }),
    ),
    h(
      'article',
      { class: 'comment issue-body' },
      h('div', { class: 'markdown', id: 'issue-body' }, serverHtml(issue.html)),
      attachmentList(issue.attachments),
      reactions(issue.reactions, { kind: 'issue' }),
    ),
    ...(view.pull
      ? pullSections(view.pull, issue.state === 'open', {
          merge: (style) => void act(() => channel.request('merge', { style })),
          scheduleMerge: (style) => void act(() => channel.request('scheduleMerge', { style })),
          cancelScheduledMerge: () => void act(() => channel.request('cancelScheduledMerge', {})),
          openFile: (filename) => void channel.request('openFile', { filename }).catch(showError),
        })
      : []),
    comments,
    h('div', { class: 'row' }, toggle),
  );
}

function show(view: ViewModel): void {
  model = view;
  render(view);
  const { locked, mayComment } = view.issue;
  lockedNote.hidden = !locked;
  lockedNote.replaceChildren(
    icon('lock'),
    ' ',
    mayComment
      ? l10n.t('This conversation is locked: only collaborators can comment.')
      : l10n.t('This conversation is locked: you cannot comment.'),
  );
  newComment.hidden = !mayComment;
  attachHint.hidden = view.uploads === undefined;
  saveState();
}

function commentBox(): HTMLElement {
  const editor = h('vscode-textarea', {
    id: 'new-comment',
    rows: '6',
    resize: 'vertical',
    placeholder: l10n.t('Leave a comment (Markdown)'),
    'aria-label': l10n.t('New comment'),
  }) as HTMLElement & { value: string };
  editor.value = draft;
  const preview = h('div', { class: 'markdown preview', id: 'comment-preview', hidden: true });
  const keepDraft = () => {
    draft = editor.value;
    saveState();
  };
  editor.addEventListener('input', keepDraft);
  acceptAttachments(editor, attachmentTarget(keepDraft));
  const previewButton = button(l10n.t('Preview'), { secondary: true, id: 'preview-comment' }, () => {
    if (!preview.hidden) {
      preview.hidden = true;
      return;
    }
    channel
      .request('preview', { text: editor.value })
      .then(({ html }) => {
        preview.replaceChildren(serverHtml(html));
        preview.hidden = false;
      })
      .catch(showError);
  });
  const submit = button(
    l10n.t('Comment'),
    { id: 'submit-comment' },
    () =>
      void act(async () => {
        const next = await channel.request('comment', { body: editor.value });
        editor.value = draft = '';
        preview.hidden = true;
        return next;
      }),
  );
  return h(
    'section',
    { class: 'new-comment' },
    h('h2', {}, l10n.t('Add a comment')),
    editor,
    attachHint,
    preview,
    h('div', { class: 'row' }, submit, previewButton),
  );
}

routeLinks(root, (href) => void channel.request('openLink', { href }).catch(showError));
channel.on('model', (message) => show(message.model));
channel.on('edit', () => {
  if (model) editIssue(model);
});
const lockedNote = h('p', { id: 'locked-note', class: 'muted', hidden: true });
const attachHint = h(
  'p',
  { id: 'attach-hint', class: 'muted', hidden: true },
  l10n.t('Attach files by pasting or dropping them into the comment.'),
);
const newComment = commentBox();
root.replaceChildren(errorLine, content, lockedNote, newComment);
void act(() => channel.request('load', {}));
