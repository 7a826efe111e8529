import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { httpErrorOf } from '../../src/server/http/errorStatus';
import {
  assertOrgRole,
  assertRepoAccess,
  canSeeAccount,
  orgRole,
  repoAccess,
  type AccessMode,
} from '../../src/server/services/permissions';
import { Database } from '../../src/server/store/database';
import { migrate } from '../../src/server/store/migrations';
import { findRepositoryById, type RepositoryRow } from '../../src/server/store/repositories';
import { findUserById, type UserRow } from '../../src/server/store/users';
import { makeTempDir } from './harness';

/** A small world written straight into a real SQLite file: users, an organization with teams, repositories. */
describe('permissions', () => {
  let dir: string;
  let db: Database;
  const users: Record<string, UserRow> = {};
  const repos: Record<string, RepositoryRow> = {};

  function account(
    name: string,
    fields: { type?: number; isAdmin?: boolean; visibility?: string; restricted?: boolean } = {},
  ): UserRow {
    const { lastInsertRowid } = db.run(
      'INSERT INTO user (type, lower_name, name, is_admin, visibility, restricted, created, updated) VALUES (?, ?, ?, ?, ?, ?, 1, 1)',
      fields.type ?? 0,
      name,
      name,
      fields.isAdmin ? 1 : 0,
      fields.visibility ?? 'public',
      fields.restricted ? 1 : 0,
    );
    return findUserById(db, lastInsertRowid)!;
  }

  function repository(owner: UserRow, name: string, isPrivate: boolean): RepositoryRow {
    const { lastInsertRowid } = db.run(
      'INSERT INTO repository (owner_id, owner_name, lower_name, name, is_private, created, updated) VALUES (?, ?, ?, ?, ?, 1, 1)',
      owner.id,
      owner.name,
      name,
      name,
      isPrivate ? 1 : 0,
    );
    return findRepositoryById(db, lastInsertRowid)!;
  }

  function team(
    org: UserRow,
    name: string,
    authorize: AccessMode,
    members: UserRow[],
    repositories: RepositoryRow[] | 'all',
    units: Record<string, string> = {},
  ): void {
    const { lastInsertRowid: teamId } = db.run(
      'INSERT INTO team (org_id, lower_name, name, authorize, includes_all_repositories, created, updated) VALUES (?, ?, ?, ?, ?, 1, 1)',
      org.id,
      name,
      name,
      authorize,
      repositories === 'all' ? 1 : 0,
    );
    for (const [unit, mode] of Object.entries(units)) {
      db.run(
        'INSERT INTO team_unit (org_id, team_id, unit, access_mode) VALUES (?, ?, ?, ?)',
        org.id,
        teamId,
        unit,
        mode,
      );
    }
    for (const member of members) {
      db.run('INSERT OR IGNORE INTO org_user (uid, org_id) VALUES (?, ?)', member.id, org.id);
      db.run('INSERT INTO team_user (org_id, team_id, uid) VALUES (?, ?, ?)', org.id, teamId, member.id);
    }
    if (repositories !== 'all') {
      for (const repo of repositories)
        db.run('INSERT INTO team_repo (org_id, team_id, repo_id) VALUES (?, ?, ?)', org.id, teamId, repo.id);
    }
  }

  function statusOf(fn: () => unknown): number {
    try {
      fn();
      return 200;
    } catch (error) {
      const answer = httpErrorOf(error);
      assert.ok(answer, 'a request error, not a crash');
      return answer.status;
    }
  }

  before(() => {
    dir = makeTempDir();
    db = new Database(path.join(dir, 'teahouse.db'));
    migrate(db);
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'stranger'])
      users[name] = account(name);
    users['admin'] = account('site-admin', { isAdmin: true });
    users['restricted'] = account('restricted', { restricted: true });
    users['acme'] = account('acme', { type: 1 });
    users['secret-org'] = account('secret-org', { type: 1, visibility: 'private' });
    users['limited-org'] = account('limited-org', { type: 1, visibility: 'limited' });

    repos['alice/public'] = repository(users['alice']!, 'public', false);
    repos['alice/private'] = repository(users['alice']!, 'private', true);
    repos['acme/app'] = repository(users['acme']!, 'app', true);
    repos['acme/docs'] = repository(users['acme']!, 'docs', false);
    repos['secret-org/open'] = repository(users['secret-org']!, 'open', false);
    repos['limited-org/open'] = repository(users['limited-org']!, 'open', false);

    db.run(
      "INSERT INTO collaboration (repo_id, user_id, mode, created, updated) VALUES (?, ?, 'write', 1, 1)",
      repos['alice/private']!.id,
      users['bob']!.id,
    );
    team(users['acme']!, 'Owners', 'owner', [users['carol']!], 'all');
    team(users['acme']!, 'devs', 'write', [users['dave']!], [repos['acme/app']!]);
    team(users['acme']!, 'triage', 'write', [users['erin']!], 'all', {
      'repo.issues': 'write',
      'repo.code': 'read',
    });
    team(users['secret-org']!, 'Owners', 'owner', [users['frank']!], 'all');
  });

  after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const access = (who: string | null, repo: string, unit?: Parameters<typeof repoAccess>[3]): AccessMode =>
    repoAccess(db, who === null ? null : users[who]!, repos[repo]!, unit);

  test('the owning user and site admins have owner access; others read public repositories', () => {
    assert.equal(access('alice', 'alice/public'), 'owner');
    assert.equal(access('admin', 'alice/private'), 'owner');
    assert.equal(access('stranger', 'alice/public'), 'read');
    assert.equal(access(null, 'alice/public'), 'read');
  });

  test('private repositories are invisible without a grant; collaborators get their mode', () => {
    assert.equal(access('stranger', 'alice/private'), 'none');
    assert.equal(access(null, 'alice/private'), 'none');
    assert.equal(access('bob', 'alice/private'), 'write');
  });

  test('organization owners own every repository; teams grant their permission on their repositories', () => {
    assert.equal(access('carol', 'acme/app'), 'owner');
    assert.equal(access('dave', 'acme/app'), 'write');
    assert.equal(access('dave', 'acme/docs'), 'read', 'public repository outside the team');
    assert.equal(access('stranger', 'acme/app'), 'none');
  });

  test('team units restrict access per unit; without a unit the best unit counts', () => {
    assert.equal(access('erin', 'acme/app', 'repo.issues'), 'write');
    assert.equal(access('erin', 'acme/app', 'repo.code'), 'read');
    assert.equal(access('erin', 'acme/app', 'repo.wiki'), 'none');
    assert.equal(access('erin', 'acme/app'), 'write');
  });

  test('restricted users see only what they were given', () => {
    assert.equal(access('restricted', 'alice/public'), 'none');
  });

  test('public repositories of private or limited organizations follow the organization visibility', () => {
    assert.equal(access('stranger', 'secret-org/open'), 'none');
    assert.equal(access('frank', 'secret-org/open'), 'owner');
    assert.equal(access(null, 'limited-org/open'), 'none');
    assert.equal(access('stranger', 'limited-org/open'), 'read');
  });

  test('assertRepoAccess: 404 when it cannot be seen, 401 anonymous, 403 seen but not allowed', () => {
    assert.equal(
      statusOf(() => assertRepoAccess(db, users['stranger']!, repos['alice/private']!, 'read')),
      404,
    );
    assert.equal(
      statusOf(() => assertRepoAccess(db, users['stranger']!, repos['alice/private']!, 'write')),
      404,
    );
    assert.equal(
      statusOf(() => assertRepoAccess(db, null, repos['alice/public']!, 'write')),
      401,
    );
    assert.equal(
      statusOf(() => assertRepoAccess(db, users['stranger']!, repos['alice/public']!, 'write')),
      403,
    );
    assert.equal(
      statusOf(() => assertRepoAccess(db, users['bob']!, repos['alice/private']!, 'admin')),
      403,
    );
    assert.equal(
      statusOf(() => assertRepoAccess(db, users['bob']!, repos['alice/private']!, 'write')),
      200,
    );
  });

  test('organization roles and visibility', () => {
    assert.equal(orgRole(db, users['carol']!, users['acme']!), 'owner');
    assert.equal(orgRole(db, users['dave']!, users['acme']!), 'member');
    assert.equal(orgRole(db, users['stranger']!, users['acme']!), 'none');
    assert.equal(orgRole(db, null, users['acme']!), 'none');
    assert.equal(canSeeAccount(db, null, users['secret-org']!), false);
    assert.equal(canSeeAccount(db, users['stranger']!, users['secret-org']!), false);
    assert.equal(canSeeAccount(db, users['frank']!, users['secret-org']!), true);
    assert.equal(canSeeAccount(db, users['admin']!, users['secret-org']!), true);
    assert.equal(canSeeAccount(db, null, users['limited-org']!), false);
    assert.equal(canSeeAccount(db, users['stranger']!, users['limited-org']!), true);
    assert.equal(canSeeAccount(db, users['restricted']!, users['limited-org']!), false);
  });

  test('assertOrgRole: 404 invisible, 401 anonymous, 403 too little, admins pass as owners', () => {
    assert.equal(
      statusOf(() => assertOrgRole(db, users['stranger']!, users['secret-org']!, 'member')),
      404,
    );
    assert.equal(
      statusOf(() => assertOrgRole(db, null, users['acme']!, 'member')),
      401,
    );
    assert.equal(
      statusOf(() => assertOrgRole(db, users['dave']!, users['acme']!, 'owner')),
      403,
    );
    assert.equal(
      statusOf(() => assertOrgRole(db, users['dave']!, users['acme']!, 'member')),
      200,
    );
    assert.equal(assertOrgRole(db, users['admin']!, users['acme']!, 'owner'), 'owner');
  });
});
