import * as vscode from 'vscode';
import { ApiError } from '../../api/client';
import { Disposable } from '../util/disposable';
import { describeError } from '../util/errors';
import type { Log } from '../util/log';

export interface ReportedError {
  readonly command: string;
  readonly message: string;
  readonly status: number | undefined;
}

/**
 * Shows a failed command's error the way users should see it (the server's message, never a stack) and
 * logs the details. Other extensions and tests can follow reported errors through `onDidReport`.
 */
export class ErrorReporter extends Disposable {
  readonly #reported = this._register(new vscode.EventEmitter<ReportedError>());
  readonly onDidReport = this.#reported.event;
  #last: ReportedError | undefined;

  constructor(private readonly log: Log) {
    super();
  }

  get last(): ReportedError | undefined {
    return this.#last;
  }

  report(command: string, error: unknown, context?: string): void {
    const { message, detail } = describeError(error);
    const shown = context ? `${context}: ${message}` : message;
    this.log.error(`${command} failed: ${detail}`);
    const reported = {
      command,
      message: shown,
      status: error instanceof ApiError ? error.status : undefined,
    };
    this.#last = reported;
    this.#reported.fire(reported);
    void vscode.window.showErrorMessage(shown, vscode.l10n.t('Show Log')).then((choice) => {
      if (choice) this.log.show();
    });
  }
}

/** Registers a command whose failures are reported instead of thrown (a thrown error shows a raw message). */
export function registerCommand(
  errors: ErrorReporter,
  id: string,
  run: (...args: unknown[]) => unknown,
): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await run(...args);
    } catch (error) {
      errors.report(id, error);
      return undefined;
    }
  });
}
