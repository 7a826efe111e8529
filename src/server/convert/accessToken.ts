import type { AccessToken } from '../../api/types';
import type { AccessTokenRow } from '../store/tokens';
import { isoTime } from './time';

/** Gitea's `AccessToken`; `sha1` carries the token only in the answer that created it. */
export function toAccessToken(row: AccessTokenRow, token = ''): AccessToken {
  return {
    id: row.id,
    name: row.name,
    sha1: token,
    token_last_eight: row.token_last_eight,
    scopes: row.scopes.split(',').filter((scope) => scope !== ''),
    created_at: isoTime(row.created),
    last_used_at: isoTime(row.updated),
  };
}
