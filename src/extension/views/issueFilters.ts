import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';

export type StateFilter = 'open' | 'closed' | 'all';

export interface IssueFilterValues {
  readonly state: StateFilter;
  readonly labels: readonly string[];
}

/** The state and label filters of the Issues or Pull Requests view, kept per workspace. */
export class IssueFilters extends Disposable {
  readonly #changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.#changed.event;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly key: string,
  ) {
    super();
  }

  get values(): IssueFilterValues {
    return this.memento.get<IssueFilterValues>(this.key, { state: 'open', labels: [] });
  }

  async set(values: Partial<IssueFilterValues>): Promise<void> {
    await this.memento.update(this.key, { ...this.values, ...values });
    this.#changed.fire();
  }

  /** The view's description: what is filtered, empty for the default. */
  describe(): string {
    const { state, labels } = this.values;
    const parts =
      state === 'open'
        ? []
        : [state === 'closed' ? vscode.l10n.t('closed') : vscode.l10n.t('open and closed')];
    if (labels.length > 0) parts.push(labels.join(', '));
    return parts.join(' · ');
  }
}
