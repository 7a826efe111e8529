import { html } from 'hono/html';
import type { DiffFile, DiffLine, ParsedDiff } from './unifiedDiff';

export interface DiffViewProps {
  readonly diff: ParsedDiff;
  /** Where the whole raw diff is (`….diff`): linked when the view left something out. */
  readonly rawHref: string;
  /** A link to a file as it is after the change (none for deleted files). */
  readonly fileHref?: (path: string) => string;
}

const rowClass: Readonly<Record<DiffLine['kind'], string | undefined>> = {
  add: 'add',
  del: 'del',
  hunk: 'hunk',
  context: undefined,
  note: undefined,
};

const mark: Readonly<Record<DiffLine['kind'], string>> = {
  add: '+',
  del: '-',
  context: ' ',
  hunk: '',
  note: '',
};

/** One row (hono's escaping `html` template: a big diff has thousands). */
// prettier-ignore
const diffRow = (line: DiffLine) =>
  html`<tr class="${rowClass[line.kind] ?? ''}"><td class="num">${line.oldNumber ?? ''}</td><td class="num">${line.newNumber ?? ''}</td><td class="line">${mark[line.kind]}${line.text}</td></tr>`;

function FileDiff({ file, index, props }: { file: DiffFile; index: number; props: DiffViewProps }) {
  const renamed = file.oldPath !== file.newPath;
  const title = renamed ? `${file.oldPath} → ${file.newPath}` : file.newPath;
  return (
    <section class="box" id={`diff-${index + 1}`}>
      <div class="box-header spread">
        <span class="mono">
          {props.fileHref && file.status !== 'deleted' ? (
            <a href={props.fileHref(file.newPath)}>{title}</a>
          ) : (
            title
          )}{' '}
          <span class="label">{file.status}</span>
        </span>
        <span class="small">
          <span class="diff-add">+{file.additions}</span> <span class="diff-del">−{file.deletions}</span>
        </span>
      </div>
      {file.binary ? (
        <p class="box-body muted">Binary file not shown.</p>
      ) : file.lines.length === 0 ? (
        <p class="box-body muted">No changes to the content.</p>
      ) : (
        <div class="code-scroll">
          <table class="code">
            <tbody>{file.lines.map(diffRow)}</tbody>
          </table>
        </div>
      )}
      {file.truncated ? (
        <p class="box-body muted">
          Diff too large to show in full; see the <a href={props.rawHref}>raw .diff</a>.
        </p>
      ) : null}
    </section>
  );
}

/** A parsed unified diff: a summary, then each file with its hunks (added and removed lines marked). */
export function DiffView(props: DiffViewProps) {
  const { diff } = props;
  const additions = diff.files.reduce((sum, file) => sum + file.additions, 0);
  const deletions = diff.files.reduce((sum, file) => sum + file.deletions, 0);
  return (
    <div class="diff">
      <p class="spread">
        <span>
          {diff.files.length} changed file{diff.files.length === 1 ? '' : 's'} with{' '}
          <span class="diff-add">{additions} additions</span> and{' '}
          <span class="diff-del">{deletions} deletions</span>
        </span>
        <a href={props.rawHref}>Raw diff</a>
      </p>
      {diff.truncated ? (
        <p class="notice">
          This diff is too large to show in full; see the <a href={props.rawHref}>raw .diff</a>.
        </p>
      ) : null}
      {diff.files.length > 1 ? (
        <ul class="list box small">
          {diff.files.map((file, index) => (
            <li>
              <a href={`#diff-${index + 1}`}>{file.newPath === '/dev/null' ? file.oldPath : file.newPath}</a>{' '}
              <span class="diff-add">+{file.additions}</span> <span class="diff-del">−{file.deletions}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {diff.files.map((file, index) => (
        <FileDiff file={file} index={index} props={props} />
      ))}
    </div>
  );
}
