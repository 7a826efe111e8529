import type { ResolvedRef } from '../../../../git/refs';
import { useHref } from '../../layout/site';
import { refLinkPath } from './refPath';

/** Most branches and tags the switcher lists; the branches and tags pages have them all. */
const listed = 100;

export interface RefNames {
  readonly branches: readonly string[];
  readonly tags: readonly string[];
}

/**
 * The branch and tag switcher, without JavaScript: a `details` list of links to each ref's tree (the root,
 * which every ref has, where the same path might not exist).
 */
export function RefSwitcher(props: {
  readonly base: string;
  readonly current: ResolvedRef;
  readonly refs: RefNames;
  /** Where the links go: a ref's tree (default) or its history. */
  readonly section?: 'src' | 'commits';
}) {
  const href = useHref();
  const { base, current, refs } = props;
  const label = current.kind === 'commit' ? current.name.slice(0, 10) : current.name;
  const item = (kind: 'branch' | 'tag', name: string) => (
    <li>
      <a
        class={current.kind === kind && current.name === name ? 'active' : undefined}
        href={href(`${base}/${props.section ?? 'src'}/${refLinkPath({ kind, name })}`)}
      >
        {name}
      </a>
    </li>
  );
  return (
    <details class="ref-switcher">
      <summary class="button">
        {current.kind === 'tag' ? 'Tag' : current.kind === 'commit' ? 'Commit' : 'Branch'}:{' '}
        <strong>{label}</strong>
      </summary>
      <div class="ref-menu box">
        <div class="box-header">Branches</div>
        <ul class="list small">
          {refs.branches.slice(0, listed).map((name) => item('branch', name))}
          <li>
            <a href={href(`${base}/branches`)}>All branches ({refs.branches.length})</a>
          </li>
        </ul>
        <div class="box-header">Tags</div>
        <ul class="list small">
          {refs.tags.slice(0, listed).map((name) => item('tag', name))}
          <li>
            <a href={href(`${base}/tags`)}>All tags ({refs.tags.length})</a>
          </li>
        </ul>
      </div>
    </details>
  );
}
