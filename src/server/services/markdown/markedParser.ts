import { Marked, type Tokens } from 'marked';

export interface ParseOptions {
  /** Single newlines become `<br>` (Gitea's comment mode: EnableHardLineBreakInComments). */
  readonly breaks: boolean;
}

const entities: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The visible text of rendered inline HTML (tags dropped, marked's own escapes undone). */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? '');
}

/** GitHub-style heading anchors; the sanitiser prefixes every id with `user-content-`, as Gitea does. */
function headingSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base =
      text
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-') || 'heading';
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

/**
 * Markdown → unsanitised HTML with GitHub-flavoured extensions (tables, task lists, strikethrough, bare-URL
 * autolinks, fenced code with `language-*`), shaped like Gitea's goldmark output where it matters: task
 * items carry `class="task-list-item"` with a disabled checkbox, headings carry anchor ids.
 * The result MUST go through the sanitiser.
 */
export function parseMarkdown(text: string, options: ParseOptions): string {
  const slug = headingSlugger();
  const marked = new Marked({
    gfm: true,
    breaks: options.breaks,
    async: false,
    renderer: {
      heading({ tokens, depth }: Tokens.Heading): string {
        const inner = this.parser.parseInline(tokens);
        return `<h${depth} id="${slug(plainText(inner))}">${inner}</h${depth}>\n`;
      },
      listitem(item: Tokens.ListItem): string | false {
        if (!item.task) return false;
        return `<li class="task-list-item">${this.parser.parse(item.tokens)}</li>\n`;
      },
    },
  });
  return marked.parse(text, { async: false });
}
