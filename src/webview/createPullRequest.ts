import { button, h, icon, routeLinks } from './dom';
import {
  composePullBody,
  type CreatePullModel,
  type CreatePullRequests,
  type CreatePullValues,
} from './createPullProtocol';
import { serverHtml } from './serverHtml';
import { Channel } from './vscodeApi';

type Field = HTMLElement & { value: string };
type MultiField = HTMLElement & { value: string[] };
type Box = HTMLElement & { checked: boolean };

const channel = new Channel<Record<string, never>, CreatePullRequests>();
const root = document.getElementById('root') as HTMLElement;
const errorLine = h('p', { id: 'error', role: 'alert', class: 'error', hidden: true });

function showError(error: unknown): void {
  errorLine.textContent = error instanceof Error ? error.message : String(error);
  errorLine.hidden = false;
}

function row(label: string, id: string, control: HTMLElement, note?: string): HTMLElement {
  return h(
    'div',
    { class: 'form-row' },
    h('label', { class: 'form-label', for: id }, label),
    h(
      'div',
      { class: 'form-value' },
      control,
      note !== undefined && h('span', { class: 'muted note' }, note),
    ),
  );
}

function select(
  id: string,
  label: string,
  options: readonly { value: string; text: string }[],
  chosen?: string,
) {
  const element = h('vscode-single-select', { id, 'aria-label': label }) as Field;
  for (const option of options)
    element.append(
      h('vscode-option', { value: option.value, selected: option.value === chosen }, option.text),
    );
  return element;
}

function multiSelect(id: string, label: string, options: readonly { value: string; text: string }[]) {
  const element = h('vscode-multi-select', { id, 'aria-label': label }) as MultiField;
  for (const option of options) element.append(h('vscode-option', { value: option.value }, option.text));
  return element;
}

function render(model: CreatePullModel): void {
  const base = select(
    'base',
    'Base branch',
    model.branches.map((name) => ({ value: name, text: name })),
    model.base,
  );
  const title = h('vscode-textfield', { id: 'title', 'aria-label': 'Title', class: 'wide' }) as Field;
  title.value = model.title;
  const draft = h('vscode-checkbox', {
    id: 'draft',
    label: `Draft (title starts with "${model.draftPrefix}")`,
  }) as Box;
  const body = h('vscode-textarea', {
    id: 'body',
    rows: '12',
    resize: 'vertical',
    class: 'wide',
    'aria-label': 'Description',
  }) as Field;
  body.value = model.body;
  const preview = h('div', { class: 'markdown preview', id: 'body-preview', hidden: true });
  const write = button('Write', { id: 'write-tab', secondary: true }, () => {
    preview.hidden = true;
    body.hidden = false;
  });
  const previewTab = button('Preview', { id: 'preview-tab', secondary: true }, () => {
    channel
      .request('preview', { text: body.value })
      .then(({ html }) => {
        preview.replaceChildren(serverHtml(html));
        preview.hidden = false;
        body.hidden = true;
      })
      .catch(showError);
  });
  const templates =
    model.templates.length > 1
      ? select(
          'template',
          'Template',
          [
            ...model.templates.map((template) => ({ value: template.path, text: template.label })),
            { value: '', text: 'No template' },
          ],
          model.template,
        )
      : undefined;
  templates?.addEventListener('change', () => {
    const chosen = model.templates.find((template) => template.path === templates.value);
    body.value = composePullBody(model.commitBody, chosen?.content ?? '', model.fixes);
  });
  const labels = multiSelect(
    'labels',
    'Labels',
    model.labels.map((label) => ({ value: String(label.id), text: label.name })),
  );
  const milestone = select('milestone', 'Milestone', [
    { value: '', text: 'No milestone' },
    ...model.milestones.map((item) => ({ value: String(item.id), text: item.name })),
  ]);
  const people = model.people.map((login) => ({ value: login, text: login }));
  const assignees = multiSelect('assignees', 'Assignees', people);
  const reviewers = multiSelect('reviewers', 'Reviewers', people);
  const values = (): CreatePullValues => ({
    base: base.value || model.base,
    title: title.value,
    body: body.value,
    draft: draft.checked,
    labels: labels.value.map(Number),
    milestone: milestone.value ? Number(milestone.value) : undefined,
    assignees: assignees.value,
    reviewers: model.reviewersNote === undefined ? reviewers.value : [],
  });
  const create = button('Create Pull Request', { id: 'create' }, () => {
    errorLine.hidden = true;
    root.setAttribute('aria-busy', 'true');
    channel
      .request('create', values())
      .catch(showError)
      .finally(() => root.setAttribute('aria-busy', 'false'));
  });
  const cancel = button(
    'Cancel',
    { id: 'cancel', secondary: true },
    () => void channel.request('cancel', {}),
  );
  root.replaceChildren(
    h(
      'header',
      { class: 'title' },
      h('h1', {}, icon('git-pull-request-create'), ' Create Pull Request'),
      h('p', { class: 'muted' }, `${model.repository} on ${model.server}`),
    ),
    errorLine,
    h(
      'section',
      { class: 'meta' },
      row('Into', 'base', base),
      row('From', 'head', h('strong', { id: 'head' }, model.head)),
    ),
    row('Title', 'title', title),
    h('div', { class: 'row' }, draft),
    ...(templates ? [row('Template', 'template', templates)] : []),
    h('div', { class: 'row tabs' }, write, previewTab),
    body,
    preview,
    h(
      'section',
      { class: 'meta' },
      row('Labels', 'labels', labels),
      row('Milestone', 'milestone', milestone),
      row('Assignees', 'assignees', assignees),
      model.reviewersNote === undefined
        ? row('Reviewers', 'reviewers', reviewers)
        : row('Reviewers', 'reviewers', h('span', { id: 'reviewers' }), model.reviewersNote),
    ),
    h('div', { class: 'row' }, create, cancel),
  );
  root.setAttribute('aria-busy', 'false');
}

routeLinks(root, (href) => void channel.request('openLink', { href }).catch(showError));
root.replaceChildren(errorLine);
channel.request('load', {}).then(render, showError);
