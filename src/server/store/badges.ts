import type { Database } from './database';

/** A row of `badge`. */
export interface BadgeRow {
  id: number;
  slug: string;
  description: string;
  image_url: string;
}

export function insertBadge(db: Database, badge: Omit<BadgeRow, 'id'>): BadgeRow {
  const { lastInsertRowid } = db.run(
    'INSERT INTO badge (slug, description, image_url) VALUES (?, ?, ?)',
    badge.slug,
    badge.description,
    badge.image_url,
  );
  return { id: lastInsertRowid, ...badge };
}

export function findBadgeBySlug(db: Database, slug: string): BadgeRow | undefined {
  return db.get<BadgeRow>('SELECT * FROM badge WHERE slug = ?', slug);
}

/** The user's badges in the order they were given. */
export function listUserBadges(db: Database, userId: number): BadgeRow[] {
  return db.all<BadgeRow>(
    `SELECT badge.* FROM badge JOIN user_badge ON user_badge.badge_id = badge.id
     WHERE user_badge.user_id = ? ORDER BY user_badge.id`,
    userId,
  );
}

/** Gives the badge; giving it again changes nothing. */
export function insertUserBadge(db: Database, userId: number, badgeId: number): void {
  db.run('INSERT OR IGNORE INTO user_badge (badge_id, user_id) VALUES (?, ?)', badgeId, userId);
}

export function deleteUserBadge(db: Database, userId: number, slug: string): void {
  db.run(
    'DELETE FROM user_badge WHERE user_id = ? AND badge_id IN (SELECT id FROM badge WHERE slug = ?)',
    userId,
    slug,
  );
}
