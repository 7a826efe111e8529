import { toRepository } from '../convert/repository';
import type { RequestContext } from '../http/context';
import { forbidden, invalid } from '../domain/errors';
import { migrateRepository, type MigrationServices } from '../services/migrations';
import { addressPolicyFor } from '../services/mirrors';
import { isSiteAdmin, orgRole } from '../services/permissions';
import { minMirrorIntervalSeconds } from '../config';
import { findAccountByName, findUserById, userType, type UserRow } from '../store/users';
import type { HandlerMap } from './handler';
import { repositoryServices } from './repositoryLookup';

const migrationServices = (ctx: RequestContext): MigrationServices => ({
  ...repositoryServices(ctx),
  rootUrl: ctx.rootUrl,
  events: ctx.app.events,
  policy: addressPolicyFor(ctx.app),
  defaultMirrorInterval: ctx.app.config.mirrorIntervalSeconds,
  minMirrorInterval: minMirrorIntervalSeconds,
});

/**
 * The new repository's owner: `repo_owner` (current Gitea), else `uid` (the 1.1.1 form), else the doer.
 * Unknown → 422; as Gitea, only admins migrate for others, and only organization owners into organizations.
 */
function migrationOwner(
  ctx: RequestContext,
  doer: UserRow,
  ownerName: string | undefined,
  uid: number | undefined,
): UserRow {
  let owner: UserRow | undefined = doer;
  if (ownerName !== undefined && ownerName !== '') {
    owner = findAccountByName(ctx.db, ownerName);
    if (!owner) throw invalid(`user does not exist [name: ${ownerName}]`);
  } else if (uid !== undefined && uid !== 0) {
    owner = findUserById(ctx.db, uid);
    if (!owner) throw invalid(`user does not exist [uid: ${uid}]`);
  }
  if (isSiteAdmin(doer) || owner.id === doer.id) return owner;
  if (owner.type !== userType.organization) throw forbidden('Given user is not an organization.');
  if (orgRole(ctx.db, doer, owner) !== 'owner') throw forbidden('Given user is not owner of organization.');
  return owner;
}

export const migrateHandlers: HandlerMap = {
  repoMigrate: async (ctx) => {
    const doer = ctx.requireUser();
    const body = await ctx.body();
    const cloneAddr = body.string('clone_addr', { required: true, nonEmpty: true });
    const repoName = body.string('repo_name', { required: true, nonEmpty: true, maxLength: 100 });
    const owner = migrationOwner(ctx, doer, body.string('repo_owner'), body.integer('uid'));
    // From a Gitea-compatible source the tracker comes too, as the flags ask, and the wiki; LFS does not.
    const service = body.oneOf('service', [
      'git',
      'github',
      'gitea',
      'gitlab',
      'gogs',
      'onedev',
      'gitbucket',
      'codebase',
      'codecommit',
    ] as const);
    const mirror = body.boolean('mirror') ?? false;
    const wiki = body.boolean('wiki') ?? false;
    const flags = {
      labels: body.boolean('labels') ?? false,
      milestones: body.boolean('milestones') ?? false,
      issues: body.boolean('issues') ?? false,
      pullRequests: body.boolean('pull_requests') ?? false,
      releases: body.boolean('releases') ?? false,
    };
    const repo = await migrateRepository(migrationServices(ctx), doer, owner, {
      cloneAddr,
      authUsername: body.string('auth_username') ?? '',
      authPassword: body.string('auth_password') ?? '',
      authToken: body.string('auth_token') ?? '',
      repoName,
      description: body.string('description', { maxLength: 2048 }) ?? '',
      isPrivate: body.boolean('private') ?? false,
      mirror,
      wiki,
      mirrorInterval: body.string('mirror_interval'),
      // As Gitea: a mirror brings the git data only.
      tracker: service === 'gitea' && !mirror ? flags : undefined,
    });
    ctx.json(toRepository(ctx, repo, 'admin'));
  },
};
