import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { intentsDir } from '../config';

/**
 * The write-ahead journal of operations that change git and the database in more than one step: each
 * writes what it is about to do before its first step and removes the note after its last. A note still
 * there at start names an operation a crash cut off; the server finishes or undoes it (services/recovery.ts).
 */
export type Intent =
  | {
      /** References are about to move (a push, a merge, a branch change) in a managed repository. */
      readonly kind: 'refs';
      readonly repoId: number;
      readonly pusherId: number;
      /** The branches and tags before, to describe the change as a push. */
      readonly before: readonly (readonly [string, string])[];
    }
  | {
      /** A pull request's base branch is about to move to `commit`. */
      readonly kind: 'merge';
      readonly pullId: number;
      readonly doerId: number;
      readonly commit: string;
      readonly head: string;
    }
  | {
      /** A repository's folder moves with its row to a new owner. */
      readonly kind: 'transfer';
      readonly repoId: number;
      readonly from: string;
      readonly to: string;
    }
  | {
      /** A repository's row is deleted and its folder moved to `trash`, then removed. */
      readonly kind: 'delete';
      readonly repoId: number;
      readonly gitDir: string;
      readonly trash: string;
      readonly attachments: readonly string[];
    };

export interface WrittenIntent {
  readonly intent: Intent;
  readonly file: string;
}

let sequence = 0;

/** Notes the intent before the first step; answers the note to `clearIntent` after the last. */
export function writeIntent(dataDir: string, intent: Intent): WrittenIntent {
  const dir = intentsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  // Names sort in the order the intents were written, so recovery replays them in that order.
  const name = `${Date.now().toString().padStart(15, '0')}-${String(sequence++).padStart(9, '0')}-${randomUUID()}.json`;
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(intent));
  return { intent, file };
}

export function clearIntent(written: WrittenIntent): void {
  rmSync(written.file, { force: true });
}

/** The notes left by operations a crash cut off, oldest first; an unreadable note (cut off while written) is dropped. */
export function leftIntents(dataDir: string): WrittenIntent[] {
  const dir = intentsDir(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const found: WrittenIntent[] = [];
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    try {
      found.push({ intent: JSON.parse(readFileSync(file, 'utf8')) as Intent, file });
    } catch {
      rmSync(file, { force: true });
    }
  }
  return found;
}
