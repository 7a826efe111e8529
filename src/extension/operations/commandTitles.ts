import type { OperationSpec } from '../../api/operationSpec';

/** Palette titles stay short enough to read at a glance beside the everyday commands. */
export const maxTitleLength = 60;

type Titled = Pick<OperationSpec, 'operationId' | 'summary'>;

function firstSentence(summary: string): string {
  const end = /\.(\s|$)/.exec(summary);
  return (end ? summary.slice(0, end.index) : summary).trim();
}

/** Fits `text` into `limit` characters: drops parentheses, then trailing ", …" clauses, then words. */
function fit(text: string, limit: number): string {
  let fitted = text.replace(/\s*\([^)]*\)/g, '');
  while (fitted.length > limit && fitted.includes(', ')) fitted = fitted.slice(0, fitted.lastIndexOf(', '));
  if (fitted.length <= limit) return fitted;
  const cut = fitted.lastIndexOf(' ', limit - 1);
  return `${fitted.slice(0, cut > 0 ? cut : limit - 1)}…`;
}

/** An operation's summary as a palette title: its first sentence, trimmed of trailing detail. */
export function shortTitle(summary: string, limit = maxTitleLength): string {
  const title = fit(firstSentence(summary), limit);
  return title.charAt(0).toUpperCase() + title.slice(1);
}

function idWords(operationId: string): string[] {
  return operationId
    .split(/(?=[A-Z])/)
    .map((word) => word.toLowerCase())
    .filter(Boolean);
}

/** What tells operations of one title apart: the words of its id that the others' ids lack. */
function qualifier(operation: Titled, namesakes: readonly Titled[]): string | undefined {
  const othersWords = new Set(
    namesakes.filter((other) => other !== operation).flatMap((other) => idWords(other.operationId)),
  );
  const own = idWords(operation.operationId).filter((word) => !othersWords.has(word));
  return own.length > 0 ? own.join(' ') : undefined;
}

function qualified(operation: Titled, qualifierText: string): string {
  const suffix = ` (${qualifierText})`;
  return `${shortTitle(operation.summary, maxTitleLength - suffix.length)}${suffix}`;
}

/** Where the summary's own first sentence reads poorly once shortened. */
const titleOverrides: Readonly<Record<string, string>> = {
  repoGetLatestRelease: 'Get the latest release of a repository',
  issueSearchIssues: 'Search for issues across repositories',
  notifyReadRepoList: "Mark a repository's notification threads as read",
  repoUpdateFile: 'Update or create a file in a repository',
};

/**
 * The palette title of every operation by id. Operations whose short titles coincide are told apart by
 * the words of their ids (e.g. "Create a hook (org)" and "Create a hook (repo)"), else by their id.
 */
export function commandTitles(all: readonly Titled[]): Map<string, string> {
  const byTitle = new Map<string, Titled[]>();
  for (const operation of all) {
    const title = titleOverrides[operation.operationId] ?? shortTitle(operation.summary);
    byTitle.set(title, [...(byTitle.get(title) ?? []), operation]);
  }
  const titles = new Map<string, string>();
  for (const [title, namesakes] of byTitle) {
    for (const operation of namesakes) {
      if (namesakes.length === 1) titles.set(operation.operationId, title);
      else {
        const where = qualifier(operation, namesakes);
        titles.set(operation.operationId, where ? qualified(operation, where) : title);
      }
    }
  }
  const counts = new Map<string, number>();
  for (const title of titles.values()) counts.set(title, (counts.get(title) ?? 0) + 1);
  for (const operation of all) {
    const title = titles.get(operation.operationId) ?? '';
    if ((counts.get(title) ?? 0) > 1)
      titles.set(operation.operationId, qualified(operation, operation.operationId));
  }
  return titles;
}
