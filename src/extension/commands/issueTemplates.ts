import { ApiError, type TeahouseClient } from '../../api/client';
import type { ServerCapabilities } from '../../api/capabilities';
import { operationCatalogue } from '../../api/operations';
import type { ContentsResponse } from '../../api/types';
import {
  parseTemplateFile,
  templateFiles,
  templateFolders,
  type IssueTemplateChoice,
} from './issueTemplateFiles';

const templatesOperation = operationCatalogue.find(
  (operation) => operation.operationId === 'repoGetIssueTemplates',
)!;

/** At most this many files of a template folder are read. */
const maxFolderFiles = 20;

interface RepoRef {
  readonly owner: string;
  readonly repo: string;
}

/** A path's contents, or undefined when the repository has nothing there (404). */
async function contentsAt(client: TeahouseClient, ref: RepoRef, filepath: string): Promise<unknown> {
  try {
    return await client.api.repoGetContents({ ...ref, filepath });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

function fileText(entry: unknown): string | undefined {
  const file = entry as Partial<ContentsResponse> | undefined;
  if (file?.type !== 'file' || typeof file.content !== 'string') return undefined;
  return file.encoding === 'base64' ? Buffer.from(file.content, 'base64').toString('utf8') : file.content;
}

/** The templates of the first template folder that has any, else the first one-file template. */
async function templatesFromFiles(client: TeahouseClient, ref: RepoRef): Promise<IssueTemplateChoice[]> {
  for (const folder of templateFolders) {
    const listing = await contentsAt(client, ref, folder);
    if (!Array.isArray(listing)) continue;
    const files = (listing as Partial<ContentsResponse>[])
      .filter((entry) => entry.type === 'file' && /\.(md|markdown)$/i.test(entry.name ?? ''))
      .slice(0, maxFolderFiles);
    const templates: IssueTemplateChoice[] = [];
    for (const file of files) {
      const text = fileText(await contentsAt(client, ref, file.path ?? ''));
      if (text !== undefined) templates.push(parseTemplateFile(file.name ?? '', text));
    }
    if (templates.length > 0) return templates;
  }
  for (const path of templateFiles) {
    const text = fileText(await contentsAt(client, ref, path));
    if (text !== undefined) return [parseTemplateFile(path.split('/').pop() ?? path, text)];
  }
  return [];
}

/**
 * The repository's issue templates: the server's `GET /issue_templates` where it has one (Gitea ≥ 1.13;
 * 1.14 answers `null` for none), else — and for the one-file templates that endpoint never lists — the
 * template files of the default branch through the contents API.
 */
export async function issueTemplates(
  client: TeahouseClient,
  capabilities: ServerCapabilities,
  ref: RepoRef,
): Promise<IssueTemplateChoice[]> {
  if (capabilities.has(templatesOperation)) {
    const listed = ((await client.api.repoGetIssueTemplates(ref)) as unknown[] | null) ?? [];
    const templates = listed.map((entry) => {
      const template = entry as Partial<Record<'name' | 'about' | 'title' | 'content', string>> & {
        labels?: string[] | null;
      };
      return {
        name: template.name ?? '',
        about: template.about ?? '',
        title: template.title ?? '',
        body: template.content ?? '',
        labels: template.labels ?? [],
      };
    });
    if (templates.length > 0) return templates;
  }
  return templatesFromFiles(client, ref);
}
