/**
 * Gitea's "special links" in rendered text: `@user`, `#123`, `owner/repo#123`, commit SHAs and wiki
 * `[[Page]]` links (modules/markup/html*.go, modules/references). Each linker splits one plain-text run into
 * text and links; the post-processor applies them to text outside links and code.
 *
 * Every pattern is linear-time: no nested quantifiers, and each run of name characters is consumed once
 * (the follow-up conditions Gitea writes into its regular expressions are checked here in code).
 */

import type { RepoContext } from './renderContext';

export interface TextPiece {
  readonly kind: 'text';
  readonly text: string;
}

export interface LinkPiece {
  readonly kind: 'link';
  readonly href: string;
  readonly text: string;
  readonly className?: string;
  /** Commit links show their short SHA in `<code>`, as Gitea does. */
  readonly code?: boolean;
}

export interface ImagePiece {
  readonly kind: 'image';
  readonly href: string;
  readonly src: string;
  readonly alt: string;
  readonly title: string;
}

export type Piece = TextPiece | LinkPiece | ImagePiece;

/** Splits one run of text into pieces; text pieces may be split further by later linkers. */
export type TextLinker = (text: string) => Piece[];

export interface LinkerOptions {
  /** The server's root URL, ending in `/`: every generated link points here. */
  readonly rootUrl: string;
  /** The repository `#123`, commit SHAs and wiki links refer to; none without a Context. */
  readonly repo: RepoContext | null;
  /** Resolve `[[Page]]` wiki links. */
  readonly wiki: boolean;
}

interface Found {
  readonly start: number;
  readonly end: number;
  readonly piece: Piece;
}

/** Runs a global pattern over `text`; `build` turns a match into a piece or rejects it (null). */
function splitBy(text: string, pattern: RegExp, build: (match: RegExpExecArray) => Found | null): Piece[] {
  const pieces: Piece[] = [];
  let consumed = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const found = build(match);
    if (!found) continue;
    if (found.start > consumed) pieces.push({ kind: 'text', text: text.slice(consumed, found.start) });
    pieces.push(found.piece);
    consumed = found.end;
    pattern.lastIndex = found.end;
  }
  if (pieces.length === 0) return [{ kind: 'text', text }];
  if (consumed < text.length) pieces.push({ kind: 'text', text: text.slice(consumed) });
  return pieces;
}

const isSpace = (char: string | undefined): boolean => char !== undefined && /\s/.test(char);

/** Gitea's end-of-reference rule: end, space, a closing bracket or quote, or punctuation ending the sentence. */
function endsReference(text: string, end: number, closers: string, punctuation: string): boolean {
  const next = text[end];
  if (next === undefined || isSpace(next) || closers.includes(next)) return true;
  if (!punctuation.includes(next)) return false;
  const after = text[end + 1];
  return after === undefined || isSpace(after);
}

const mentionPattern = /(^|[\s([])@([\w-][\w.-]*)/g;

/** `@alice` → the user's page (Gitea: `mention` links to `{AppURL}{name}`). */
export function mentionLinker({ rootUrl }: LinkerOptions): TextLinker {
  return (text) =>
    splitBy(text, mentionPattern, (match) => {
      // a sentence may end right after the name: "thanks @alice."
      const name = match[2]!.replace(/\.+$/, '');
      const start = match.index + match[1]!.length;
      const end = start + 1 + name.length;
      if (name === '' || !endsReference(text, end, "')]", ':,;.?!')) return null;
      return {
        start,
        end,
        piece: { kind: 'link', href: `${rootUrl}${name}`, text: `@${name}`, className: 'mention' },
      };
    });
}

const crossReferencePattern = /(^|[\s([])([\w.-]+)\/([\w.-]+)([#!])(\d+)/g;
const issuePattern = /(^|[\s(['"])([#!])(\d+)/g;

function issueHref(rootUrl: string, owner: string, repo: string, marker: string, index: string): string {
  // `!123` is Gitea's explicit pull request reference; `#123` may be either and Gitea redirects
  return `${rootUrl}${owner}/${repo}/${marker === '!' ? 'pulls' : 'issues'}/${index}`;
}

/** `owner/repo#12` → that repository's issue; needs no Context. */
export function crossReferenceLinker({ rootUrl }: LinkerOptions): TextLinker {
  return (text) =>
    splitBy(text, crossReferencePattern, (match) => {
      const start = match.index + match[1]!.length;
      const end = match.index + match[0].length;
      if (!endsReference(text, end, ')]', ':;,.?!')) return null;
      return {
        start,
        end,
        piece: {
          kind: 'link',
          href: issueHref(rootUrl, match[2]!, match[3]!, match[4]!, match[5]!),
          text: text.slice(start, end),
          className: 'ref-issue',
        },
      };
    });
}

/** `#12` → an issue of the Context repository (Gitea links it whether or not it exists). */
export function issueLinker({ rootUrl, repo }: LinkerOptions): TextLinker | null {
  if (!repo) return null;
  return (text) =>
    splitBy(text, issuePattern, (match) => {
      const start = match.index + match[1]!.length;
      const end = match.index + match[0].length;
      if (!endsReference(text, end, `)]'"`, ':;,.?!')) return null;
      return {
        start,
        end,
        piece: {
          kind: 'link',
          href: issueHref(rootUrl, repo.owner, repo.repo, match[2]!, match[3]!),
          text: text.slice(start, end),
          className: 'ref-issue',
        },
      };
    });
}

const shaPattern = /(^|[\s([])([0-9a-f]{7,40})/g;

/** A 7–40 hex word → the commit of the Context repository, shown as a short SHA in `<code>`. */
export function commitLinker({ rootUrl, repo }: LinkerOptions): TextLinker | null {
  if (!repo) return null;
  return (text) =>
    splitBy(text, shaPattern, (match) => {
      const sha = match[2]!;
      const start = match.index + match[1]!.length;
      const end = start + sha.length;
      if (!endsReference(text, end, ')]', '.,:')) return null;
      return {
        start,
        end,
        piece: {
          kind: 'link',
          href: `${rootUrl}${repo.owner}/${repo.repo}/commit/${sha}`,
          text: sha.slice(0, 10),
          className: 'commit',
          code: true,
        },
      };
    });
}

// no brackets inside, so an unclosed `[[` costs one scan to the next bracket, not one to the end
const wikiLinkPattern = /\[\[([^[\]]+)\]\](\w*)/g;
const absoluteUrl = /^[a-z][\w+-]*:\/\//i;
const imageExtension = /\.(?:jpe?g|png|tiff?|webp|gif|bmp|ico|svg)$/i;

/** Parses `[[Name]]`, `[[Name|Link]]` (GitHub order, or MediaWiki's when only one side is a URL). */
function wikiTarget(content: string): { name: string; link: string } {
  const parts = content.split('|').map((part) => part.trim());
  const [first = '', second] = parts;
  if (second === undefined) return { name: first, link: first };
  if (absoluteUrl.test(first) && !absoluteUrl.test(second)) return { name: second, link: first };
  return { name: first, link: second };
}

function wikiPath(link: string, image: boolean): string {
  const spaced = link.replace(/ /g, image ? '+' : '-');
  return spaced.includes('/')
    ? spaced.split('/').map(encodeURIComponent).join('/')
    : encodeURIComponent(spaced);
}

/** `[[Page]]` → `{repo}/wiki/Page`; `[[images/x.png]]` → an image from `{repo}/wiki/raw/…`. */
export function wikiLinker({ rootUrl, repo, wiki }: LinkerOptions): TextLinker | null {
  if (!wiki || !repo) return null;
  const wikiRoot = `${rootUrl}${repo.owner}/${repo.repo}/wiki/`;
  return (text) =>
    splitBy(text, wikiLinkPattern, (match) => {
      const { name, link } = wikiTarget(match[1]!);
      if (link === '') return null;
      const start = match.index;
      const end = start + match[0].length;
      const image = imageExtension.test(link);
      const absolute = absoluteUrl.test(link);
      const label = name + match[2]!;
      if (image) {
        const src = absolute ? link : `${wikiRoot}raw/${wikiPath(link, true)}`;
        const title = name.split('/').pop() ?? name;
        return { start, end, piece: { kind: 'image', href: src, src, alt: label, title } };
      }
      const href = absolute ? link : `${wikiRoot}${wikiPath(link, false)}`;
      return { start, end, piece: { kind: 'link', href, text: label } };
    });
}

/** The linkers of a render, in Gitea's order; those that need a repository are left out without one. */
export function referenceLinkers(options: LinkerOptions): TextLinker[] {
  return [
    wikiLinker(options),
    mentionLinker(options),
    crossReferenceLinker(options),
    issueLinker(options),
    commitLinker(options),
  ].filter((linker): linker is TextLinker => linker !== null);
}

/** Applies the linkers in turn; each sees only the text the previous ones left. */
export function linkText(text: string, linkers: readonly TextLinker[]): Piece[] {
  let pieces: Piece[] = [{ kind: 'text', text }];
  for (const linker of linkers) {
    pieces = pieces.flatMap((piece) => (piece.kind === 'text' ? linker(piece.text) : [piece]));
  }
  return pieces;
}
