import { rmSync } from 'node:fs';
import path from 'node:path';
import { Database } from '../../src/server/store/database';
import { migrate } from '../../src/server/store/migrations';
import { insertUser } from '../../src/server/store/users';
import { makeTempDir } from './harness';
import { insertTestRepository } from './storeFixture';

export interface RulesStore {
  db: Database;
  /** `rules-owner` */
  ownerId: number;
  /** `rules-owner/rules`, public and empty */
  repoId: number;
  /** Closes the database and removes its folder. */
  close(): void;
}

/**
 * A migrated database in a fresh temporary folder (named from `tempPrefix`) holding one user, `rules-owner`,
 * and their empty public repository `rules`, for the webhook tests that work on the store directly.
 */
export function openRulesStore(tempPrefix: string): RulesStore {
  const dir = makeTempDir(tempPrefix);
  const db = new Database(path.join(dir, 'teahouse.db'));
  migrate(db);
  const ownerId = insertUser(db, {
    name: 'rules-owner',
    email: 'rules@example.com',
    passwdHash: '',
    salt: '',
  });
  const repoId = insertTestRepository(db, { id: ownerId, name: 'rules-owner' }, 'rules');
  return {
    db,
    ownerId,
    repoId,
    close: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
