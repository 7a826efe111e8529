import './l10nSetup';
import * as l10n from '@vscode/l10n';
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
    l10n.t('Base branch'),
    model.branches.map((name) => ({ value: name, text: name })),
    model.base,
  );
  const title = h('vscode-textfield', { id: 'title', 'aria-label': l10n.t('Title'), class: 'wide' }) as Field;
  title.value = model.title;
  const draft = h('vscode-checkbox', {
    id: 'draft',
    label: l10n.t('Draft (title starts with "{0}")', model.draftPrefix),
  }) as Box;
  const body = h('vscode-textarea', {
    id: 'body',
    rows: '12',
    resize: 'vertical',
    class: 'wide',
    'aria-label': l10n.t('Description'),
  }) as Field;
  body.value = model.body;
  const preview = h('div', { class: 'markdown preview', id: 'body-preview', hidden: true });
  const write = button(l10n.t('Write'), { id: 'write-tab', secondary: true }, () => {
    preview.hidden = true;
    body.hidden = false;
  });
  const previewTab = button(l10n.t('Preview'), { id: 'preview-tab', secondary: true }, () => {
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
          l10n.t('Template'),
          [
            ...model.templates.map((template) => ({ value: template.path, text: template.label })),
            { value: '', text: l10n.t('No template') },
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
    l10n.t('Labels'),
    model.labels.map((label) => ({ value: String(label.id), text: label.name })),
  );
  const milestone = select('milestone', l10n.t('Milestone'), [
    { value: '', text: l10n.t('No milestone') },
    ...model.milestones.map((item) => ({ value: String(item.id), text: item.name })),
  ]);
  const people = model.people.map((login) => ({ value: login, text: login }));
  const assignees = multiSelect('assignees', l10n.t('Assignees'), people);
  const reviewers = multiSelect('reviewers', l10n.t('Reviewers'), people);
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
  const create = button(l10n.t('Create Pull Request'), { id: 'create' }, () => {
    errorLine.hidden = true;
    root.setAttribute('aria-busy', 'true');
    channel
      .request('create', values())
      .catch(showError)
      .finally(() => root.setAttribute('aria-busy', 'false'));
  });
  const cancel = button(
    l10n.t('Cancel'),
    { id: 'cancel', secondary: true },
    () => void channel.request('cancel', {}),
  );
  root.replaceChildren(
    h(
      'header',
      { class: 'title' },
      h('h1', {}, icon('git-pull-request-create'), ' ', l10n.t('Create Pull Request')),
      h('p', { class: 'muted' }, l10n.t('{0} on {1}', model.repository, model.server)),
    ),
    errorLine,
    h(
      'section',
      { class: 'meta' },
      row(l10n.t('Into'), 'base', base),
      row(l10n.t('From'), 'head', h('strong', { id: 'head' }, model.head)),
    ),
    row(l10n.t('Title'), 'title', title),
    h('div', { class: 'row' }, draft),
    ...(templates ? [row(l10n.t('Template'), 'template', templates)] : []),
    h('div', { class: 'row tabs' }, write, previewTab),
    body,
    preview,
    h(
      'section',
      { class: 'meta' },
      row(l10n.t('Labels'), 'labels', labels),
      row(l10n.t('Milestone'), 'milestone', milestone),
      row(l10n.t('Assignees'), 'assignees', assignees),
      model.reviewersNote === undefined
        ? row(l10n.t('Reviewers'), 'reviewers', reviewers)
        : row(l10n.t('Reviewers'), 'reviewers', h('span', { id: 'reviewers' }), model.reviewersNote),
    ),
    h('div', { class: 'row' }, create, cancel),
  );
  root.setAttribute('aria-busy', 'false');
}

routeLinks(root, (href) => void channel.request('openLink', { href }).catch(showError));
root.replaceChildren(errorLine);
channel.request('load', {}).then(render, showError);
