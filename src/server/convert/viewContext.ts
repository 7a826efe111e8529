import type { Database } from '../store/database';
import type { UserRow } from '../store/users';

/** What shaping JSON needs to know: the store, who is looking, and the public root URL (ends in `/`). */
export interface ViewContext {
  readonly db: Database;
  /** The caller (the sudo target under sudo), or null when anonymous. */
  readonly user: UserRow | null;
  readonly rootUrl: string;
}

/** An absolute URL below the root URL. */
export const siteUrl = (view: Pick<ViewContext, 'rootUrl'>, pathBelowRoot: string): string =>
  view.rootUrl + pathBelowRoot.replace(/^\/+/, '');
