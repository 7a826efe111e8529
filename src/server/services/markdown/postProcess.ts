import { Parser } from 'htmlparser2';
import { linkText, type Piece, type TextLinker } from './references';

/** Gitea leaves text inside links and code alone; the rest are not visible prose. */
const untouchedElements = new Set(['a', 'code', 'pre', 'script', 'style', 'textarea', 'title']);

const voidElements = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
]); // prettier-ignore

// eslint-disable-next-line no-control-regex
const attributeName = /^[^\s"'<>/=\x00-\x1f]+$/;

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

function openTag(name: string, attributes: Record<string, string>): string {
  let html = `<${name}`;
  for (const [attribute, value] of Object.entries(attributes)) {
    if (attributeName.test(attribute)) html += ` ${attribute}="${escapeHtml(value)}"`;
  }
  return `${html}>`;
}

/**
 * Gitea's post-processing (modules/markup/html.go `postProcess`): every text node outside links, code and
 * pre blocks — including text inside raw HTML such as `<details>` — gets the special links.
 * One streaming pass (no tree, no recursion), so its cost stays linear however the input nests. Comments
 * and processing instructions are dropped; the output still goes through the sanitiser.
 */
export function linkReferencesInHtml(html: string, linkers: readonly TextLinker[]): string {
  if (linkers.length === 0) return html;
  const output: string[] = [];
  let untouchedDepth = 0;
  // adjacent text events are joined first, so a reference split across them is still found
  let text = '';
  const flushText = (): void => {
    if (text === '') return;
    output.push(untouchedDepth > 0 ? escapeHtml(text) : linkText(text, linkers).map(pieceHtml).join(''));
    text = '';
  };
  const parser = new Parser({
    onopentag(name, attributes) {
      flushText();
      output.push(openTag(name, attributes));
      if (untouchedElements.has(name)) untouchedDepth++;
    },
    ontext(data) {
      text += data;
    },
    onclosetag(name) {
      flushText();
      if (untouchedElements.has(name)) untouchedDepth = Math.max(0, untouchedDepth - 1);
      if (!voidElements.has(name)) output.push(`</${name}>`);
    },
  });
  parser.end(html);
  flushText();
  return output.join('');
}
