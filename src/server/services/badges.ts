import { conflict, invalid } from '../domain/errors';
import {
  deleteUserBadge,
  findBadgeBySlug,
  insertBadge,
  insertUserBadge,
  type BadgeRow,
} from '../store/badges';
import type { Database } from '../store/database';

/**
 * Defines a badge (Gitea has no API for it: `teahouse admin create-badge` does it). The slug names it in the
 * API, so it must be one word of letters, digits, `-`, `_` and `.`, and unique.
 */
export function createBadge(db: Database, badge: Omit<BadgeRow, 'id'>): BadgeRow {
  if (!/^[\w.-]{1,255}$/.test(badge.slug)) throw invalid(`invalid badge slug "${badge.slug}"`);
  if (findBadgeBySlug(db, badge.slug)) throw conflict(`badge with slug ${badge.slug} already exists`);
  return insertBadge(db, badge);
}

/**
 * Gitea's AddUserBadges: every slug must name a badge, or nothing is given (Gitea fails the whole request;
 * its 500 is a 422 here). A badge the user already holds stays one badge.
 */
export function addUserBadges(db: Database, userId: number, slugs: readonly string[]): void {
  db.transaction(() => {
    for (const slug of slugs) {
      const badge = findBadgeBySlug(db, slug);
      if (!badge) throw invalid(`badge with slug ${slug} doesn't exist`);
      insertUserBadge(db, userId, badge.id);
    }
  });
}

/** Gitea's RemoveUserBadges: a slug the user does not hold is no error. */
export function removeUserBadges(db: Database, userId: number, slugs: readonly string[]): void {
  db.transaction(() => {
    for (const slug of slugs) deleteUserBadge(db, userId, slug);
  });
}
