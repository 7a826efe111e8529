import { invalid } from '../../domain/errors';
import { parseMarkdown } from './markedParser';
import { linkReferencesInHtml } from './postProcess';
import { referenceLinkers } from './references';
import type { RepoContext } from './renderContext';
import { sanitizeRenderedHtml } from './sanitizer';

/**
 * - `markdown`: plain GitHub-flavoured markdown, no special links (Gitea's RenderRaw; `/markdown/raw`);
 * - `gfm`: plus mentions, issue and commit references;
 * - `comment`: as gfm, with single newlines kept as line breaks;
 * - `wiki`: as gfm, with `[[Page]]` wiki links.
 */
export type MarkdownMode = 'markdown' | 'gfm' | 'comment' | 'wiki';

/** Gitea's `/markdown` renders any mode it does not know as plain markdown. */
export function markdownMode(requested: string | undefined): MarkdownMode {
  const mode = requested?.trim().toLowerCase();
  return mode === 'gfm' || mode === 'comment' || mode === 'wiki' ? mode : 'markdown';
}

/** The file extensions Gitea renders as markdown (its `[markup.markdown] FILE_EXTENSIONS` default). */
const markdownExtensions = ['.md', '.markdown', '.mdown', '.mkd', '.livemd'];

/**
 * Gitea 1.27's `/markup` modes, matched exactly: empty or `markdown` is plain markdown, `gfm`, `comment` and
 * `wiki` as above, and `file` renders by the file path's extension; anything else is a 422. Markdown is the
 * one file type rendered here (Gitea also renders CSV, Org and others): other files are refused as Gitea
 * refuses a file no renderer takes.
 */
export function markupMode(mode: string, filePath: string): MarkdownMode {
  switch (mode) {
    case '':
    case 'markdown':
      return 'markdown';
    case 'gfm':
    case 'comment':
    case 'wiki':
      return mode;
    case 'file': {
      const lower = filePath.toLowerCase();
      if (markdownExtensions.some((extension) => lower.endsWith(extension))) return 'gfm';
      throw invalid(`unsupported file to render: ${JSON.stringify(filePath)}`);
    }
    default:
      throw invalid(`Unknown mode: ${mode}`);
  }
}

export interface RenderOptions {
  readonly mode: MarkdownMode;
  /** The server's root URL, ending in `/`. */
  readonly rootUrl: string;
  /** The repository references resolve against (from MarkdownOption.Context). */
  readonly repo?: RepoContext | null;
  /** MarkdownOption.Wiki: resolve `[[Page]]` links (implied by the `wiki` mode). */
  readonly wiki?: boolean;
  /** Told when the renderer fails (e.g. input nested too deeply) and the escaped text is answered instead. */
  readonly onError?: (error: unknown) => void;
}

/** The answer when rendering fails or takes too long: the text, escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function renderUnsafe(text: string, options: RenderOptions): string {
  const html = parseMarkdown(text, { breaks: options.mode === 'comment' });
  if (options.mode === 'markdown') return html;
  const linkers = referenceLinkers({
    rootUrl: options.rootUrl,
    repo: options.repo ?? null,
    wiki: options.mode === 'wiki' || options.wiki === true,
  });
  return linkReferencesInHtml(html, linkers);
}

/** Renders markdown to sanitised HTML, the way Gitea's `/markdown` endpoint does. */
export function renderMarkdown(text: string, options: RenderOptions): string {
  if (text === '') return '';
  let html: string;
  try {
    html = renderUnsafe(text, options);
  } catch (error) {
    // like Gitea's renderer recovering from a panic: show the text rather than fail the request
    options.onError?.(error);
    return escapeHtml(text);
  }
  return sanitizeRenderedHtml(html);
}
