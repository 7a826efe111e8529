import * as vscode from 'vscode';
import type { TeahouseClient } from '../../api/client';
import type { OperationSpec, ParamSpec } from '../../api/operationSpec';
import type { FieldInfo } from '../../api/types/fieldKinds';
import type { Log } from '../util/log';
import type { ArgumentPrompter, ParameterRequest } from './argumentGathering';
import { serverChoices, type ServerChoice } from './serverChoices';
import { parseFieldInput, parseParameter } from './valueParsing';

interface ValueItem extends vscode.QuickPickItem {
  readonly value?: unknown;
  readonly choice?: ServerChoice;
}

/** Quick picks fed by the server first, then input boxes typed by the parameter or field. */
export class OperationPrompter implements ArgumentPrompter {
  /** The repository picked for `owner`, so `repo` is not asked again. */
  #pickedRepository: { owner: unknown; repo: string } | undefined;

  constructor(
    private readonly client: TeahouseClient,
    private readonly log: Log,
  ) {}

  async parameter(request: ParameterRequest): Promise<unknown> {
    const { param, operation, known } = request;
    if (request.role === 'repo' && this.#pickedRepository && this.#pickedRepository.owner === known['owner'])
      return this.#pickedRepository.repo;
    if (param.type === 'boolean' || param.enum)
      return this.#pickValue(
        operation,
        param.name,
        param.type === 'boolean' ? ['true', 'false'] : (param.enum ?? []),
      );
    let choices: ServerChoice[] = [];
    try {
      choices = await serverChoices(this.client, request);
    } catch (error) {
      // a list the server refuses is no reason to stop: the value can still be typed
      this.log.warn(`no choices for ${param.name}: ${String(error)}`);
    }
    if (choices.length === 0) return this.#inputParameter(operation, param);
    const typeIt: ValueItem = { label: vscode.l10n.t('$(edit) Type a value…'), alwaysShow: true };
    const picked = await vscode.window.showQuickPick<ValueItem>(
      [
        ...choices.map((choice) => ({ label: choice.label, description: choice.description, choice })),
        typeIt,
      ],
      { title: this.#title(operation, param.name), matchOnDescription: true, ignoreFocusOut: true },
    );
    if (!picked) return undefined;
    if (!picked.choice) return this.#inputParameter(operation, param);
    if (request.role === 'owner' && picked.choice.repo !== undefined)
      this.#pickedRepository = { owner: picked.choice.value, repo: picked.choice.repo };
    return picked.choice.value;
  }

  async field(form: string, field: FieldInfo): Promise<unknown> {
    const title = `${form}: ${field.name}`;
    if (field.kind === 'boolean') {
      const picked = await this.#pickValue(undefined, title, ['true', 'false']);
      return picked === undefined ? undefined : picked === 'true';
    }
    if (field.enum && field.kind === 'string') return this.#pickValue(undefined, title, field.enum);
    const hint = field.kind === 'array' ? vscode.l10n.t('comma-separated') : field.kind;
    const typed = await vscode.window.showInputBox({
      title,
      prompt: `${field.name} (${hint}${field.required === true ? vscode.l10n.t(', required') : ''})`,
      ignoreFocusOut: true,
      validateInput: (text) => {
        const parsed = parseFieldInput(field, text);
        return 'error' in parsed ? parsed.error : undefined;
      },
    });
    if (typed === undefined) return undefined;
    const parsed = parseFieldInput(field, typed);
    return 'value' in parsed ? parsed.value : undefined;
  }

  async nextField(form: string, remaining: readonly FieldInfo[]): Promise<FieldInfo | 'send' | undefined> {
    const send = { label: vscode.l10n.t('$(check) Send'), field: undefined };
    const picked = await vscode.window.showQuickPick(
      [send, ...remaining.map((field) => ({ label: field.name, description: field.kind, field }))],
      { title: vscode.l10n.t('{0}: add field…', form), ignoreFocusOut: true },
    );
    if (!picked) return undefined;
    return picked.field ?? 'send';
  }

  async text(operation: OperationSpec): Promise<string | undefined> {
    return vscode.window.showInputBox({
      title: operation.summary,
      prompt: vscode.l10n.t('Text'),
      ignoreFocusOut: true,
    });
  }

  async file(operation: OperationSpec): Promise<Blob | undefined> {
    const [uri] =
      (await vscode.window.showOpenDialog({
        title: operation.summary,
        canSelectMany: false,
        openLabel: vscode.l10n.t('Upload'),
      })) ?? [];
    if (!uri) return undefined;
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    return new File([await vscode.workspace.fs.readFile(uri)], name);
  }

  async #pickValue(
    operation: OperationSpec | undefined,
    name: string,
    values: readonly string[],
  ): Promise<string | undefined> {
    const picked = await vscode.window.showQuickPick(
      values.map((value) => ({ label: value })),
      { title: operation ? this.#title(operation, name) : name, ignoreFocusOut: true },
    );
    return picked?.label;
  }

  async #inputParameter(operation: OperationSpec, param: ParamSpec): Promise<string | undefined> {
    const list = param.type.endsWith('[]') ? vscode.l10n.t(', comma-separated') : '';
    return vscode.window.showInputBox({
      title: this.#title(operation, param.name),
      prompt: `${param.description ?? param.name} (${param.type}${list})`,
      ignoreFocusOut: true,
      validateInput: (text) => {
        const parsed = parseParameter(param, text);
        return 'error' in parsed ? parsed.error : undefined;
      },
    });
  }

  #title(operation: OperationSpec, name: string): string {
    return `${operation.summary}: ${name}`;
  }
}
