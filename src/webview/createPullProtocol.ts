/**
 * The messages between the Create Pull Request form and the extension (plain data: both sides import it).
 * The form sends requests with an id; the extension answers each with a response of the same id.
 */

export interface NamedChoice {
  readonly id: number;
  readonly name: string;
}

export interface TemplateChoice {
  /** The template's path in the default branch; also what the picker shows. */
  readonly path: string;
  readonly label: string;
  readonly content: string;
}

/** What the form starts with: the branches, the prefilled text, the choices the server offers. */
export interface CreatePullModel {
  /** `owner/repo` and the server's name, for the heading. */
  readonly repository: string;
  readonly server: string;
  readonly head: string;
  readonly base: string;
  /** Base branches to choose from (the head excluded). */
  readonly branches: readonly string[];
  readonly title: string;
  /** The single commit's body; empty when the branch has several commits. */
  readonly commitBody: string;
  /** `Fixes #n` when the branch works on an issue, else empty. */
  readonly fixes: string;
  readonly templates: readonly TemplateChoice[];
  /** The path of the template the body starts from; undefined for none. */
  readonly template: string | undefined;
  readonly body: string;
  readonly labels: readonly (NamedChoice & { readonly color: string })[];
  readonly milestones: readonly NamedChoice[];
  /** Logins that can be assigned or asked to review. */
  readonly people: readonly string[];
  /** Why reviewers cannot be asked on this server ("needs Gitea ≥ 1.14"); undefined when they can. */
  readonly reviewersNote: string | undefined;
  /** The title prefix that marks a draft on Gitea ("WIP:"). */
  readonly draftPrefix: string;
}

/** What the form submits. */
export interface CreatePullValues {
  readonly base: string;
  readonly title: string;
  readonly body: string;
  readonly draft: boolean;
  readonly labels: readonly number[];
  readonly milestone: number | undefined;
  readonly assignees: readonly string[];
  readonly reviewers: readonly string[];
}

export interface CreatePullRequests {
  load: { params: Record<string, never>; result: CreatePullModel };
  preview: { params: { text: string }; result: { html: string } };
  create: { params: CreatePullValues; result: { number: number } };
  cancel: { params: Record<string, never>; result: null };
  openLink: { params: { href: string }; result: null };
}

/** The body from its parts: the commit's text, the template, the issue line; empty parts left out. */
export function composePullBody(commitBody: string, template: string, fixes: string): string {
  return [commitBody, template, fixes]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join('\n\n');
}

/** The title as sent: with the draft prefix when a draft, without it otherwise. */
export function titleWithDraft(title: string, draft: boolean, prefix: string): string {
  const bare = title
    .trim()
    .replace(new RegExp(`^${prefix.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*`, 'i'), '');
  return draft ? `${prefix.trim()} ${bare}` : bare;
}
