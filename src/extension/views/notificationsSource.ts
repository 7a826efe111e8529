import * as vscode from 'vscode';
import type { AccountService } from '../accounts/accountService';
import type { Account } from '../accounts/account';
import { childId, type TreeNode } from './nodes';
import { pagedSource, staticSource } from './paging';
import { messageNode, type ChildResolver, type ChildSource } from './treeModel';
import { requirementNote } from '../../api/capabilities';
import { operationNamed } from '../../api/operations';

/** Notifications came with Gitea 1.12. */
export const notificationList = operationNamed('notifyGetList');

function threadsOf(accounts: AccountService, account: Account, parent: TreeNode | undefined): ChildSource {
  const [missing] = accounts.capabilities(account).missing(notificationList);
  if (missing) return staticSource([messageNode(parent, requirementNote(missing))]);
  return pagedSource(
    async (page, limit) => (await accounts.client(account)).page('notifyGetList', { page, limit }),
    (thread): TreeNode => ({
      kind: 'notification',
      id: childId(parent, `${parent ? '' : `${account.id}/`}thread:${thread.id}`),
      parent,
      account,
      thread,
    }),
    vscode.l10n.t('No unread notifications'),
  );
}

/** The Notifications view: one account's unread and pinned threads at the top, or a level per account. */
export function notificationsResolver(accounts: AccountService): ChildResolver {
  return async (parent) => {
    if (parent === undefined) {
      const all = accounts.list();
      const [only] = all;
      if (all.length === 1 && only) return threadsOf(accounts, only, undefined);
      return staticSource(
        all.map((account) => ({ kind: 'account', id: `notifications:${account.id}`, parent, account })),
      );
    }
    if (parent.kind === 'account') return threadsOf(accounts, parent.account, parent);
    return staticSource([]);
  };
}
