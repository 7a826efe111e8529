import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { conflict, forbidden, invalid, malformed } from '../domain/errors';
import { commitInitialFiles, initBareRepository, type ObjectFormat } from '../git/init';
import { managedGitDir, stagingDir } from '../git/paths';
import { isValidBranchName } from '../git/refs';
import { repositorySizeKiB } from '../git/repository';
import type { Database } from '../store/database';
import { nowSeconds } from '../store/database';
import { upsertCollaboration } from '../store/collaborations';
import { copyDefaultWebhooks } from '../store/hooks';
import { insertLabel } from '../store/labels';
import {
  countRepositoriesOwnedBy,
  findRepositoryById,
  insertRepository,
  linkRepositoryToAllRepositoryTeams,
  repositoryNameTaken,
  type NewRepository,
  type RepositoryRow,
} from '../store/repositories';
import { userType, type UserRow } from '../store/users';
import { setWatchMode, watchMode } from '../store/watches';
import {
  gitignoreText,
  hasGitignoreTemplate,
  hasLicenseTemplate,
  licenseText,
  readmeTemplateNames,
  readmeText,
} from '../templates/repoInitFiles';
import { labelTemplate } from '../templates/labels';
import { atLeast, isSiteAdmin, repoAccess } from './permissions';
import { repositoryNameProblem } from './repositoryNames';

/** Gitea's CreateRepoOption, parsed. */
export interface CreateRepositoryInput {
  name: string;
  description: string;
  isPrivate: boolean;
  isTemplate: boolean;
  autoInit: boolean;
  /** Comma-separated .gitignore template names, as the API sends them. */
  gitignores: string;
  license: string;
  readme: string;
  issueLabels: string;
  defaultBranch: string;
  objectFormat: ObjectFormat;
}

export interface RepositoryServices {
  readonly db: Database;
  readonly dataDir: string;
  /** The host of Gitea's placeholder addresses (`<name>@noreply.<host>`) for users who keep their e-mail private. */
  readonly noreplyHost: string;
}

export const duplicateRepositoryMessage = 'The repository with the same name already exists.';

const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && 'errcode' in error && error.errcode === 2067;

/** Checks everything a create can check before touching the disk: 422/400 as Gitea answers. */
function validate(input: CreateRepositoryInput): { gitignores: string[] } {
  const nameProblem = repositoryNameProblem(input.name);
  if (nameProblem) throw invalid(nameProblem);
  if (!isValidBranchName(input.defaultBranch)) throw invalid(`[DefaultBranch]: GitRefName`);
  const gitignores = input.gitignores
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknownGitignore = gitignores.find((name) => !hasGitignoreTemplate(name));
  if (unknownGitignore !== undefined)
    throw invalid(`gitignore template does not exist [name: ${unknownGitignore}]`);
  if (input.license !== '' && !hasLicenseTemplate(input.license)) {
    throw invalid(`license template does not exist [name: ${input.license}]`);
  }
  if (input.issueLabels !== '' && labelTemplate(input.issueLabels) === undefined)
    throw invalid(`label template does not exist [name: ${input.issueLabels}]`);
  // Gitea answers 400 for an unknown README template.
  if (input.autoInit && input.readme !== '' && !readmeTemplateNames.includes(input.readme)) {
    throw malformed(
      `readme template does not exist, available templates: [${readmeTemplateNames.join(' ')}]`,
    );
  }
  return { gitignores };
}

/** Gitea's commit signature for a user: the full name if set, and the placeholder address if the e-mail is private. */
function signatureOf(services: RepositoryServices, user: UserRow): { name: string; email: string } {
  const email =
    user.keep_email_private || user.email === ''
      ? `${user.lower_name}@noreply.${services.noreplyHost}`
      : user.email;
  return { name: user.full_name.trim() || user.name, email };
}

/** Builds the whole git repository (and its first commit when asked) in a staging folder. */
async function buildGitRepository(
  services: RepositoryServices,
  doer: UserRow,
  owner: UserRow,
  input: CreateRepositoryInput,
  gitignores: readonly string[],
): Promise<{ stagingPath: string; size: number }> {
  mkdirSync(stagingDir(services.dataDir), { recursive: true });
  const stagingPath = path.join(stagingDir(services.dataDir), `${randomUUID()}.git`);
  try {
    await initBareRepository(stagingPath, {
      defaultBranch: input.defaultBranch,
      objectFormat: input.objectFormat,
    });
    if (input.autoInit) {
      const when = nowSeconds();
      const author = { ...signatureOf(services, doer), when };
      const files = new Map([['README.md', readmeText(input)]]);
      if (gitignores.length > 0) files.set('.gitignore', gitignoreText(gitignores));
      const license = licenseText(input.license, {
        owner: owner.name,
        email: author.email,
        repo: input.name,
        year: String(new Date(when * 1000).getUTCFullYear()),
      });
      if (license !== undefined) files.set('LICENSE', license);
      await commitInitialFiles(stagingPath, {
        branch: input.defaultBranch,
        message: 'Initial commit',
        author,
        files,
      });
    }
    return { stagingPath, size: await repositorySizeKiB(stagingPath) };
  } catch (error) {
    rmSync(stagingPath, { recursive: true, force: true });
    throw error;
  }
}

/** Gitea's per-owner repository limit (`max_repo_creation`, -1 = the default: no limit); admins are exempt. */
export function assertMayOwnAnotherRepository(db: Database, doer: UserRow, owner: UserRow): void {
  if (
    !isSiteAdmin(doer) &&
    owner.max_repo_creation >= 0 &&
    countRepositoriesOwnedBy(db, owner.id) >= owner.max_repo_creation
  ) {
    throw forbidden(`You have already reached your limit of ${owner.max_repo_creation} repositories.`);
  }
}

/**
 * Moves a git repository assembled in a staging folder into place under its row, in one transaction so
 * either both exist or neither does: the creator watches it, an organization's all-repository teams get it,
 * and a creator who would not be its admin becomes an admin collaborator. `alsoInTransaction` records what
 * else belongs to the new row (a fork's parent, a mirror's remote). The staging folder is gone afterwards.
 */
export function placeRepository(
  services: RepositoryServices,
  doer: UserRow,
  owner: UserRow,
  row: NewRepository,
  stagingPath: string,
  alsoInTransaction?: (repoId: number) => void,
): RepositoryRow {
  const { db } = services;
  const finalPath = managedGitDir(services.dataDir, owner.name, row.name);
  let moved = false;
  try {
    const id = db.transaction(() => {
      const repoId = insertRepository(db, row);
      setWatchMode(db, doer.id, repoId, watchMode.normal);
      if (owner.type === userType.organization) {
        linkRepositoryToAllRepositoryTeams(db, owner.id, repoId);
        const created = findRepositoryById(db, repoId)!;
        if (!atLeast(repoAccess(db, doer, created), 'admin'))
          upsertCollaboration(db, repoId, doer.id, 'admin');
      }
      // Gitea's createRepositoryInDB: the administrators' default hooks become the repository's own
      copyDefaultWebhooks(db, repoId);
      alsoInTransaction?.(repoId);
      // Leftovers of a crash must not be adopted silently.
      if (existsSync(finalPath))
        throw conflict(`repository files already exist [uname: ${owner.name}, name: ${row.name}]`);
      mkdirSync(path.dirname(finalPath), { recursive: true });
      renameSync(stagingPath, finalPath);
      moved = true;
      return repoId;
    });
    return findRepositoryById(db, id)!;
  } catch (error) {
    // A failed COMMIT after the move must not leave a folder without its row.
    rmSync(moved ? finalPath : stagingPath, { recursive: true, force: true });
    if (isUniqueViolation(error)) throw conflict(duplicateRepositoryMessage);
    throw error;
  }
}

/**
 * Creates a repository owned by `owner` on behalf of `doer`, as Gitea's CreateRepository does: the git
 * repository is assembled in a staging folder, then placed with its row (`placeRepository`). Callers check
 * who may create for `owner`.
 */
export async function createRepository(
  services: RepositoryServices,
  doer: UserRow,
  owner: UserRow,
  input: CreateRepositoryInput,
): Promise<RepositoryRow> {
  const { db } = services;
  const { gitignores } = validate(input);
  assertMayOwnAnotherRepository(db, doer, owner);
  if (repositoryNameTaken(db, owner.id, input.name)) throw conflict(duplicateRepositoryMessage);

  const { stagingPath, size } = await buildGitRepository(services, doer, owner, input, gitignores);
  return placeRepository(
    services,
    doer,
    owner,
    {
      ownerId: owner.id,
      ownerName: owner.name,
      name: input.name,
      description: input.description,
      defaultBranch: input.defaultBranch,
      isPrivate: input.isPrivate,
      isEmpty: !input.autoInit,
      isTemplate: input.isTemplate,
      objectFormatName: input.objectFormat,
      size,
    },
    stagingPath,
    // Gitea's InitializeLabels: the chosen label template's labels, with the repository
    (repoId) => {
      for (const entry of labelTemplate(input.issueLabels) ?? [])
        insertLabel(db, { repoId }, { ...entry, archived: false });
    },
  );
}
