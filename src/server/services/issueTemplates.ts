import { parse } from 'yaml';
import type { CatFileReader } from '../git/catFile';
import { entryAt, readTree } from '../git/trees';

/** Where Gitea 1.14.1 looks for issue templates, in this order; the first folder with a valid one wins. */
const templateDirs = [
  'ISSUE_TEMPLATE',
  'issue_template',
  '.gitea/ISSUE_TEMPLATE',
  '.gitea/issue_template',
  '.github/ISSUE_TEMPLATE',
  '.github/issue_template',
  '.gitlab/ISSUE_TEMPLATE',
  '.gitlab/issue_template',
];

/** Gitea's `MaxDisplayFileSize`: larger templates are skipped. */
const maxTemplateSize = 8 * 1024 * 1024;

/** A markdown issue template: its front matter's fields, the text after it, and the file's name. */
export interface ParsedIssueTemplate {
  readonly name: string;
  readonly title: string;
  readonly about: string;
  readonly labels: string[];
  readonly assignees: string[];
  readonly ref: string;
  readonly content: string;
  readonly fileName: string;
}

/** A line of three or more dashes (spaces around allowed) opens and closes front matter. */
const isSeparator = (line: string): boolean => /^-{3,}$/.test(line.trim());

/**
 * Splits YAML front matter from the markdown after it, as Gitea's ExtractMetadata does: the first line must
 * be a separator, the front matter ends at the next one and may not be empty. Undefined when it is missing.
 */
export function splitFrontMatter(text: string): { front: string; body: string } | undefined {
  const lines = text.split('\n');
  if (lines.length === 0 || !isSeparator(lines[0]!)) return undefined;
  const end = lines.findIndex((line, i) => i > 0 && isSeparator(line));
  if (end <= 1) return undefined;
  return { front: lines.slice(1, end).join('\n'), body: lines.slice(end + 1).join('\n') };
}

/** A string field: scalars read as text (YAML `name: 1` is "1"), a map or list makes the template invalid. */
function stringField(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * A list of names: a YAML list, or (as later Gitea releases accept) one comma-separated string. Empty
 * items are dropped.
 */
function listField(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (!items) return undefined;
  const strings = items.map(stringField);
  if (strings.some((item) => item === undefined)) return undefined;
  return (strings as string[]).map((item) => item.trim()).filter((item) => item !== '');
}

/**
 * Parses one template file. Undefined when Gitea would skip it: no front matter, YAML it cannot read, fields
 * of the wrong kind, or no `name` or `about`.
 */
export function parseIssueTemplate(fileName: string, text: string): ParsedIssueTemplate | undefined {
  const split = splitFrontMatter(text);
  if (!split) return undefined;
  let meta: unknown;
  try {
    // Scalars as their text (`name: 1.0` is "1.0"), as Go's YAML decoder fills string fields.
    meta = parse(split.front, { schema: 'failsafe' });
  } catch {
    return undefined;
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return undefined;
  const fields = meta as Record<string, unknown>;
  const name = stringField(fields['name']);
  const title = stringField(fields['title']);
  const about = stringField(fields['about']);
  const ref = stringField(fields['ref']);
  const labels = listField(fields['labels']);
  const assignees = listField(fields['assignees']);
  if (name === undefined || title === undefined || about === undefined || ref === undefined) return undefined;
  if (!labels || !assignees || name.trim() === '' || about.trim() === '') return undefined;
  return { name, title, about, labels, assignees, ref, content: split.body, fileName };
}

/**
 * The issue templates of the tree `rootTree` (the default branch's): the `.md` files directly in the first
 * of Gitea's template folders that holds a valid one.
 */
export async function issueTemplatesOf(
  reader: CatFileReader,
  rootTree: string,
): Promise<ParsedIssueTemplate[]> {
  for (const dir of templateDirs) {
    const folder = await entryAt(reader, rootTree, dir);
    if (folder?.kind !== 'dir') continue;
    const entries = (await readTree(reader, folder.sha)) ?? [];
    const templates: ParsedIssueTemplate[] = [];
    for (const entry of entries) {
      if (!entry.name.endsWith('.md') || (entry.kind !== 'file' && entry.kind !== 'executable')) continue;
      const info = await reader.info(entry.sha);
      if (!info || info.size >= maxTemplateSize) continue;
      const blob = await reader.read(entry.sha);
      const template = blob && parseIssueTemplate(entry.name, blob.content.toString('utf8'));
      if (template) templates.push(template);
    }
    if (templates.length > 0) return templates;
  }
  return [];
}
