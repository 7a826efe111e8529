import { Time } from '../layout/parts';
import { useHref } from '../layout/site';

/** The fields of the API's Repository a list shows. */
export interface RepositoryItem {
  readonly full_name: string;
  readonly name: string;
  readonly owner: { readonly login: string };
  readonly description: string;
  readonly private: boolean;
  readonly fork: boolean;
  readonly archived: boolean;
  readonly stars_count: number;
  readonly updated_at: string;
}

export function RepositoryList({ repositories }: { readonly repositories: readonly RepositoryItem[] }) {
  const href = useHref();
  if (repositories.length === 0) return <p class="muted">No repositories.</p>;
  return (
    <ul class="list box">
      {repositories.map((repo) => (
        <li key={repo.full_name}>
          <div class="spread">
            <a href={href(`/${encodeURIComponent(repo.owner.login)}/${encodeURIComponent(repo.name)}`)}>
              <strong>{repo.full_name}</strong>
            </a>
            <span class="muted small">
              {repo.private ? 'Private · ' : ''}
              {repo.fork ? 'Fork · ' : ''}
              {repo.archived ? 'Archived · ' : ''}★ {repo.stars_count} · updated{' '}
              <Time iso={repo.updated_at} />
            </span>
          </div>
          {repo.description ? <div class="muted small">{repo.description}</div> : null}
        </li>
      ))}
    </ul>
  );
}
