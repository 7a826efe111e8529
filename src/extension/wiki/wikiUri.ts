import { createHash } from 'node:crypto';

/** The scheme of wiki pages opened in the editor: `teahouse-wiki://<account>/<owner>/<repo>/<Title>.md`. */
export const wikiScheme = 'teahouse-wiki';

/** A wiki page (or one revision of it) named by a document URI. */
export interface WikiPageLocation {
  /** The account's authority segment (`wikiAuthority`), not its id: ids hold `:` and `/`. */
  readonly authority: string;
  readonly owner: string;
  readonly repo: string;
  /** The page's title as people see it (`Setup Guide`), which Gitea maps to its web path. */
  readonly title: string;
  /** A commit of the wiki: the page as it was then, read-only. */
  readonly revision?: string;
}

/** The URI parts VS Code keeps apart (`vscode.Uri.from` takes them as they are). */
export interface WikiUriParts {
  readonly authority: string;
  readonly path: string;
  readonly query: string;
}

/** `local` for the local server's account; a short digest of the id for others (stable, and a valid host). */
export function wikiAuthority(accountId: string): string {
  if (/^[a-z0-9-]+$/.test(accountId)) return accountId;
  return `a${createHash('sha256').update(accountId).digest('hex').slice(0, 16)}`;
}

// A title may hold `/` (a page in a folder of the wiki): it stays one segment of the URI's path.
function encodeSegment(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('/', '%2F');
}

function decodeSegment(text: string): string {
  return text.replaceAll('%2F', '/').replaceAll('%25', '%');
}

export function wikiUriParts(location: WikiPageLocation): WikiUriParts {
  const { owner, repo, title, revision } = location;
  return {
    authority: location.authority,
    path: `/${encodeSegment(owner)}/${encodeSegment(repo)}/${encodeSegment(title)}.md`,
    query: revision ? `rev=${revision}` : '',
  };
}

/** The page a URI names, or undefined for a URI that is not one of ours (a folder, a stray path). */
export function parseWikiUri(parts: WikiUriParts): WikiPageLocation | undefined {
  const segments = parts.path.split('/');
  if (segments.length !== 4 || segments[0] !== '') return undefined;
  const [, owner, repo, file] = segments as [string, string, string, string];
  if (!owner || !repo || !file.endsWith('.md') || file.length === 3) return undefined;
  const revision = /^rev=([0-9a-f]{7,64})$/.exec(parts.query)?.[1];
  if (parts.query !== '' && revision === undefined) return undefined;
  return {
    authority: parts.authority,
    owner: decodeSegment(owner),
    repo: decodeSegment(repo),
    title: decodeSegment(file.slice(0, -3)),
    ...(revision ? { revision } : {}),
  };
}
