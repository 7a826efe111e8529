import type { TreeEntry } from '../../../../git/trees';
import { encodePath, useHref } from '../../layout/site';

const isDir = (entry: TreeEntry): boolean => entry.kind === 'dir';

/** Directories first, then files, each by name (as Gitea lists a tree). */
export function sortEntries(entries: readonly TreeEntry[]): TreeEntry[] {
  return [...entries].sort((a, b) =>
    isDir(a) !== isDir(b) ? (isDir(a) ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
}

/** A directory's entries, each linking to its page at `refLink`; submodules show their commit. */
export function TreeView(props: {
  readonly base: string;
  readonly refLink: string;
  readonly path: string;
  readonly entries: readonly TreeEntry[];
  readonly sizes?: ReadonlyMap<string, number>;
}) {
  const href = useHref();
  const { base, refLink, path } = props;
  const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const link = (full: string) => href(`${base}/src/${refLink}${full === '' ? '' : `/${encodePath(full)}`}`);
  return (
    <table class="files">
      <tbody>
        {path !== '' ? (
          <tr>
            <td colspan={2}>
              <a href={link(parent)}>..</a>
            </td>
          </tr>
        ) : null}
        {sortEntries(props.entries).map((entry) => {
          const full = path === '' ? entry.name : `${path}/${entry.name}`;
          return (
            <tr>
              <td>
                <span class="muted" aria-hidden="true">
                  {entry.kind === 'dir' ? '📁 ' : entry.kind === 'submodule' ? '📦 ' : '📄 '}
                </span>
                {entry.kind === 'submodule' ? (
                  <span>
                    {entry.name} <span class="muted mono">@ {entry.sha.slice(0, 10)}</span>
                  </span>
                ) : (
                  <a href={link(full)}>{entry.name}</a>
                )}
              </td>
              <td class="muted small num">
                {entry.kind === 'symlink'
                  ? 'symbolic link'
                  : props.sizes?.has(entry.sha)
                    ? `${props.sizes.get(entry.sha)} bytes`
                    : ''}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
