import { httpErrorOf } from '../../errorStatus';
import { Avatar, Pager, UserLink } from '../layout/parts';
import type { PageRoute } from '../pageRoutes';
import type { WebPage } from '../webPage';
import { RepositoryList, type RepositoryItem } from './RepositoryList';

const pageSize = 20;

interface Account {
  readonly login?: string;
  readonly username?: string;
  readonly full_name: string;
  readonly avatar_url: string;
  readonly description?: string;
  readonly website?: string;
  readonly location?: string;
}

/** Repositories the caller can see, newest activity first, filtered by `q`. */
async function explore(page: WebPage, heading: string): Promise<void> {
  const q = page.query.get('q') ?? '';
  const number = page.intParam('page', 1);
  const found = await page.list<RepositoryItem>('/repos/search', {
    q: q || undefined,
    page: number,
    limit: pageSize,
    sort: 'updated',
    order: 'desc',
  });
  const link = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) }).toString()}`;
  await page.render({
    title: q ? `${heading}: ${q}` : heading,
    body: (
      <>
        <div class="spread">
          <h1>{heading}</h1>
          <form method="get" class="row" role="search">
            <input type="search" name="q" value={q} placeholder="Search repositories" aria-label="Search" />
            <button type="submit">Search</button>
          </form>
        </div>
        {page.identity.user ? null : <p class="muted small">Private repositories show after you sign in.</p>}
        <RepositoryList repositories={found.items} />
        <Pager page={number} pageSize={pageSize} total={found.total} link={link} />
      </>
    ),
  });
}

const isNotFound = (error: unknown): boolean => httpErrorOf(error)?.status === 404;

/** `/{owner}`: an organization's repositories and members, or a user's profile and repositories. */
async function account(page: WebPage, owner: string): Promise<void> {
  const encoded = encodeURIComponent(owner);
  const number = page.intParam('page', 1);
  const link = (n: number) => `?page=${n}`;
  const org = await page.get<Account>(`/orgs/${encoded}`).catch((error: unknown) => {
    if (isNotFound(error)) return undefined;
    throw error;
  });
  if (org) {
    const [repos, members] = await Promise.all([
      page.list<RepositoryItem>(`/orgs/${encoded}/repos`, { page: number, limit: pageSize }),
      page.list<Account>(`/orgs/${encoded}/public_members`, { limit: 50 }),
    ]);
    await page.render({
      title: org.full_name || owner,
      body: (
        <div class="layout-sidebar">
          <div>
            <div class="row">
              <Avatar url={org.avatar_url} large />
              <div>
                <h1>{org.full_name || org.username}</h1>
                {org.description ? <p>{org.description}</p> : null}
                {org.location ? <p class="muted small">{org.location}</p> : null}
              </div>
            </div>
            <h2>Repositories</h2>
            <RepositoryList repositories={repos.items} />
            <Pager page={number} pageSize={pageSize} total={repos.total} link={link} />
          </div>
          <aside class="sidebar">
            <section>
              <h3>Members</h3>
              <ul class="list">
                {members.items.map((member) => (
                  <li key={member.login}>
                    <Avatar url={member.avatar_url} /> <UserLink login={member.login} />
                  </li>
                ))}
              </ul>
            </section>
          </aside>
        </div>
      ),
    });
    return;
  }
  const user = await page.get<Account>(`/users/${encoded}`);
  const repos = await page.list<RepositoryItem>(`/users/${encoded}/repos`, { page: number, limit: pageSize });
  await page.render({
    title: user.full_name || owner,
    body: (
      <div class="layout-sidebar">
        <div>
          <h2>Repositories</h2>
          <RepositoryList repositories={repos.items} />
          <Pager page={number} pageSize={pageSize} total={repos.total} link={link} />
        </div>
        <aside class="sidebar">
          <section>
            <Avatar url={user.avatar_url} large />
            <h1>{user.full_name || user.login}</h1>
            {user.full_name ? <p class="muted">{user.login}</p> : null}
            {user.description ? <p>{user.description}</p> : null}
            {user.location ? <p class="muted small">{user.location}</p> : null}
          </section>
        </aside>
      </div>
    ),
  });
}

export const accountPages: readonly PageRoute[] = [
  { path: '/', handle: (page) => explore(page, 'Repositories') },
  { path: '/explore/repos', handle: (page) => explore(page, 'Explore repositories') },
  { path: '/:owner', handle: (page, params) => account(page, params.owner!) },
];
