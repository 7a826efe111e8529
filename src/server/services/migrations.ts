import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { toRepository } from '../convert/repository';
import { toUser } from '../convert/user';
import { managedWikiDir } from '../git/paths';
import { migrateWiki } from './wiki/wikiMigration';
import { cloneMirror, describeFetchFailure, removeOrigin } from '../git/fetch';
import { stagingDir } from '../git/paths';
import { headBranchOf, objectFormatOf, snapshotRefs } from '../git/receive';
import { repositorySizeKiB, setHeadBranch } from '../git/repository';
import { conflict, invalid } from '../domain/errors';
import { insertMirror, recordMigrationSource } from '../store/mirrors';
import { repositoryNameTaken, type RepositoryRow } from '../store/repositories';
import { userType, type UserRow } from '../store/users';
import type { AddressPolicy } from './addressPolicy';
import type { EventBus } from './events';
import { formatGoDuration, parseGoDuration } from './goDuration';
import { resolveMigrationSource, type ResolvedSource, type SourceRequest } from './migrationSource';
import {
  openTrackerSource,
  wantsTracker,
  type MigrationFlags,
  type PreparedTracker,
} from './migration/trackerImport';
import type { SourceAuth } from './migration/sourceApi';
import {
  assertMayOwnAnotherRepository,
  duplicateRepositoryMessage,
  placeRepository,
  type RepositoryServices,
} from './repositoryCreate';
import { repositoryNameProblem } from './repositoryNames';

export interface MigrationServices extends RepositoryServices {
  readonly rootUrl: string;
  readonly events: EventBus;
  readonly policy: AddressPolicy;
  /** Seconds; for mirrors that do not choose their interval. */
  readonly defaultMirrorInterval: number;
  readonly minMirrorInterval: number;
}

export interface MigrateInput extends SourceRequest {
  readonly repoName: string;
  readonly description: string;
  readonly isPrivate: boolean;
  readonly mirror: boolean;
  /** Whether the source's wiki comes too (`{address}.wiki.git`, when the source has one). */
  readonly wiki?: boolean;
  /** A Go duration (`8h`, `10m`, `0` for no background sync); the server's default when absent. */
  readonly mirrorInterval?: string;
  /**
   * What to bring besides the git data from a Gitea-compatible source (`service: "gitea"`); absent for
   * other services and for mirrors, which bring the git data only (as Gitea's).
   */
  readonly tracker?: MigrationFlags;
}

/** How the source's API is asked: the token when one is given, else the user name and password. */
function sourceAuth(input: MigrateInput, resolved: ResolvedSource): SourceAuth {
  if (input.authToken !== '') return { kind: 'token', token: input.authToken };
  if (resolved.username !== '' || resolved.password !== '')
    return { kind: 'basic', username: resolved.username, password: resolved.password };
  return { kind: 'none' };
}

/**
 * Clones, then reads the tracker (and does its git work on the clone); the staging folder is removed if
 * either fails. The source is opened before the clone, so a wrong address or token fails first.
 */
async function cloneWithTracker(
  services: MigrationServices,
  input: MigrateInput,
  resolved: ResolvedSource,
): Promise<{ cloned: Awaited<ReturnType<typeof cloneToStaging>>; tracker?: PreparedTracker }> {
  const flags = input.tracker;
  if (!flags || !wantsTracker(flags))
    return { cloned: await cloneToStaging(services, input, resolved.source) };
  const source = await openTrackerSource({
    policy: services.policy,
    git: resolved.source,
    auth: sourceAuth(input, resolved),
    flags,
  });
  try {
    const cloned = await cloneToStaging(services, input, resolved.source);
    try {
      return { cloned, tracker: await source.load(cloned.stagingPath) };
    } catch (error) {
      rmSync(cloned.stagingPath, { recursive: true, force: true });
      throw error;
    }
  } finally {
    await source.close();
  }
}

/** The mirror's interval in seconds: Gitea's rules (`0` turns the background sync off; a minimum otherwise). */
function mirrorIntervalSeconds(services: MigrationServices, text: string | undefined): number {
  if (text === undefined || text.trim() === '') return services.defaultMirrorInterval;
  const seconds = parseGoDuration(text);
  if (seconds === undefined)
    throw invalid(`[MirrorInterval]: invalid duration "${text}" (use e.g. 8h or 30m)`);
  if (seconds !== 0 && seconds < services.minMirrorInterval) {
    throw invalid(
      `interval ${text} is set below the minimum interval of ${formatGoDuration(services.minMirrorInterval)}`,
    );
  }
  return Math.round(seconds);
}

/** Clones into a staging folder; the branch HEAD names exists afterwards whenever any branch does. */
async function cloneToStaging(
  services: MigrationServices,
  input: MigrateInput,
  source: Parameters<typeof cloneMirror>[0],
) {
  mkdirSync(stagingDir(services.dataDir), { recursive: true });
  const stagingPath = path.join(stagingDir(services.dataDir), `${randomUUID()}.git`);
  try {
    await cloneMirror(source, stagingPath);
  } catch (error) {
    rmSync(stagingPath, { recursive: true, force: true });
    throw invalid(describeFetchFailure(error));
  }
  try {
    if (!input.mirror) await removeOrigin(stagingPath);
    const branches = [...(await snapshotRefs(stagingPath)).keys()]
      .filter((ref) => ref.startsWith('refs/heads/'))
      .map((ref) => ref.slice('refs/heads/'.length));
    let defaultBranch = (await headBranchOf(stagingPath)) ?? 'main';
    if (branches.length > 0 && !branches.includes(defaultBranch)) {
      defaultBranch = branches.includes('main') ? 'main' : branches.sort()[0]!;
      await setHeadBranch(stagingPath, defaultBranch);
    }
    return {
      stagingPath,
      defaultBranch,
      isEmpty: branches.length === 0,
      size: await repositorySizeKiB(stagingPath),
      objectFormat: await objectFormatOf(stagingPath),
    };
  } catch (error) {
    rmSync(stagingPath, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Migrates a repository into `owner` (the caller checked who may) as Gitea's migration does: the
 * address checked, every reference cloned (`git clone --mirror`), the repository placed with its row;
 * a mirror keeps its remote (without credentials) and a schedule, anything else forgets where it came from.
 * With `tracker` flags, labels, milestones, issues, pull requests and releases come along
 * (services/migration/), written in the same transaction as the repository's row: a failure anywhere
 * leaves neither rows nor git data.
 */
export async function migrateRepository(
  services: MigrationServices,
  doer: UserRow,
  owner: UserRow,
  input: MigrateInput,
): Promise<RepositoryRow> {
  const { db } = services;
  const problem = repositoryNameProblem(input.repoName);
  if (problem) throw invalid(problem);
  const interval = input.mirror ? mirrorIntervalSeconds(services, input.mirrorInterval) : 0;
  const resolved = await resolveMigrationSource(services.policy, doer, input);
  if (repositoryNameTaken(db, owner.id, input.repoName)) throw conflict(duplicateRepositoryMessage);
  assertMayOwnAnotherRepository(db, doer, owner);

  const { cloned, tracker } = await cloneWithTracker(services, input, resolved);
  const place = (): RepositoryRow =>
    placeRepository(
      services,
      doer,
      owner,
      {
        ownerId: owner.id,
        ownerName: owner.name,
        name: input.repoName,
        description: input.description,
        defaultBranch: cloned.defaultBranch,
        isPrivate: input.isPrivate,
        isEmpty: cloned.isEmpty,
        isTemplate: false,
        objectFormatName: cloned.objectFormat,
        size: cloned.size,
      },
      cloned.stagingPath,
      (repoId) => {
        recordMigrationSource(db, repoId, {
          originalUrl: resolved.address,
          mirror: input.mirror,
          mirrorInterval: input.mirror ? formatGoDuration(interval) : '',
        });
        if (input.mirror) {
          insertMirror(db, {
            repoId,
            remoteAddress: resolved.address,
            authUsername: resolved.username,
            authPassword: resolved.password,
            intervalSeconds: interval,
          });
        }
        // Imported issues, comments and the rest fire no webhooks, as in Gitea: only the repository's creation does.
        tracker?.write(db, services.dataDir, repoId);
      },
    );
  let repo: RepositoryRow;
  try {
    repo = place();
  } catch (error) {
    tracker?.discard();
    throw error;
  }
  if (input.wiki) {
    await migrateWiki(resolved.source, managedWikiDir(services.dataDir, owner.name, repo.name), input.mirror);
  }
  const view = { db, user: doer, rootUrl: services.rootUrl };
  services.events.emit({
    event: 'repository',
    repoId: repo.id,
    senderId: doer.id,
    payload: {
      action: 'created',
      repository: toRepository(view, repo),
      organization: owner.type === userType.organization ? toUser(view, owner) : null,
      sender: toUser(view, doer),
    },
  });
  return repo;
}
