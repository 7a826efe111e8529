import { need, shortfall, type ServerCapabilities } from '../../api/capabilities';
import { ApiError, type TeahouseClient } from '../../api/client';
import { operationNamed } from '../../api/operations';
import type { ContentsResponse } from '../../api/types';
import { composePullBody, type CreatePullModel, type TemplateChoice } from '../../webview/createPullProtocol';
import { serverLabel } from '../accounts/account';
import type { RepoRef } from '../views/nodes';
import { pullRequestBodyFor } from '../workspace/workBranch';
import {
  discoverTemplates,
  templateLabel,
  type Listing,
  type PullRequestDraft,
} from '../workspace/pullRequestDraft';

/** Gitea marks a draft pull request by this title prefix (its default `WORK_IN_PROGRESS_PREFIXES`). */
export const draftPrefix = 'WIP:';

const reviewerNeeds = [need(operationNamed('repoCreatePullReviewRequests'))];

/** Why this server cannot be asked for reviewers (the form hides the field then), else undefined. */
export function reviewersShortfall(capabilities: ServerCapabilities): string | undefined {
  return shortfall(capabilities, reviewerNeeds);
}

/** A list the form can do without: what the server refuses (no access, an older server) is left empty. */
async function optionalList<T>(load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && [403, 404, 405, 501].includes(error.status)) return [];
    throw error;
  }
}

export interface CreatePullInputs {
  readonly client: TeahouseClient;
  readonly capabilities: ServerCapabilities;
  readonly serverUrl: string;
  readonly me: string;
  readonly ref: RepoRef;
  readonly head: string;
  readonly base: string;
  /** The server's branches. */
  readonly branches: readonly string[];
  /** Where the templates are read: the default branch. */
  readonly templateBranch: string;
  readonly draft: PullRequestDraft;
  readonly issue: number | undefined;
}

async function listing(client: TeahouseClient, ref: RepoRef, branch: string, folder: string) {
  try {
    const entries: unknown =
      folder === ''
        ? await client.api.repoGetContentsList({ ...ref, ref: branch })
        : await client.api.repoGetContents({ ...ref, filepath: folder, ref: branch });
    if (!Array.isArray(entries)) return undefined;
    const typed = entries as ContentsResponse[];
    return {
      files: typed.filter((entry) => entry.type === 'file').map((entry) => entry.name),
      folders: typed.filter((entry) => entry.type === 'dir').map((entry) => entry.name),
    } satisfies Listing;
  } catch {
    // no such folder (404), or an empty repository
    return undefined;
  }
}

async function fileText(client: TeahouseClient, ref: RepoRef, branch: string, filepath: string) {
  const file = await client.api.repoGetContents({ ...ref, filepath, ref: branch });
  return file.content ? Buffer.from(file.content, 'base64').toString('utf8') : '';
}

/** The default branch's pull request templates with their text, in the order they are offered. */
export async function loadTemplates(
  client: TeahouseClient,
  ref: RepoRef,
  branch: string,
): Promise<TemplateChoice[]> {
  const paths = await discoverTemplates((folder) => listing(client, ref, branch, folder));
  return Promise.all(
    paths.map(async (path) => ({
      path,
      label: templateLabel(path),
      content: await fileText(client, ref, branch, path),
    })),
  );
}

/** Everything the form starts with, read from the server. */
export async function loadCreatePullModel(inputs: CreatePullInputs): Promise<CreatePullModel> {
  const { client, ref, head, base } = inputs;
  const branches = inputs.branches.filter((name) => name !== head);
  if (!branches.includes(base)) branches.unshift(base);
  const labels = await optionalList(async () => {
    const found = [];
    for await (const label of client.paginate('issueListLabels', { ...ref, limit: 50 }))
      found.push({ id: label.id, name: label.name, color: label.color });
    return found;
  });
  const milestones = await optionalList(async () => {
    const found = [];
    for await (const milestone of client.paginate('issueGetMilestones', { ...ref, state: 'open', limit: 50 }))
      found.push({ id: milestone.id, name: milestone.title });
    return found;
  });
  const people = new Set<string>([ref.owner, inputs.me]);
  // only writers may list collaborators: a reader still gets the owner and themself
  for (const login of await optionalList(async () => {
    const found: string[] = [];
    for await (const user of client.paginate('repoListCollaborators', { ...ref, limit: 50 }))
      found.push(user.login);
    return found;
  }))
    people.add(login);
  const templates = await loadTemplates(client, ref, inputs.templateBranch);
  const template = templates[0];
  const fixes = pullRequestBodyFor(inputs.issue);
  return {
    repository: `${ref.owner}/${ref.repo}`,
    server: serverLabel(inputs.serverUrl),
    head,
    base,
    branches,
    title: inputs.draft.title,
    commitBody: inputs.draft.commitBody,
    fixes,
    templates,
    template: template?.path,
    body: composePullBody(inputs.draft.commitBody, template?.content ?? '', fixes),
    labels,
    milestones,
    people: [...people].sort((a, b) => a.localeCompare(b)),
    reviewersNote: reviewersShortfall(inputs.capabilities),
    draftPrefix,
  };
}
