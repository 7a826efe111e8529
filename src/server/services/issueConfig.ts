import { parse } from 'yaml';
import type { IssueConfig, IssueConfigContactLink } from '../../api/types';
import type { CatFileReader } from '../git/catFile';
import { readCommit } from '../git/commits';
import { resolveBranch } from '../git/refs';
import { entryAt, readBlob } from '../git/trees';
import type { RepositoryRow } from '../store/repositories';

/** Where Gitea looks for the issue chooser's config, first found wins (`.yaml` before `.yml`). */
const configCandidates = [
  '.gitea/ISSUE_TEMPLATE/config',
  '.gitea/issue_template/config',
  '.github/ISSUE_TEMPLATE/config',
  '.github/issue_template/config',
].flatMap((name) => [`${name}.yaml`, `${name}.yml`]);

const defaultConfig = (): IssueConfig => ({ blank_issues_enabled: true, contact_links: [] });

/** Go's url.ParseRequestURI accepts an absolute URL or an absolute path. */
const isRequestUri = (value: string): boolean =>
  /^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$/.test(value) || /^\/\S*$/.test(value);

/** Reads the config text as Gitea's yaml.Unmarshal into api.IssueConfig and its link checks do. */
function parseConfig(text: string): IssueConfig {
  const value: unknown = parse(text);
  const config = defaultConfig();
  if (value === null || value === undefined) return config;
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error('yaml: the config is not a mapping');
  const record = value as Record<string, unknown>;
  const blank = record['blank_issues_enabled'];
  if (blank !== undefined && blank !== null) {
    if (typeof blank !== 'boolean') throw new Error('yaml: blank_issues_enabled is not a boolean');
    config.blank_issues_enabled = blank;
  }
  const links = record['contact_links'];
  if (links !== undefined && links !== null) {
    if (!Array.isArray(links)) throw new Error('yaml: contact_links is not a list');
    config.contact_links = links.map((link: unknown): IssueConfigContactLink => {
      const fields = typeof link === 'object' && link !== null ? (link as Record<string, unknown>) : {};
      const text = (key: string): string => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
      return { name: text('name'), url: text('url'), about: text('about') };
    });
  }
  config.contact_links.forEach((link, index) => {
    for (const key of ['name', 'url', 'about'] as const) {
      if (link[key] === '') throw new Error(`contact_link at position ${index + 1} is missing ${key} key`);
    }
    if (!isRequestUri(link.url)) throw new Error(`${link.url} is not a valid URL`);
  });
  return config;
}

/**
 * Gitea's GetTemplateConfigFromDefaultBranch: the issue config of the default branch, or the default one
 * (blank issues allowed, no links) with the reason it could not be read.
 */
export async function readIssueConfig(
  reader: CatFileReader,
  repo: Pick<RepositoryRow, 'default_branch' | 'is_empty'>,
): Promise<{ config: IssueConfig; error?: string }> {
  if (repo.is_empty) return { config: defaultConfig() };
  const tip = await resolveBranch(reader, repo.default_branch);
  const commit = tip ? await readCommit(reader, tip) : undefined;
  if (!commit)
    return { config: defaultConfig(), error: `branch does not exist [name: ${repo.default_branch}]` };
  for (const path of configCandidates) {
    const entry = await entryAt(reader, commit.tree, path);
    if (!entry || entry.kind === 'dir') continue;
    const blob = await readBlob(reader, entry.sha, 1024 * 1024);
    try {
      return { config: parseConfig(blob?.content?.toString('utf8') ?? '') };
    } catch (error) {
      return { config: defaultConfig(), error: error instanceof Error ? error.message : String(error) };
    }
  }
  return { config: defaultConfig() };
}
