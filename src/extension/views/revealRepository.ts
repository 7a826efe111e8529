import type { Account } from '../accounts/account';
import type { TreeNode } from './nodes';
import type { TeahouseTreeProvider } from './treeProvider';

/** At most this many "Load more" pages are followed while looking for a node. */
const maxPages = 40;

/** The first child of `parent` that `wanted` accepts, loading further pages while there are some. */
async function findChild(
  tree: TeahouseTreeProvider,
  parent: TreeNode | undefined,
  wanted: (node: TreeNode) => boolean,
): Promise<TreeNode | undefined> {
  for (let page = 0; page < maxPages; page++) {
    const nodes = await tree.model.children(parent);
    const found = nodes.find(wanted);
    if (found) return found;
    if (nodes.at(-1)?.kind !== 'loadMore') return undefined;
    await tree.model.loadMore(parent);
  }
  return undefined;
}

const same = (a: string | undefined, b: string): boolean => a?.toLowerCase() === b.toLowerCase();

/**
 * The node of `owner/name` under `account` in the Repositories view (My Repositories for the account's own,
 * By Organization → the organization otherwise), after a refresh; undefined when it is not listed.
 */
export async function findRepositoryNode(
  tree: TeahouseTreeProvider,
  account: Account,
  owner: string,
  name: string,
): Promise<TreeNode | undefined> {
  const accountNode = await findChild(
    tree,
    undefined,
    (node) => node.kind === 'account' && node.account.id === account.id,
  );
  if (!accountNode) return undefined;
  const mine = same(account.username, owner);
  const folder = await findChild(
    tree,
    accountNode,
    (node) => node.kind === 'folder' && node.folder === (mine ? 'myRepositories' : 'byOrganization'),
  );
  if (!folder) return undefined;
  const listing = mine
    ? folder
    : await findChild(
        tree,
        folder,
        (node) =>
          node.kind === 'organization' && same(node.organization.username ?? node.organization.name, owner),
      );
  if (!listing) return undefined;
  return findChild(
    tree,
    listing,
    (node) => node.kind === 'repository' && same(node.repository.full_name, `${owner}/${name}`),
  );
}

/** Shows the repository in the view, selected and expanded; returns its node when it was found. */
export async function revealRepository(
  tree: TeahouseTreeProvider,
  account: Account,
  owner: string,
  name: string,
): Promise<TreeNode | undefined> {
  tree.refresh();
  const node = await findRepositoryNode(tree, account, owner, name);
  if (node) await tree.view.reveal(node, { select: true, focus: true, expand: true });
  return node;
}
