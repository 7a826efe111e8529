import * as vscode from 'vscode';
import { operationNamed } from '../../api/operations';
import type { Account } from '../accounts/account';
import type { Services } from '../commands/services';
import {
  carryOver,
  changeOperations,
  decideCommit,
  defaultMessage,
  singleFileRequests,
  type CommitTarget,
} from './commitPlan';
import type { RepoSession } from './repoSession';
import type { RepoSessions } from './repoSessions';

/** What a caller (the Source Control view, a test) may say instead of being asked. */
export interface CommitOptions {
  readonly message?: string;
  /** Commit onto a new branch of this name (from the branch the changes are based on). */
  readonly newBranch?: string;
  /** When the branch moved on the server: carry the changes onto its new head, put them on a new branch, or stop. */
  readonly whenMoved?: 'carry' | 'newBranch' | 'cancel';
  /** After a commit to a new branch: open the Create Pull Request form (asked when not said). */
  readonly createPullRequest?: boolean;
}

export type CommitResult =
  | { readonly committed: true; readonly branch: string; readonly head: string; readonly commits: number }
  | {
      readonly committed: false;
      readonly reason: 'nothing' | 'moved' | 'conflicts' | 'cancelled';
      readonly conflicts?: readonly string[];
    };

/**
 * Sends the pending changes of a session as one commit (`POST …/contents`, Gitea ≥ 1.20 and Teahouse), or
 * one commit per file through the single-file API on older servers. The branch head is checked first: if
 * it moved since the changes were made, nothing is sent until the user chose where the changes go.
 */
export class RepoCommitter {
  constructor(
    private readonly services: Services,
    private readonly sessions: RepoSessions,
  ) {}

  #account(session: RepoSession): Account {
    const account = this.services.accounts.get(session.location.account);
    if (!account)
      throw new Error(vscode.l10n.t('There is no Teahouse account "{0}".', session.location.account));
    return account;
  }

  async commit(session: RepoSession, message: string, options: CommitOptions): Promise<CommitResult> {
    if (session.changes.size === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('There are no changes to commit.'));
      return { committed: false, reason: 'nothing' };
    }
    const text = message.trim() || defaultMessage(session.changes.list());
    const current = await session.branchHead();
    const decision = decideCommit(session.head, current);
    let branch = session.branch;
    let newBranch = options.newBranch;
    if (decision.kind === 'moved') {
      const choice = options.whenMoved ?? (await this.#askWhenMoved(session));
      if (choice === 'cancel') return { committed: false, reason: 'moved' };
      if (choice === 'carry') {
        const changes = session.changes.list();
        const { conflicts } = carryOver(
          changes,
          await session.shasAt(
            decision.to,
            changes.map((change) => change.path),
          ),
        );
        if (conflicts.length > 0) {
          void vscode.window.showErrorMessage(
            vscode.l10n.t(
              'Not carried over: {0} changed on the server too. Your changes are still pending; commit them to a new branch instead.',
              conflicts.join(', '),
            ),
          );
          return { committed: false, reason: 'conflicts', conflicts };
        }
        session.moveTo(session.branch, decision.to);
        await this.sessions.save(session);
      } else {
        const name = newBranch ?? (await this.#askBranchName(session));
        if (name === undefined) return { committed: false, reason: 'cancelled' };
        // the new branch starts where the changes were made, so none of them lands on what they did not see
        await session.client.api.repoCreateBranch({
          ...session.ref,
          body: { new_branch_name: name, old_ref_name: session.head },
        });
        branch = name;
        newBranch = undefined;
      }
    }
    const target: CommitTarget = { branch, newBranch, message: text };
    const { head, commits } = await this.#send(session, target);
    const landed = newBranch ?? branch;
    const original = session.branch;
    session.changes.clear();
    session.moveTo(landed, head);
    await this.sessions.save(session);
    if (landed !== original) await this.#offerPullRequest(session, landed, original, options);
    return { committed: true, branch: landed, head, commits };
  }

  async #send(session: RepoSession, target: CommitTarget): Promise<{ head: string; commits: number }> {
    const changes = session.changes.list();
    const { client } = session;
    if (this.services.accounts.capabilities(this.#account(session)).has(operationNamed('repoChangeFiles'))) {
      const answer = await client.api.repoChangeFiles({
        ...session.ref,
        body: {
          branch: target.branch,
          ...(target.newBranch !== undefined && { new_branch: target.newBranch }),
          message: target.message,
          files: changeOperations(changes),
        },
      });
      return { head: answer.commit.sha, commits: 1 };
    }
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'This server commits one file at a time (Gitea before 1.20): {0} commits follow.',
        changes.length,
      ),
    );
    let head = session.head;
    let commits = 0;
    for (const request of singleFileRequests(changes, target)) {
      const args = { ...session.ref, filepath: request.path };
      const { body } = request;
      const answer =
        request.operation === 'create'
          ? await client.api.repoCreateFile({ ...args, body: { ...body, content: body.content ?? '' } })
          : request.operation === 'update'
            ? await client.api.repoUpdateFile({
                ...args,
                body: { ...body, content: body.content ?? '', sha: body.sha ?? '' },
              })
            : await client.api.repoDeleteFile({ ...args, body: { ...body, sha: body.sha ?? '' } });
      head = answer.commit.sha;
      commits++;
      // what is committed leaves the pending changes at once, so a failure later keeps only the rest
      session.changes.discard(request.path);
      await this.sessions.save(session);
    }
    return { head, commits };
  }

  async #askWhenMoved(session: RepoSession): Promise<'carry' | 'newBranch' | 'cancel'> {
    const carry = vscode.l10n.t('Carry Over to New Head');
    const branch = vscode.l10n.t('Commit to New Branch…');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        'The branch "{0}" moved on the server since your changes were made. Nothing was committed and nothing was overwritten.',
        session.branch,
      ),
      { modal: true },
      carry,
      branch,
    );
    return choice === carry ? 'carry' : choice === branch ? 'newBranch' : 'cancel';
  }

  #askBranchName(session: RepoSession): Thenable<string | undefined> {
    return vscode.window.showInputBox({
      title: vscode.l10n.t(
        'New branch for the changes of {0}/{1}',
        session.location.owner,
        session.location.repo,
      ),
      value: `${session.branch}-changes`,
      validateInput: (value) =>
        /^[^\s~^:?*[\\]+$/.test(value) && !value.includes('..')
          ? undefined
          : vscode.l10n.t('Not a valid branch name'),
    });
  }

  async #offerPullRequest(
    session: RepoSession,
    branch: string,
    base: string,
    options: CommitOptions,
  ): Promise<void> {
    const create = vscode.l10n.t('Create Pull Request');
    const wanted =
      options.createPullRequest ??
      (options.whenMoved === undefined &&
        (await vscode.window.showInformationMessage(
          vscode.l10n.t('Committed to the new branch "{0}".', branch),
          create,
        )) === create);
    if (!wanted) return;
    await vscode.commands.executeCommand('teahouse.createPullRequest', {
      account: session.location.account,
      repository: `${session.location.owner}/${session.location.repo}`,
      head: branch,
      base,
    });
  }
}
