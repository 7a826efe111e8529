import packageJson from '../../package.json';

/** Teahouse's own version (package.json), answered at `/api/teahouse/v1/version` and in the User-Agent. */
export const teahouseVersion: string = packageJson.version;

/**
 * The Gitea release whose API this server implements: every operation of its swagger is in the catalogue
 * (Actions and packages as a Gitea with those units off answers them; test/api/catalogue.test.ts counts).
 * A client reads `/version` as a promise of that API, so this moves only when the catalogue does.
 */
export const giteaApiLevel = '1.27.1';

/**
 * What `GET /version` answers: the Gitea API level, with Teahouse's version as semver build metadata
 * (Forgejo's form, `7.0.0+gitea-1.21.0`). Build metadata does not take part in comparisons, so Gitea's
 * SDK and clients see exactly the API level.
 */
export const serverVersion = `${giteaApiLevel}+teahouse-${teahouseVersion}`;
