import data from './data/gitignores.json';

/**
 * The .gitignore templates, by the names Gitea gives them (github/gitignore's file names without the
 * suffix, folders flattened): data/gitignores.json, generated from github/gitignore by
 * scripts/gitignores.ts, as Gitea generates its options/gitignore from the same repository.
 */
const templates: Readonly<Record<string, string>> = data.templates;

/** The names in Gitea's order (byte order, as it sorts its option files). */
export const gitignoreTemplateNames: readonly string[] = Object.keys(templates);

export function gitignoreTemplate(name: string): string | undefined {
  return Object.hasOwn(templates, name) ? templates[name] : undefined;
}
