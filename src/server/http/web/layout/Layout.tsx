import type { Child } from 'hono/jsx';
import { SiteContext, useHref, useSite, type Site } from './site';

interface DocumentProps {
  readonly site: Site;
  readonly title: string;
  readonly children: Child;
}

/** The whole HTML document: head, the site header with search and sign-in, the page, the footer. */
export function Document({ site, title, children }: DocumentProps) {
  return (
    <SiteContext.Provider value={site}>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="color-scheme" content="light dark" />
          <title>{title ? `${title} · Teahouse` : 'Teahouse'}</title>
          <link rel="stylesheet" href={`${site.rootPath}/assets/teahouse.css`} />
        </head>
        <body>
          <SiteHeader />
          <main>{children}</main>
          <footer>
            Teahouse · <a href={`${site.rootPath}/api/swagger`}>API</a>
          </footer>
        </body>
      </html>
    </SiteContext.Provider>
  );
}

function SiteHeader() {
  const site = useSite();
  const href = useHref();
  return (
    <header class="site-header">
      <a class="brand" href={href('/')}>
        Teahouse
      </a>
      <a href={href('/explore/repos')}>Explore</a>
      <form method="get" action={href('/explore/repos')} role="search">
        <input type="search" name="q" placeholder="Search repositories" aria-label="Search repositories" />
      </form>
      <span class="spacer" />
      {site.viewer ? (
        <>
          <a href={href(`/${encodeURIComponent(site.viewer.login)}`)}>{site.viewer.login}</a>
          <form method="post" action={href('/user/logout')}>
            <input type="hidden" name="_csrf" value={site.csrfToken} />
            <button type="submit">Sign out</button>
          </form>
        </>
      ) : (
        <a class="button" href={href(`/user/login?redirect_to=${encodeURIComponent(site.currentPath)}`)}>
          Sign in
        </a>
      )}
    </header>
  );
}
