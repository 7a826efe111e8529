import type { OAuth2Application } from '../../api/types';
import type { OAuth2ApplicationRow } from '../store/oauth2Applications';
import { isoTime } from './time';

function redirectUris(stored: string): string[] {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((uri): uri is string => typeof uri === 'string') : [];
}

/** Gitea's `OAuth2Application`; `client_secret` is only filled in the answer that (re)generated it. */
export function toOAuth2Application(row: OAuth2ApplicationRow, secret = ''): OAuth2Application {
  return {
    id: row.id,
    name: row.name,
    client_id: row.client_id,
    client_secret: secret,
    redirect_uris: redirectUris(row.redirect_uris),
    confidential_client: row.confidential_client,
    skip_secondary_authorization: row.skip_secondary_authorization,
    created: isoTime(row.created),
  };
}
