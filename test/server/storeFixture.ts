import path from 'node:path';
import { Database } from '../../src/server/store/database';
import { migrate, type Migration } from '../../src/server/store/migrations';
import { insertOrganization } from '../../src/server/store/organizations';
import { insertRepository, type NewRepository } from '../../src/server/store/repositories';
import { makeTempDir } from './harness';

/** A migrated SQLite store on disk in a fresh temporary folder (up to the given migrations, when given). */
export function openTestStore(prefix: string, migrations?: readonly Migration[]): Database {
  const db = new Database(path.join(makeTempDir(prefix), 'teahouse.db'));
  migrate(db, migrations);
  return db;
}

type RepositoryDetails = Partial<Omit<NewRepository, 'ownerId' | 'ownerName' | 'name'>>;

/** An empty public repository as the store inserts it; `details` sets what differs. Returns its id. */
export const insertTestRepository = (
  db: Database,
  owner: { id: number; name: string },
  name: string,
  details: RepositoryDetails = {},
): number =>
  insertRepository(db, {
    ownerId: owner.id,
    ownerName: owner.name,
    name,
    description: '',
    defaultBranch: 'main',
    isPrivate: false,
    isEmpty: true,
    isTemplate: false,
    objectFormatName: 'sha1',
    size: 0,
    ...details,
  });

/** An organization of this name and visibility, its other fields empty. Returns its id. */
export const insertTestOrganization = (
  db: Database,
  name: string,
  visibility: 'public' | 'limited' | 'private',
): number =>
  insertOrganization(db, {
    name,
    fullName: '',
    email: '',
    description: '',
    website: '',
    location: '',
    visibility,
    repoAdminChangeTeamAccess: false,
  });
