import { randomUUID } from 'node:crypto';
import { invalid } from '../domain/errors';
import { commitTree, deleteRef, fetchBranch, setRef, treeOf } from '../git/merge';
import { commitFileChanges, type FileChange } from '../git/fileCommit';
import { repositoryGitDir } from '../git/paths';
import { branchRef } from '../git/refs';
import { setHeadBranch } from '../git/repository';
import { runGit } from '../git/run';
import { listTreeEntries } from '../git/treeListing';
import type { Database } from '../store/database';
import {
  insertProtectedBranch,
  listProtectedBranches,
  type ProtectedBranchChanges,
} from '../store/branchProtections';
import { insertWebhook, listWebhooks } from '../store/hooks';
import { insertLabel, listLabels } from '../store/labels';
import { listRepoTopics, replaceRepoTopics } from '../store/topics';
import { findRepositoryById, updateRepositoryColumns, type RepositoryRow } from '../store/repositories';
import type { UserRow } from '../store/users';
import { gitPerson } from './mergeStyles';
import { trackRefChanges, type RefChangeServices } from './refChanges';
import { createRepository, type RepositoryServices } from './repositoryCreate';
import {
  expandTemplate,
  sanitizeTemplatePath,
  templateFile,
  templateMatcher,
  templateVariables,
  type TemplateRepository,
} from './templateExpansion';

/** Gitea's GenerateRepoOptions: what of the template the new repository takes. */
export interface GenerateInput {
  readonly name: string;
  readonly description: string;
  readonly defaultBranch: string;
  readonly isPrivate: boolean;
  readonly gitContent: boolean;
  readonly topics: boolean;
  readonly gitHooks: boolean;
  readonly webhooks: boolean;
  readonly avatar: boolean;
  readonly labels: boolean;
  readonly protectedBranch: boolean;
}

type GenerateServices = RepositoryServices & RefChangeServices;

const describe = (rootUrl: string, repo: RepositoryRow): TemplateRepository => ({
  name: repo.name,
  description: repo.description,
  ownerName: repo.owner_name,
  link: `${rootUrl}${repo.owner_name}/${repo.name}`,
  httpsUrl: `${rootUrl}${repo.owner_name}/${repo.name}.git`,
  // Teahouse serves no SSH
  sshUrl: '',
});

/**
 * The files of the template's tip with `.gitea/template` applied, as Gitea's processGiteaTemplateFile does:
 * the file itself goes, and the files its globs name get the variables expanded in content and path.
 * Undefined when the template has no such file (its tree is taken as it is).
 */
async function expandedFiles(
  services: GenerateServices,
  gitDir: string,
  tree: string,
  template: RepositoryRow,
  repo: RepositoryRow,
): Promise<FileChange[] | undefined> {
  const entries = await listTreeEntries(gitDir, tree, { recursive: true, treesToo: false });
  const rules = entries.find((entry) => entry.path === templateFile && entry.type === 'blob');
  if (!rules) return undefined;
  // the files a template expands are text, as Gitea reads them
  const readText = async (sha: string): Promise<string> =>
    (await runGit(['cat-file', 'blob', sha], { gitDir })).stdout;
  const matches = templateMatcher(await readText(rules.sha));
  const variables = templateVariables(describe(services.rootUrl, template), describe(services.rootUrl, repo));
  const files = new Map<string, FileChange>();
  for (const entry of entries) {
    if (entry === rules) continue;
    const regular = entry.mode === '100644' || entry.mode === '100755';
    if (!regular || !matches(entry.path)) {
      if (!files.has(entry.path))
        files.set(entry.path, { kind: 'blob', path: entry.path, sha: entry.sha, mode: entry.mode });
      continue;
    }
    const content = expandTemplate(await readText(entry.sha), variables);
    const path = sanitizeTemplatePath(expandTemplate(entry.path, variables)) || entry.path;
    files.set(path, { kind: 'write', path, content: Buffer.from(content, 'utf8'), mode: entry.mode });
  }
  return [...files.values()];
}

/**
 * The template's default branch as one new commit ("Initial commit" by the doer) on the new repository's
 * default branch, as Gitea's GenerateGitContent makes it.
 */
async function copyGitContent(
  services: GenerateServices,
  doer: UserRow,
  template: RepositoryRow,
  repo: RepositoryRow,
): Promise<void> {
  const gitDir = repositoryGitDir(services.dataDir, repo);
  const incoming = `refs/teahouse/incoming/${randomUUID()}`;
  await trackRefChanges(services, repo, gitDir, doer, async () => {
    try {
      const tip = await fetchBranch(
        gitDir,
        repositoryGitDir(services.dataDir, template),
        template.default_branch,
        incoming,
      );
      const person = gitPerson(doer, services.noreplyHost);
      const message = 'Initial commit\n';
      const tree = await treeOf(gitDir, tip);
      const changes = await expandedFiles(services, gitDir, tree, template, repo);
      const commit = changes
        ? await commitFileChanges(gitDir, {
            parent: undefined,
            changes,
            message,
            author: person,
            committer: person,
          })
        : await commitTree(gitDir, { tree, parents: [], message, author: person, committer: person });
      await setRef(gitDir, branchRef(repo.default_branch), commit);
      await setHeadBranch(gitDir, repo.default_branch);
    } finally {
      await deleteRef(gitDir, incoming);
    }
  });
}

/** Labels, webhooks and protection rules of the template, copied as rows of the new repository. */
function copyRows(db: Database, template: RepositoryRow, repo: RepositoryRow, input: GenerateInput): void {
  db.transaction(() => {
    if (input.topics) {
      replaceRepoTopics(
        db,
        repo.id,
        listRepoTopics(db, template.id).map((topic) => topic.name),
      );
    }
    if (input.labels) {
      const { rows } = listLabels(db, { repoId: template.id }, { page: 1, limit: 10_000, offset: 0 });
      for (const label of rows) {
        const { name, description, color, exclusive, archived_unix } = label;
        insertLabel(
          db,
          { repoId: repo.id },
          { name, description, color, exclusive, archived: archived_unix > 0 },
        );
      }
    }
    if (input.webhooks) {
      for (const hook of listWebhooks(db, { repoId: template.id }, 10_000, 0)) {
        insertWebhook(
          db,
          { repoId: repo.id },
          {
            name: hook.name,
            type: hook.type,
            url: hook.url,
            content_type: hook.content_type,
            secret: hook.secret,
            events: hook.events,
            branch_filter: hook.branch_filter,
            authorization_header: hook.authorization_header,
            meta: hook.meta,
            active: hook.is_active,
          },
        );
      }
    }
    if (input.protectedBranch) {
      for (const rule of listProtectedBranches(db, template.id)) {
        const { id: _id, repo_id: _repo, created_unix: _created, updated_unix: _updated, ...fields } = rule;
        insertProtectedBranch(db, repo.id, fields as ProtectedBranchChanges);
      }
    }
  });
}

/**
 * Gitea's GenerateRepository: a new repository of `owner` made from a template (422 when it is none, or
 * nothing is asked for), taking the items asked for. Callers check who may create for `owner`.
 */
export async function generateRepository(
  services: GenerateServices,
  doer: UserRow,
  owner: UserRow,
  template: RepositoryRow,
  input: GenerateInput,
): Promise<RepositoryRow> {
  if (!template.is_template) throw invalid('this is not a template repo');
  const items = [input.gitContent, input.topics, input.gitHooks, input.webhooks, input.avatar, input.labels];
  if (!items.some(Boolean) && !input.protectedBranch) throw invalid('must select at least one template item');
  const repo = await createRepository(services, doer, owner, {
    name: input.name,
    description: input.description,
    isPrivate: input.isPrivate,
    isTemplate: false,
    autoInit: false,
    gitignores: '',
    license: '',
    readme: '',
    issueLabels: '',
    defaultBranch: input.defaultBranch || template.default_branch,
    objectFormat: template.object_format_name === 'sha256' ? 'sha256' : 'sha1',
  });
  updateRepositoryColumns(services.db, repo.id, { template_id: template.id });
  if (input.gitContent && !template.is_empty) await copyGitContent(services, doer, template, repo);
  copyRows(services.db, template, repo, input);
  return findRepositoryById(services.db, repo.id)!;
}
