import { gitignoreTemplate } from './gitignores';
import { licenseTemplate } from './licenses';

/**
 * The files of an auto-initialised repository: README.md, .gitignore and LICENSE, filled in as Gitea does,
 * from the same templates the template API lists (gitignores.ts, licenses.ts).
 */

/** Gitea ships one README template, "Default". */
export const readmeTemplateNames: readonly string[] = ['Default'];

export const hasGitignoreTemplate = (name: string): boolean => gitignoreTemplate(name) !== undefined;
export const hasLicenseTemplate = (name: string): boolean => licenseTemplate(name) !== undefined;

/** Gitea's Default README: the name as a heading, then the description. */
export function readmeText(repo: { name: string; description: string }): string {
  return `# ${repo.name}\n\n${repo.description}\n`;
}

/** The chosen templates one after the other, each under a `# ---> Name` line, as Gitea joins them. */
export function gitignoreText(names: readonly string[]): string {
  return names.map((name) => `# ---> ${name}\n${gitignoreTemplate(name) ?? ''}\n`).join('');
}

export interface LicenseValues {
  owner: string;
  email: string;
  repo: string;
  year: string;
}

// Gitea's universal placeholders (modules/repository/license.go).
const placeholders: Readonly<Record<keyof LicenseValues, readonly string[]>> = {
  owner: [
    '<name of author>',
    '<owner>',
    '[NAME]',
    '[name of copyright owner]',
    '[name of copyright holder]',
    '<COPYRIGHT HOLDERS>',
    '<copyright holders>',
    '<AUTHOR>',
    "<author's name or designee>",
    '[fullname]',
  ],
  email: ['[EMAIL]'],
  repo: ['<program>', "<one line to give the program's name and a brief idea of what it does.>"],
  year: ['<year>', '[YEAR]', '{YEAR}', '[yyyy]', '[Year]', '[year]'],
};

/** The licence text with its placeholders filled in, or undefined for an unknown licence. */
export function licenseText(name: string, values: LicenseValues): string | undefined {
  let text = licenseTemplate(name);
  if (text === undefined) return undefined;
  for (const key of Object.keys(placeholders) as (keyof LicenseValues)[]) {
    for (const placeholder of placeholders[key]) text = text.replaceAll(placeholder, values[key]);
  }
  return text;
}
