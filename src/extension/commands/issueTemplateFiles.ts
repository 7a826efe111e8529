/*
 * Issue templates read from a repository's files, for servers without `GET /issue_templates` (and for the
 * single-file templates that endpoint never lists). vscode-free and unit-tested.
 */

/** A template as the create-issue command offers it. */
export interface IssueTemplateChoice {
  readonly name: string;
  readonly about: string;
  readonly title: string;
  readonly body: string;
  readonly labels: readonly string[];
}

/** Folders whose `*.md` files are templates, in Gitea's order of preference. */
export const templateFolders = [
  '.gitea/ISSUE_TEMPLATE',
  '.gitea/issue_template',
  '.github/ISSUE_TEMPLATE',
  '.github/issue_template',
];

/** One-file templates (Gitea's new-issue page uses the first it finds). */
export const templateFiles = [
  '.gitea/ISSUE_TEMPLATE.md',
  '.gitea/issue_template.md',
  '.github/ISSUE_TEMPLATE.md',
  '.github/issue_template.md',
];

const unquote = (value: string): string => {
  const trimmed = value.trim();
  const quoted = /^"(.*)"$/.exec(trimmed) ?? /^'(.*)'$/.exec(trimmed);
  return quoted ? (quoted[1] ?? '') : trimmed;
};

/** `[a, "b"]`, `a, b` or a block list's items: names, empty ones dropped. */
function listOf(inline: string, items: readonly string[]): string[] {
  const flow = /^\[(.*)\]$/.exec(inline.trim());
  const parts = items.length > 0 ? items : (flow?.[1] ?? inline).split(',');
  return parts.map(unquote).filter((part) => part !== '');
}

/**
 * The front matter's `name`, `about`, `title` and `labels` (a deliberately small reading of YAML:
 * `key: value` lines, quoted or not, and lists inline or as `- item` lines), and the markdown after it.
 * Text without front matter is all body.
 */
export function parseTemplateFile(fileName: string, text: string): IssueTemplateChoice {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const fallback = fileName.replace(/\.(md|markdown)$/i, '');
  const closing = lines.findIndex((line, index) => index > 0 && /^-{3,}\s*$/.test(line));
  if (!/^-{3,}\s*$/.test(lines[0] ?? '') || closing < 0)
    return { name: fallback, about: '', title: '', body: text, labels: [] };
  const fields = new Map<string, { inline: string; items: string[] }>();
  let last: { inline: string; items: string[] } | undefined;
  for (const line of lines.slice(1, closing)) {
    const item = /^\s+-\s+(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
    if (item && last) {
      last.items.push(item[1] ?? '');
      continue;
    }
    const field = /^([A-Za-z_]+)\s*:\s*(.*)$/.exec(line);
    if (!field) {
      last = undefined;
      continue;
    }
    last = { inline: field[2] ?? '', items: [] };
    fields.set((field[1] ?? '').toLowerCase(), last);
  }
  const value = (key: string) => unquote(fields.get(key)?.inline ?? '');
  const labels = fields.get('labels');
  return {
    name: value('name') || fallback,
    about: value('about'),
    title: value('title'),
    body: lines.slice(closing + 1).join('\n'),
    labels: labels ? listOf(labels.inline, labels.items) : [],
  };
}
