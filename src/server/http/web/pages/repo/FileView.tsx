import { html, raw } from 'hono/html';
import { RenderedMarkdown } from '../../layout/parts';
import type { FileKind } from './fileKind';
import { highlightLanguage, highlightLines } from './highlight';

/** Files up to this size are highlighted; larger text shows plain up to `shownLimit`. */
export const highlightLimit = 1024 * 1024;
/** Larger files are only linked (raw). */
export const shownLimit = 4 * 1024 * 1024;

export interface FileViewProps {
  readonly path: string;
  readonly size: number;
  /** The content when it is at most `shownLimit` bytes. */
  readonly content: Buffer | undefined;
  readonly kind: FileKind;
  readonly rawHref: string;
  /** The markdown file's rendered HTML (the server's sanitiser), unless the source was asked for. */
  readonly markdownHtml?: string;
}

/**
 * Lines numbered with anchors (`#L12`), highlighted when the content is small enough and its language known.
 * Rows are hono's escaping `html` template (JSX elements cost ten times more for a long file).
 */
function CodeLines({
  path,
  text,
  size,
}: {
  readonly path: string;
  readonly text: string;
  readonly size: number;
}) {
  const code = text.endsWith('\n') ? text.slice(0, -1) : text;
  const language =
    size <= highlightLimit ? highlightLanguage(path, Buffer.from(code.slice(0, 4096))) : undefined;
  // highlight.js escaped the text; its only markup is <span class="hl-…">
  const lines = language ? highlightLines(code, language).map((line) => raw(line)) : code.split('\n');
  const rows = lines.map(
    // prettier-ignore
    (line, i) => html`<tr id="L${i + 1}"><td class="num"><a href="#L${i + 1}">${i + 1}</a></td><td class="line">${line}</td></tr>`,
  );
  return (
    <div class="code-scroll">
      <table class="code">
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}

/** One file: an image inline, binary data as its size, markdown rendered, text with line numbers. */
export function FileView(props: FileViewProps) {
  const { content, kind } = props;
  if (kind === 'image') return <img class="inline-file" src={props.rawHref} alt={props.path} />;
  if (kind === 'binary')
    return (
      <p class="box-body muted">
        Binary file, {props.size} bytes. <a href={props.rawHref}>Download</a>
      </p>
    );
  if (!content)
    return (
      <p class="box-body muted">
        File too large to show ({props.size} bytes). <a href={props.rawHref}>View raw</a>
      </p>
    );
  if (props.markdownHtml !== undefined)
    return (
      <div class="box-body">
        <RenderedMarkdown html={props.markdownHtml} />
      </div>
    );
  return <CodeLines path={props.path} text={content.toString('utf8')} size={props.size} />;
}
