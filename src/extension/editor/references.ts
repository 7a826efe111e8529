/** A reference Gitea's markdown renderer links: `#12`, `owner/repo#12` or `@user`, at [start, end) of a line. */
export type Reference =
  | {
      readonly kind: 'issue';
      /** Set for `owner/repo#12`; a bare `#12` means the document's repository. */
      readonly owner: string | undefined;
      readonly repo: string | undefined;
      readonly number: number;
      readonly start: number;
      readonly end: number;
    }
  | { readonly kind: 'user'; readonly login: string; readonly start: number; readonly end: number };

const name = '[A-Za-z0-9_.-]+';
const login = '[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?';

// Not after a word character, `&` (an HTML entity), `/` or `.`: `a#1`, `&#39;`, `x.com/#1` and
// `me@example.com` are not references, as in Gitea's renderer.
const referencePattern = new RegExp(
  `(?<![\\w&/.#@-])(?:(${name})/(${name}))?#(\\d{1,9})(?![\\w-])|(?<![\\w&/.@#-])@(${login})(?![\\w/-]|\\.\\w)`,
  'g',
);

/** Every reference in one line of text. */
export function findReferences(line: string): Reference[] {
  const references: Reference[] = [];
  for (const match of line.matchAll(referencePattern)) {
    const [text, owner, repo, number, user] = match;
    const start = match.index;
    const end = start + text.length;
    if (number !== undefined)
      references.push({ kind: 'issue', owner, repo, number: Number(number), start, end });
    else if (user !== undefined) references.push({ kind: 'user', login: user, start, end });
  }
  return references;
}

/** The reference under a cursor at `character` (touching either end counts, as words do in VS Code). */
export function referenceAt(line: string, character: number): Reference | undefined {
  return findReferences(line).find((reference) => reference.start <= character && character <= reference.end);
}

/** What is being typed before the cursor: `#` or `@` and the text after it, starting at `start`. */
export interface CompletionTrigger {
  readonly trigger: '#' | '@';
  readonly query: string;
  readonly start: number;
}

const triggerPattern = /(?:^|[^\w&/.#@-])([#@])([\w.-]*)$/;

/** The trigger the text before the cursor ends with, if any: `see #log` → `#`, `log`. */
export function completionTrigger(textBeforeCursor: string): CompletionTrigger | undefined {
  const match = triggerPattern.exec(textBeforeCursor);
  if (!match) return undefined;
  const [, trigger, query = ''] = match;
  if (trigger !== '#' && trigger !== '@') return undefined;
  return { trigger, query, start: textBeforeCursor.length - query.length - 1 };
}
