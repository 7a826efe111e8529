import type { Label } from '../../api/types';
import { usersByIds } from '../store/issuesUsers';
import type { LabelRow } from '../store/labels';
import type { RepositoryRow } from '../store/repositories';
import { repositoriesInOrder } from '../store/repositorySearch';
import { repositoryApiUrl } from './repository';
import { siteUrl, type ViewContext } from './viewContext';

/**
 * Shapes labels as Gitea's ToLabelList: the colour without '#', the URL under the repository's or the
 * organization's API path. Owner names are loaded once for the whole list.
 */
export function toLabels(view: ViewContext, labels: readonly LabelRow[], known?: RepositoryRow): Label[] {
  const repoIds = [
    ...new Set(labels.flatMap((l) => (l.repo_id === null || l.repo_id === known?.id ? [] : [l.repo_id]))),
  ];
  const orgIds = [...new Set(labels.flatMap((l) => (l.org_id === null ? [] : [l.org_id])))];
  const repos = new Map(repositoriesInOrder(view.db, repoIds).map((r) => [r.id, r]));
  if (known) repos.set(known.id, known);
  const orgs = usersByIds(view.db, orgIds);
  return labels.map((label) => {
    const repo = label.repo_id === null ? undefined : repos.get(label.repo_id);
    const org = label.org_id === null ? undefined : orgs.get(label.org_id)?.name;
    const url = repo
      ? `${repositoryApiUrl(view, repo)}/labels/${label.id}`
      : siteUrl(view, `api/v1/orgs/${encodeURIComponent(org ?? '')}/labels/${label.id}`);
    return {
      id: label.id,
      name: label.name,
      exclusive: label.exclusive,
      is_archived: label.archived_unix !== 0,
      color: label.color,
      description: label.description,
      url,
    };
  });
}

export function toLabel(view: ViewContext, label: LabelRow): Label {
  return toLabels(view, [label])[0]!;
}
