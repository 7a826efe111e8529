import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { intentsDir } from '../../config';
import { stagingDir } from '../../git/paths';
import { note, problem, type Finding } from './finding';

const byServer = 'start the server once: it finishes or undoes it before answering';

/**
 * What a crash left half done: write-ahead notes of operations cut off (services/intents.ts) and folders
 * left in the staging folder. The server repairs both at start (services/recovery.ts), so doctor only names them.
 * While a server holds the folder (`runningServer`, from its lock) they may be its work in flight: notes, not problems.
 */
export function interruptedChecks(dataDir: string, runningServer?: string): Finding[] {
  const findings: Finding[] = [];
  const found = (subject: string, crashed: string, inFlight: string): Finding =>
    runningServer === undefined
      ? problem(subject, `${crashed}; ${byServer}`)
      : note(subject, `${inFlight} of ${runningServer}, or left by a crash before it started`);
  const notes = intentsDir(dataDir);
  if (existsSync(notes)) {
    for (const name of readdirSync(notes).sort()) {
      const file = path.join(notes, name);
      findings.push(found(file, describe(file), 'the write-ahead note of an operation in flight'));
    }
  }
  const staging = stagingDir(dataDir);
  if (existsSync(staging)) {
    for (const name of readdirSync(staging).sort()) {
      findings.push(
        found(path.join(staging, name), 'left in the staging folder by a crash', 'a folder in the making'),
      );
    }
  }
  return findings;
}

function describe(file: string): string {
  try {
    const intent = JSON.parse(readFileSync(file, 'utf8')) as { kind?: unknown };
    const kinds: Record<string, string> = {
      refs: 'a change of references (a push, a merge) a crash cut off before it was recorded',
      merge: 'a merge a crash cut off',
      transfer: 'a repository transfer a crash cut off',
      delete: 'a repository delete a crash cut off',
    };
    return (typeof intent.kind === 'string' && kinds[intent.kind]) || 'an operation a crash cut off';
  } catch {
    return 'an unreadable note of an operation a crash cut off';
  }
}
