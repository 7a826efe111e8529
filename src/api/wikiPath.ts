/**
 * Wiki page names ↔ file names in the wiki's git repository, laid out as Gitea lays them out
 * (services/wiki/wiki_path.go): a "web path" is what URLs carry (`Setup-Guide`, `dir/Page`), a git path
 * is the file (`Setup Guide.md`). A segment whose title holds a dash, or ends in `.md`, carries the
 * dash marker `.-` so that it is not read back with spaces; everything else is query-escaped like Go's
 * url.QueryEscape, so wikis pushed by Gitea and by us read the same.
 */

const dashMarker = '.-';

/** Go's url.QueryEscape: unreserved bytes stay, space becomes `+`, the rest `%XX` per UTF-8 byte. */
export function goQueryEscape(s: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(s)) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** Go's url.QueryUnescape (plus = space) or PathUnescape (plus kept); undefined where Go errs. */
export function goUnescape(s: string, plusIsSpace: boolean): string | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '%') {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (c === '+' && plusIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...new TextEncoder().encode(c));
    }
  }
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

/** Go's path.Clean of a rooted path: no empty, `.` or `..` segments left. */
function cleanRooted(p: string): string {
  const parts: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return '/' + parts.join('/');
}

/** Gitea's util.PathJoinRelX: a relative path that cannot climb out, backslashes read as slashes. */
export function pathJoinRelX(...elems: string[]): string {
  const cleaned = elems.filter((e) => e !== '').map((e) => cleanRooted('/' + e.replaceAll('\\', '/')));
  if (cleaned.length === 0) return '';
  const joined = cleanRooted(cleaned.join('/'));
  return joined === '/' ? '.' : joined.slice(1);
}

function unescapeSegment(s: string): string {
  const plain = s.endsWith(dashMarker) ? s.slice(0, -dashMarker.length) : s.replaceAll('-', ' ');
  // A segment Go cannot unescape stays as it is: it is only a title shown to people.
  return goUnescape(plain, true) ?? plain;
}

function escapeSegToWeb(s: string, hadDashMarker: boolean): string {
  const marked =
    hadDashMarker || s.includes('-') || s.endsWith('.md') ? s + dashMarker : s.replaceAll(' ', '-');
  return goQueryEscape(marked);
}

export function webPathSegments(webPath: string): string[] {
  return webPath.split('/').map(unescapeSegment);
}

export function webPathToGitPath(webPath: string): string {
  if (webPath.endsWith('.md')) return pathJoinRelX(goUnescape(webPath, false) ?? webPath);
  const segments = webPath.split('/').map((segment) => {
    const hadMarker = segment.endsWith(dashMarker);
    // Spaces are safe in a git path, so the file keeps them where the URL has `+` or `%20`.
    return escapeSegToWeb(unescapeSegment(segment), hadMarker).replaceAll('%20', ' ').replaceAll('+', ' ');
  });
  return segments.join('/') + '.md';
}

/** The web path of a file in the wiki, or undefined for a file that is not a page. */
export function gitPathToWebPath(gitPath: string): string | undefined {
  if (!gitPath.endsWith('.md')) return undefined;
  const segments: string[] = [];
  for (const segment of gitPath.slice(0, -3).split('/')) {
    const hadMarker = segment.endsWith(dashMarker);
    const plain = hadMarker ? segment.slice(0, -dashMarker.length) : segment.replaceAll('-', ' ');
    const title = goUnescape(plain, true);
    if (title === undefined) return undefined;
    segments.push(escapeSegToWeb(title, hadMarker));
  }
  return segments.join('/');
}

/** The directory and the title people see for a web path. */
export function webPathToUserTitle(webPath: string): { dir: string; title: string } {
  const slash = webPath.lastIndexOf('/');
  const dir = slash < 0 ? '.' : webPath.slice(0, slash) || '/';
  let display = webPath.slice(slash + 1);
  if (display.endsWith('.md')) {
    display = display.slice(0, -3);
    display = goUnescape(display, false) ?? display;
  }
  return { dir, title: unescapeSegment(display) };
}

/** A page name from a request path: cleaned, and its slashes escaped (Gitea's WebPathFromRequest). */
export function webPathFromRequest(s: string): string {
  return pathJoinRelX(s).replaceAll('/', '%2F');
}

/** The web path of a page created with a title (Gitea's UserTitleToWebPath); `unnamed` when empty. */
export function userTitleToWebPath(base: string, title: string): string {
  const joined = pathJoinRelX(base, escapeSegToWeb(title.trim(), false));
  return joined === '' || joined === '.' ? 'unnamed' : joined;
}
