import { encodePath, useHref } from './site';

export type RepoTab = 'code' | 'issues' | 'pulls' | 'releases' | 'wiki' | 'commits' | 'none';

/** What the header of every repository page shows (fields of the API's Repository). */
export interface RepoSummary {
  readonly full_name: string;
  readonly name: string;
  readonly owner: { readonly login: string };
  readonly private: boolean;
  readonly fork: boolean;
  readonly mirror: boolean;
  readonly archived: boolean;
  readonly description: string;
  readonly default_branch: string;
  readonly open_issues_count: number;
  readonly open_pr_counter: number;
  readonly release_counter: number;
  readonly stars_count: number;
  readonly forks_count: number;
  readonly has_issues?: boolean;
  readonly has_pull_requests?: boolean;
  readonly has_wiki?: boolean;
  readonly parent?: { readonly full_name: string } | null;
}

/** `/{owner}/{repo}` with each part encoded. */
export const repoPath = (repo: RepoSummary): string =>
  `/${encodeURIComponent(repo.owner.login)}/${encodeURIComponent(repo.name)}`;

/** The repository's title line, badges and tabs (Code, Issues, Pull requests, Releases, Wiki, Commits). */
export function RepoHeader({ repo, active }: { readonly repo: RepoSummary; readonly active: RepoTab }) {
  const href = useHref();
  const base = repoPath(repo);
  const tab = (name: RepoTab, path: string, label: string, count?: number) => (
    <a class={active === name ? 'active' : undefined} href={href(`${base}${path}`)}>
      {label}
      {count !== undefined && count > 0 ? <span class="muted"> {count}</span> : null}
    </a>
  );
  return (
    <>
      <div class="spread">
        <h1>
          <a href={href(`/${encodeURIComponent(repo.owner.login)}`)}>{repo.owner.login}</a> /{' '}
          <a href={href(base)}>{repo.name}</a> {repo.private ? <span class="label">Private</span> : null}{' '}
          {repo.archived ? <span class="label">Archived</span> : null}{' '}
          {repo.mirror ? <span class="label">Mirror</span> : null}
        </h1>
        <span class="muted small">
          ★ {repo.stars_count} · Forks {repo.forks_count}
        </span>
      </div>
      {repo.fork && repo.parent ? (
        <p class="muted small">
          forked from <a href={href(`/${encodePath(repo.parent.full_name)}`)}>{repo.parent.full_name}</a>
        </p>
      ) : null}
      <nav class="tabs">
        {tab('code', '', 'Code')}
        {repo.has_issues !== false ? tab('issues', '/issues', 'Issues', repo.open_issues_count) : null}
        {repo.has_pull_requests !== false
          ? tab('pulls', '/pulls', 'Pull requests', repo.open_pr_counter)
          : null}
        {tab('releases', '/releases', 'Releases', repo.release_counter)}
        {repo.has_wiki !== false ? tab('wiki', '/wiki', 'Wiki') : null}
        {tab('commits', `/commits/branch/${encodePath(repo.default_branch)}`, 'Commits')}
      </nav>
    </>
  );
}
