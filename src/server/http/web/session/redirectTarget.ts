/**
 * Where to go after signing in: only a path of this site (`/alice/alpha?tab=1`), never another host
 * (`//evil`, `/\evil`, `https://…`) or anything with control characters; otherwise the home page.
 */
export function safeRedirectPath(requested: string | null | undefined): string {
  if (!requested || !requested.startsWith('/')) return '/';
  if (requested.startsWith('//') || requested.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(requested)) return '/';
  if (requested.startsWith('/user/login') || requested.startsWith('/user/logout')) return '/';
  return requested;
}
