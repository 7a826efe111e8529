import * as l10n from '@vscode/l10n';
import { button, h } from './dom';
import type { DependencyRelation, TimelineReference, ViewModel } from './protocol';
import { referenceLink } from './timelineView';

export interface DependencyActions {
  readonly add: (relation: DependencyRelation) => void;
  readonly remove: (relation: DependencyRelation, reference: TimelineReference) => void;
}

function relationRow(
  view: ViewModel,
  relation: DependencyRelation,
  references: readonly TimelineReference[],
  actions: DependencyActions,
): HTMLElement {
  const label = relation === 'dependsOn' ? l10n.t('Depends on') : l10n.t('Blocks');
  const addLabel = relation === 'dependsOn' ? l10n.t('Add a dependency') : l10n.t('Add an issue this blocks');
  const items = references.map((reference) =>
    h(
      'li',
      { 'data-dependency': String(reference.number) },
      referenceLink(reference, view.repository),
      ' ',
      button(
        '',
        {
          secondary: true,
          'icon-only': true,
          icon: 'close',
          class: 'remove-dependency',
          title: l10n.t('Remove #{0}', reference.number),
          'aria-label': l10n.t('Remove #{0}', reference.number),
        },
        () => actions.remove(relation, reference),
      ),
    ),
  );
  return h(
    'div',
    { class: 'meta-row', id: `${relation}-row` },
    h('span', { class: 'meta-label' }, label),
    h(
      'span',
      { class: 'meta-value' },
      items.length > 0 ? h('ul', { class: 'dependencies' }, ...items) : l10n.t('none'),
    ),
    button(
      '',
      {
        secondary: true,
        'icon-only': true,
        icon: 'add',
        id: `add-${relation}`,
        title: addLabel,
        'aria-label': addLabel,
      },
      () => actions.add(relation),
    ),
  );
}

/** "Depends on" and "Blocks" with their links and state, where the server has dependencies; else its note. */
export function dependencyRows(view: ViewModel, actions: DependencyActions): HTMLElement[] {
  const { dependencies, dependenciesNote } = view;
  if (dependencies)
    return [
      relationRow(view, 'dependsOn', dependencies.dependsOn, actions),
      relationRow(view, 'blocks', dependencies.blocks, actions),
    ];
  if (dependenciesNote === undefined) return [];
  return [
    h(
      'div',
      { class: 'meta-row' },
      h('span', { class: 'meta-label' }, l10n.t('Dependencies')),
      h('span', { class: 'meta-value muted' }, dependenciesNote),
    ),
  ];
}
