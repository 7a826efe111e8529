import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { linkText, type Piece, type TextLinker } from './references';

type DomDocument = ReturnType<typeof parseDocument>;
type DomNode = DomDocument['children'][number];
type DomText = Extract<DomNode, { type: typeof ElementType.Text }>;

/** Gitea leaves text inside links and code alone; the rest are not visible prose. */
const untouchedElements = new Set(['a', 'code', 'pre', 'script', 'style', 'textarea', 'title']);

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function pieceHtml(piece: Piece): string {
  switch (piece.kind) {
    case 'text':
      return escapeHtml(piece.text);
    case 'image':
      return (
        `<a href="${escapeHtml(piece.href)}"><img src="${escapeHtml(piece.src)}" ` +
        `title="${escapeHtml(piece.title)}" alt="${escapeHtml(piece.alt)}"></a>`
      );
    case 'link': {
      const className = piece.className ? ` class="${piece.className}"` : '';
      const text = piece.code
        ? `<code class="nohighlight">${escapeHtml(piece.text)}</code>`
        : escapeHtml(piece.text);
      return `<a href="${escapeHtml(piece.href)}"${className}>${text}</a>`;
    }
  }
}

function linkTextNode(node: DomText, linkers: readonly TextLinker[]): void {
  const pieces = linkText(node.data, linkers);
  if (pieces.every((piece) => piece.kind === 'text')) return;
  const replacement = parseDocument(pieces.map(pieceHtml).join('')).children;
  for (const child of [...replacement]) DomUtils.prepend(node, child);
  DomUtils.removeElement(node);
}

/** Walks the tree with an explicit stack: deeply nested input must not exhaust the call stack. */
function visit(root: DomDocument, linkers: readonly TextLinker[]): void {
  const pending: DomNode[] = [...root.children];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === ElementType.Text) linkTextNode(node, linkers);
    else if (
      (node.type === ElementType.Tag ||
        node.type === ElementType.Script ||
        node.type === ElementType.Style) &&
      !untouchedElements.has(node.name.toLowerCase())
    ) {
      for (const child of node.children) pending.push(child);
    }
  }
}

/**
 * Gitea's post-processing (modules/markup/html.go `postProcess`): every text node outside links, code and
 * pre blocks — including text inside raw HTML such as `<details>` — gets the special links. The output
 * still goes through the sanitiser.
 */
export function linkReferencesInHtml(html: string, linkers: readonly TextLinker[]): string {
  if (linkers.length === 0) return html;
  const document = parseDocument(html);
  visit(document, linkers);
  return DomUtils.getOuterHTML(document);
}
