import type { ChangeFileOperation } from '../../api/types';
import type { PendingChange } from './pendingChanges';

/** What the server is asked: the branch the changes are based on, and optionally a new one to put them on. */
export interface CommitTarget {
  readonly branch: string;
  readonly newBranch?: string | undefined;
  readonly message: string;
}

/**
 * Before a commit: the head the changes were made on against the branch's head now. A branch that moved
 * is never committed to as it is (the server would not see the other files' base), whatever the files say.
 */
export type CommitDecision =
  { readonly kind: 'commit' } | { readonly kind: 'moved'; readonly from: string; readonly to: string };

export function decideCommit(baseHead: string, currentHead: string): CommitDecision {
  return baseHead === currentHead ? { kind: 'commit' } : { kind: 'moved', from: baseHead, to: currentHead };
}

function base64(content: Uint8Array): string {
  return Buffer.from(content).toString('base64');
}

/** The `files` of `POST /repos/{o}/{r}/contents`: each change with the blob id it replaces, so nothing is overwritten. */
export function changeOperations(changes: readonly PendingChange[]): ChangeFileOperation[] {
  return changes.map((change) => {
    switch (change.kind) {
      case 'added':
        return { operation: 'create', path: change.path, content: base64(change.content) };
      case 'modified':
        return {
          operation: 'update',
          path: change.path,
          content: base64(change.content),
          sha: change.baseSha,
        };
      case 'deleted':
        return { operation: 'delete', path: change.path, sha: change.baseSha };
    }
  });
}

/** One request of the single-file contents API, for servers before `POST …/contents` (Gitea < 1.20). */
export interface SingleFileRequest {
  readonly operation: 'create' | 'update' | 'delete';
  readonly path: string;
  readonly body: {
    readonly message: string;
    readonly branch: string;
    readonly new_branch?: string;
    readonly content?: string;
    readonly sha?: string;
  };
}

/**
 * The same changes as one commit per file: the first request makes the new branch, the next ones commit on
 * it, so a series that stops half-way leaves the files before it committed and the rest pending.
 */
export function singleFileRequests(
  changes: readonly PendingChange[],
  target: CommitTarget,
): SingleFileRequest[] {
  return changeOperations(changes).map((file, index) => {
    const onNewBranch = target.newBranch !== undefined && index > 0;
    const branch = onNewBranch ? (target.newBranch ?? target.branch) : target.branch;
    const first = index === 0 && target.newBranch !== undefined ? { new_branch: target.newBranch } : {};
    const operation =
      file.operation === 'create' ? 'create' : file.operation === 'delete' ? 'delete' : 'update';
    return {
      operation,
      path: file.path,
      body: {
        message: target.message,
        branch,
        ...first,
        ...(file.content !== undefined && { content: file.content }),
        ...(file.sha !== undefined && { sha: file.sha }),
      },
    };
  });
}

/** Carrying changes onto a branch that moved: which files the other side changed too. */
export interface CarryOver {
  /** Paths changed both here and on the server since the base head; non-empty means nothing is carried. */
  readonly conflicts: readonly string[];
}

/**
 * Whether every change still applies at the new head: a changed or deleted file must still be the blob it
 * was based on, an added file must still be absent. `shaAtHead` is the blob id at the new head, or undefined.
 */
export function carryOver(
  changes: readonly PendingChange[],
  shaAtHead: ReadonlyMap<string, string | undefined>,
): CarryOver {
  const conflicts = changes
    .filter((change) => {
      const now = shaAtHead.get(change.path);
      return change.kind === 'added' ? now !== undefined : now !== change.baseSha;
    })
    .map((change) => change.path);
  return { conflicts };
}

/** `Update README.md` for one file, `Update 3 files` for more: the message box's default. */
export function defaultMessage(changes: readonly PendingChange[]): string {
  const verb = (change: PendingChange) =>
    change.kind === 'added' ? 'Add' : change.kind === 'deleted' ? 'Delete' : 'Update';
  const [only] = changes;
  if (changes.length === 1 && only) return `${verb(only)} ${only.path}`;
  return `Update ${changes.length} files`;
}
