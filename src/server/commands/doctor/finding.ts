/** Something doctor found: a problem (exit 1 unless repaired) or a note (worth knowing, not wrong). */
export interface Finding {
  readonly kind: 'problem' | 'note';
  /** What it concerns: `database`, `alice/notes`, `alice/notes#3`, a folder. */
  readonly subject: string;
  readonly message: string;
  /** Repairs it (with `--fix`) and says what changed; absent when only a person can decide. */
  readonly repair?: () => Promise<string> | string;
}

export const problem = (subject: string, message: string, repair?: Finding['repair']): Finding => ({
  kind: 'problem',
  subject,
  message,
  ...(repair ? { repair } : {}),
});

export const note = (subject: string, message: string): Finding => ({ kind: 'note', subject, message });
