/**
 * The site path a sign-in link should lead to for a page of the server: the page URL relative to the
 * server's root (which may have a path), with its query and fragment; undefined for a page elsewhere.
 */
export function signInRedirectPath(serverUrl: string, pageUrl: string): string | undefined {
  let root: URL;
  let page: URL;
  try {
    root = new URL(serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`);
    page = new URL(pageUrl);
  } catch {
    return undefined;
  }
  if (page.origin !== root.origin) return undefined;
  const pathAndRest = `${page.pathname}${page.search}${page.hash}`;
  if (`${page.pathname}/` === root.pathname) return `/${page.search}${page.hash}`;
  if (!page.pathname.startsWith(root.pathname)) return undefined;
  return `/${pathAndRest.slice(root.pathname.length)}`;
}
