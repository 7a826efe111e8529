/** The wiki path rules the extension shares live in src/api/wikiPath.ts; the server adds what refuses a name. */
import { malformed } from '../../domain/errors';
import { webPathSegments } from '../../../api/wikiPath';

export * from '../../../api/wikiPath';

/** Names Gitea keeps for its own wiki pages (`_pages`, `_new`, …); a page may not use them. */
const reservedWikiNames = ['_pages', '_new', '_edit', 'raw'];

/** Throws Gitea's "wiki title is reserved" (the API's 400) when a segment is one of the reserved names. */
export function validateWebPath(webPath: string): void {
  for (const segment of webPathSegments(webPath)) {
    if (reservedWikiNames.includes(segment)) throw malformed(`wiki title is reserved: ${segment}`);
  }
}
