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
