import { refAction } from '../store/comments';

/**
 * The issue references of a text as Gitea's modules/references finds them: `#12`, `!12`, `owner/repo#12`,
 * and links to an issue or pull request of this server, each with the action of a keyword right before it
 * (`Closes #12`, `fixes: owner/repo#3`, `reopens #4`). Pure: which issue a reference names is decided by
 * the caller.
 */
export interface IssueReference {
  readonly index: number;
  /** Both empty for a reference into the repository of the text. */
  readonly owner: string;
  readonly name: string;
  readonly action: number;
}

// Gitea's default [repository.pull-request] CLOSE_KEYWORDS and REOPEN_KEYWORDS.
const closeKeywords = /(?:\s|^|\(|\[)(?:close|closes|closed|fix|fixes|fixed|resolve|resolves|resolved):? $/i;
const reopenKeywords = /(?:\s|^|\(|\[)(?:reopen|reopens|reopened):? $/i;

// What may follow a reference: the end, a space, a closing bracket or quote, or punctuation ending it.
const referenceEnd = String.raw`(?=\s|$|\)|\]|'|"|[:;,.?!](?:\s|$))`;
const crossReferenceEnd = String.raw`(?=\s|$|\)|\]|[:;,.?!](?:\s|$))`;
const issueNumeric = new RegExp(String.raw`(?<=\s|^|\(|\[|'|")[#!](\d+)${referenceEnd}`, 'g');
const crossReferenceNumeric = new RegExp(
  String.raw`(?<=\s|^|\(|\[)([0-9a-zA-Z_.-]+)/([0-9a-zA-Z_.-]+)[#!](\d+)${crossReferenceEnd}`,
  'g',
);
const validName = /^[a-z0-9_.-]+$/;

function actionBefore(text: string, start: number): number {
  const before = text.slice(Math.max(0, start - 64), start);
  if (closeKeywords.test(before)) return refAction.closes;
  if (reopenKeywords.test(before)) return refAction.reopens;
  return refAction.none;
}

function parseIndex(digits: string): number | undefined {
  const index = Number(digits);
  return Number.isSafeInteger(index) ? index : undefined;
}

/** The references written as `#12`, `!12` and `owner/repo#12` in plain text. */
function shortReferences(text: string): IssueReference[] {
  const found: IssueReference[] = [];
  for (const match of text.matchAll(issueNumeric)) {
    const index = parseIndex(match[1]!);
    if (index !== undefined)
      found.push({ index, owner: '', name: '', action: actionBefore(text, match.index) });
  }
  for (const match of text.matchAll(crossReferenceNumeric)) {
    const owner = match[1]!.toLowerCase();
    const name = match[2]!.toLowerCase();
    const index = parseIndex(match[3]!);
    if (index === undefined || !validName.test(owner) || !validName.test(name)) continue;
    found.push({ index, owner, name, action: actionBefore(text, match.index) });
  }
  return found;
}

/**
 * A link to `{root}{owner}/{repo}/issues|pulls/{n}` of this server as the reference it is (no action: Gitea
 * reads a link's action nowhere); undefined for any other link.
 */
function linkReference(link: string, rootUrl: string): IssueReference | undefined {
  let url: URL;
  let root: URL;
  try {
    url = new URL(link);
    root = new URL(rootUrl);
  } catch {
    return undefined;
  }
  if (url.host.toLowerCase() !== root.host.toLowerCase() || !url.pathname.startsWith(root.pathname)) {
    return undefined;
  }
  const parts = url.pathname.slice(root.pathname.length).split('/');
  if (parts.length !== 4 || (parts[2] !== 'issues' && parts[2] !== 'pulls')) return undefined;
  const owner = decodeURIComponent(parts[0]!).toLowerCase();
  const name = decodeURIComponent(parts[1]!).toLowerCase();
  const index = /^\d+$/.test(parts[3]!) ? parseIndex(parts[3]!) : undefined;
  if (index === undefined || !validName.test(owner) || !validName.test(name)) return undefined;
  return { index, owner, name, action: refAction.none };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Gitea's FindAllIssueReferences, for plain text (titles, commit messages): links to this server's issues
 * count as the short reference they name, keyword included.
 */
export function findPlainReferences(text: string, rootUrl: string): IssueReference[] {
  const links = new RegExp(
    String.raw`(?<=\s|^|\(|\[)${escapeRegExp(rootUrl)}([0-9a-zA-Z_.-]+/[0-9a-zA-Z_.-]+)/(issues|pulls)/(\d+)${crossReferenceEnd}`,
    'g',
  );
  const shortened = text.replace(
    links,
    (_all, repo: string, kind: string, index: string) => `${repo}${kind === 'pulls' ? '!' : '#'}${index}`,
  );
  return shortReferences(shortened);
}

const fencedCode = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm;
const inlineCode = /(`+)[^`]*?\1/g;
const markdownLink = /\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const autoLink = /<(https?:\/\/[^\s>]+)>/g;
const bareLink = /(?<![(<"'])\bhttps?:\/\/[^\s<>()[\]]+/g;

/**
 * Gitea's FindAllIssueReferencesMarkdown, for bodies and comments: code blocks and code spans reference
 * nothing, link targets count only when they point at this server's issues and pull requests.
 * Gitea strips the markdown with a full renderer; this reads the same constructs with patterns.
 */
export function findMarkdownReferences(markdown: string, rootUrl: string): IssueReference[] {
  const withoutCode = markdown.replace(fencedCode, '\n').replace(inlineCode, ' ');
  const links = [
    ...[...withoutCode.matchAll(markdownLink)].map((m) => m[1]!),
    ...[...withoutCode.matchAll(autoLink)].map((m) => m[1]!),
    ...[...withoutCode.matchAll(bareLink)].map((m) => m[0].replace(/[.,;:!?]+$/, '')),
  ];
  const text = withoutCode.replace(markdownLink, ']').replace(autoLink, ' ').replace(bareLink, ' ');
  const fromLinks = links.flatMap((link) => {
    const reference = linkReference(link, rootUrl);
    return reference ? [reference] : [];
  });
  return [...shortReferences(text), ...fromLinks];
}
