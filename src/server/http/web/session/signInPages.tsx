import { httpErrorOf } from '../../errorStatus';
import { HttpError } from '../../httpError';
import { checkPassword } from '../../auth';
import { findEmailOwner, findUserById, touchLastLogin, type UserRow } from '../../../store/users';
import { useHref } from '../layout/site';
import type { PageRoute } from '../pageRoutes';
import type { WebPage } from '../webPage';
import { safeRedirectPath } from './redirectTarget';
import { endWebSession } from '../../../services/webSessions';
import { redeemWebSignInLink } from '../../../services/webSignInLinks';
import { readVisitor, signIn, signOut } from './visitor';

const prohibited = 'This account is prohibited from signing in, please contact your site administrator.';

function SignInForm(props: {
  readonly login: string;
  readonly redirectTo: string;
  readonly csrfToken: string;
  readonly error?: string;
}) {
  const href = useHref();
  return (
    <div class="narrow">
      <h1>Sign in</h1>
      {props.error ? (
        <p class="notice error" role="alert">
          {props.error}
        </p>
      ) : null}
      <form method="post" action={href('/user/login')} class="stack">
        <input type="hidden" name="_csrf" value={props.csrfToken} />
        <input type="hidden" name="redirect_to" value={props.redirectTo} />
        <label>
          User name or email
          <input name="user_name" value={props.login} autocomplete="username" required autofocus />
        </label>
        <label>
          Password
          <input type="password" name="password" autocomplete="current-password" required />
        </label>
        <button type="submit" class="primary">
          Sign in
        </button>
      </form>
    </div>
  );
}

function redirect(page: WebPage, path: string): void {
  page.res.statusCode = 303;
  page.res.setHeader('Location', `${page.app.config.rootUrl}${path.slice(1)}`);
  page.res.setHeader('Cache-Control', 'no-store');
  page.res.end();
}

async function showForm(
  page: WebPage,
  fields: { login: string; redirectTo: string; error?: string; status?: number },
) {
  await page.render({
    title: 'Sign in',
    status: fields.status,
    body: (
      <SignInForm
        login={fields.login}
        redirectTo={fields.redirectTo}
        csrfToken={page.csrfToken}
        error={fields.error}
      />
    ),
  });
}

/** The user a form login names: a user name, or an e-mail address of theirs. */
function userNameOf(page: WebPage, login: string): string {
  if (!login.includes('@')) return login;
  const uid = findEmailOwner(page.app.db, login);
  const user = uid === undefined ? undefined : findUserById(page.app.db, uid);
  return user?.name ?? login;
}

async function signInWithPassword(page: WebPage): Promise<void> {
  const login = (page.form.get('user_name') ?? '').trim();
  const password = page.form.get('password') ?? '';
  const redirectTo = safeRedirectPath(page.form.get('redirect_to'));
  let user: UserRow;
  try {
    user = await checkPassword(page.app.db, userNameOf(page, login), password, page.req.socket.remoteAddress);
  } catch (error) {
    const known = httpErrorOf(error);
    if (known?.status === 401) {
      return showForm(page, { login, redirectTo, error: 'Username or password is incorrect.', status: 401 });
    }
    if (known?.status === 429) {
      for (const [name, value] of Object.entries(known.headers ?? {})) page.res.setHeader(name, value);
      return showForm(page, {
        login,
        redirectTo,
        error: 'Too many failed sign-in attempts; try again later.',
        status: 429,
      });
    }
    throw error;
  }
  if (!user.is_active || user.prohibit_login) {
    return showForm(page, { login, redirectTo, error: prohibited, status: 403 });
  }
  signIn(page.app, page.res, user);
  touchLastLogin(page.app.db, user.id);
  redirect(page, redirectTo);
}

/**
 * `/user/login/link/{code}` (or `?code=`): a one-time link made through the API for the token's holder. A good code starts
 * a session as the form does (a session already in this browser ends first); any other code signs in nobody.
 */
async function signInWithLink(page: WebPage, code: string): Promise<void> {
  const link = redeemWebSignInLink(page.app.db, code);
  if (!link) {
    return showForm(page, {
      login: '',
      redirectTo: '/',
      error:
        'This sign-in link is not valid: it was used already or has expired. Sign in here, or open the page from Teahouse again.',
      status: 410,
    });
  }
  const { session } = readVisitor(page.app, page.req);
  if (session) endWebSession(page.app.db, session.id);
  signIn(page.app, page.res, link.user);
  touchLastLogin(page.app.db, link.user.id);
  redirect(page, link.redirectTo);
}

/** `/user/login` (the form and its post) and `/user/logout`; every post's CSRF token is checked by webRoute. */
export const signInPages: readonly PageRoute[] = [
  {
    path: '/user/login',
    handle: async (page) => {
      const redirectTo = safeRedirectPath(page.query.get('redirect_to'));
      if (page.identity.user) return redirect(page, redirectTo);
      await showForm(page, { login: '', redirectTo });
    },
  },
  { method: 'POST', path: '/user/login', handle: signInWithPassword },
  { path: '/user/login/link', handle: (page) => signInWithLink(page, page.query.get('code') ?? '') },
  // the code in the path: a URL that no opener's query encoding can change
  { path: '/user/login/link/:code', handle: (page, params) => signInWithLink(page, params['code'] ?? '') },
  {
    method: 'POST',
    path: '/user/logout',
    handle: async (page) => {
      signOut(page.app, page.res, readVisitor(page.app, page.req));
      redirect(page, '/');
    },
  },
  {
    // Gitea's logout link is a GET; here signing out is a form post (a link could be followed by anyone's page)
    path: '/user/logout',
    handle: () => Promise.reject(new HttpError(405, 'Sign out with the button in the page header.')),
  },
];
