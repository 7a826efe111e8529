import { Box, RenderedMarkdown } from '../../layout/parts';
import { Breadcrumbs } from './Breadcrumbs';
import { CommitLine } from './CommitLine';
import { RefSwitcher } from './RefSwitcher';
import { refLinkPath } from './refPath';
import type { TreeData } from './treeData';
import { TreeView } from './TreeView';

/** A directory at a ref: the switcher and path, the newest commit, the entries, then its README. */
export function TreeSection({
  base,
  repoName,
  tree,
}: {
  readonly base: string;
  readonly repoName: string;
  readonly tree: TreeData;
}) {
  const refLink = refLinkPath(tree.ref);
  return (
    <>
      <div class="row">
        <RefSwitcher base={base} current={tree.ref} refs={tree.refs} />
        <Breadcrumbs base={base} repoName={repoName} refLink={refLink} path={tree.path} />
      </div>
      <Box header={<CommitLine base={base} commit={tree.head} />}>
        <TreeView base={base} refLink={refLink} path={tree.path} entries={tree.entries} sizes={tree.sizes} />
      </Box>
      {tree.readme ? (
        <Box header={<strong>{tree.readme.name}</strong>}>
          {tree.readme.html !== undefined ? (
            <div class="box-body">
              <RenderedMarkdown html={tree.readme.html} />
            </div>
          ) : tree.readme.text !== undefined ? (
            <pre class="box-body">{tree.readme.text}</pre>
          ) : (
            <p class="box-body muted">Too large to show here.</p>
          )}
        </Box>
      ) : null}
    </>
  );
}
