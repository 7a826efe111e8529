/**
 * A testing aid: `TEAHOUSE_CRASH_AT=<point>` in the server's environment makes the process SIGKILL itself
 * when it reaches that named step of an operation (`merge:after-ref-update`, …), so the crash-consistency
 * tests can stop it between a git change and its row. Read once at start; unset, a point is one compare.
 */
const target = process.env['TEAHOUSE_CRASH_AT'] ?? '';

/** The named steps between which an operation may be cut off. */
export const crashPointNames = [
  'merge:before-ref-update',
  'merge:after-ref-update',
  'merge:after-record',
  'push:after-ref-update',
  'push:after-record',
  'transfer:after-folder-move',
  'transfer:after-commit',
  'delete:after-folder-move',
  'delete:after-commit',
  'delete:after-folder-removed',
] as const;

export type CrashPointName = (typeof crashPointNames)[number];

export function crashPoint(name: CrashPointName): void {
  if (target !== name) return;
  process.kill(process.pid, 'SIGKILL');
}
