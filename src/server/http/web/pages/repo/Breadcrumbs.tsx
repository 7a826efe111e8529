import { encodePath, useHref } from '../../layout/site';

/** `repo / dir / sub / file`, each part but the last linking to its tree at `refLink`. */
export function Breadcrumbs(props: {
  readonly base: string;
  readonly repoName: string;
  readonly refLink: string;
  readonly path: string;
}) {
  const href = useHref();
  const segments = props.path === '' ? [] : props.path.split('/');
  const treeHref = (count: number) =>
    href(
      `${props.base}/src/${props.refLink}${count === 0 ? '' : `/${encodePath(segments.slice(0, count).join('/'))}`}`,
    );
  return (
    <nav class="breadcrumbs mono" aria-label="Path">
      <a href={treeHref(0)}>{props.repoName}</a>
      {segments.map((segment, i) => (
        <>
          {' / '}
          {i === segments.length - 1 ? <strong>{segment}</strong> : <a href={treeHref(i + 1)}>{segment}</a>}
        </>
      ))}
    </nav>
  );
}
