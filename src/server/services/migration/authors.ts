import type { Database } from '../../store/database';
import type { ImportedAuthor } from '../../store/trackerImport';
import { findAccountByName, userType } from '../../store/users';
import type { SourceAuthored, SourceUser } from './sourceTypes';

/** A migrated author as a Gitea source shows one without an account there: `name(service)`, id -1. */
const standInPattern = /^(.+)\([a-z0-9]+\)$/;
const ghostId = -1;

/**
 * Who wrote each imported thing, as Gitea's migrator keeps them: the local user with the same login where
 * one exists; otherwise the source's name and id kept as `original_author`/`original_author_id` (poster 0).
 * An author the source itself only knew by name (its `original_author`, or its `name(gitea)` stand-in) is
 * carried on by that name; the source's Ghost stays the Ghost.
 */
export class AuthorMap {
  private readonly local = new Map<string, number | undefined>();

  constructor(private readonly db: Database) {}

  of(authored: SourceAuthored): ImportedAuthor {
    if (authored.original_author)
      return this.byName(authored.original_author, authored.original_author_id ?? 0);
    return this.ofUser(authored.user);
  }

  ofUser(user: SourceUser | null | undefined): ImportedAuthor {
    const login = user?.login ?? '';
    const id = user?.id ?? 0;
    if (id === ghostId) {
      const standIn = standInPattern.exec(login);
      if (standIn) return this.byName(standIn[1]!, 0);
      return { userId: ghostId, originalAuthor: '', originalAuthorId: 0 };
    }
    if (login === '') return { userId: ghostId, originalAuthor: '', originalAuthorId: 0 };
    return this.byName(login, id);
  }

  /** The local user id for a source user, if there is one (assignees, mergers, resolvers). */
  localId(user: SourceUser | null | undefined): number | undefined {
    const author = this.ofUser(user);
    return author.userId > 0 ? author.userId : undefined;
  }

  private byName(login: string, originalId: number): ImportedAuthor {
    const key = login.toLowerCase();
    if (!this.local.has(key)) {
      const account = findAccountByName(this.db, login);
      this.local.set(key, account && account.type === userType.individual ? account.id : undefined);
    }
    const userId = this.local.get(key);
    return userId === undefined
      ? { userId: 0, originalAuthor: login, originalAuthorId: originalId > 0 ? originalId : 0 }
      : { userId, originalAuthor: '', originalAuthorId: 0 };
  }
}
