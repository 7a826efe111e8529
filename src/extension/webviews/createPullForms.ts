import * as vscode from 'vscode';
import type { PullRequest } from '../../api/types';
import type { CreatePullModel, CreatePullValues } from '../../webview/createPullProtocol';
import { Disposable } from '../util/disposable';
import type { CreatePullPanel } from './createPullPanel';

/** What tests see of the open Create Pull Request form. */
export interface CreatePullFormApi {
  readonly model: CreatePullModel;
  readonly initialValues: CreatePullValues;
  /** Submits as the form's Create button does; rejects with the message the form would show. */
  submit(values: CreatePullValues): Promise<PullRequest>;
}

/** The one Create Pull Request form (a new one replaces the last). */
export class CreatePullForms extends Disposable {
  #current: CreatePullPanel | undefined;
  readonly #opened = this._register(new vscode.EventEmitter<CreatePullFormApi>());
  readonly onDidOpen = this.#opened.event;

  constructor() {
    super();
    this._register({ dispose: () => this.#current?.panel.dispose() });
  }

  get current(): CreatePullFormApi | undefined {
    return this.#current;
  }

  adopt(form: CreatePullPanel): void {
    this.#current?.panel.dispose();
    this.#current = form;
    form.onDidDispose(() => {
      if (this.#current === form) this.#current = undefined;
    });
    this.#opened.fire(form);
  }
}
