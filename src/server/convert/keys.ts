import type { DeployKey, GPGKey, GPGKeyEmail, PublicKey } from '../../api/types/credential';
import { isSiteAdmin } from '../services/permissions';
import { keyAccessMode, publicKeyType, type PublicKeyRow } from '../store/keys';
import type { DeployKeyRow } from '../store/keysDeploy';
import type { GpgKeyRow } from '../store/keysGpg';
import type { RepositoryRow } from '../store/repositories';
import { findUserById } from '../store/users';
import { repositoryApiUrl, toRepository, type RepositoryJson } from './repository';
import { isoTime } from './time';
import { toUser, type UserJson } from './user';
import { siteUrl, type ViewContext } from './viewContext';

/** Gitea's `PublicKey`; `key_type`, `read_only` and `user` only for the key's owner and site admins. */
export type PublicKeyJson = Omit<PublicKey, 'key_type' | 'read_only' | 'user'> & {
  key_type?: string;
  read_only?: boolean;
  user?: UserJson;
};

export function toPublicKey(view: ViewContext, key: PublicKeyRow): PublicKeyJson {
  const json: PublicKeyJson = {
    id: key.id,
    key: key.content,
    // Gitea links every key below /user/keys, whoever owns it
    url: siteUrl(view, `api/v1/user/keys/${key.id}`),
    title: key.name,
    fingerprint: key.fingerprint,
    created_at: isoTime(key.created),
    // Gitea's `last_used_at` is the row's update time, which creation sets too
    last_used_at: isoTime(key.updated),
  };
  if (!view.user || (view.user.id !== key.owner_id && !isSiteAdmin(view.user))) return json;
  json.key_type =
    key.type === publicKeyType.user ? 'user' : key.type === publicKeyType.deploy ? 'deploy' : 'unknown';
  json.read_only = key.mode === keyAccessMode.read;
  const owner = key.type === publicKeyType.user ? findUserById(view.db, key.owner_id) : undefined;
  if (owner) json.user = toUser(view, owner);
  return json;
}

/** Gitea's `DeployKey`; `repository` only for site admins and the repository's individual owner. */
export type DeployKeyJson = Omit<DeployKey, 'repository'> & { repository?: RepositoryJson };

export function toDeployKey(view: ViewContext, key: DeployKeyRow, repo: RepositoryRow): DeployKeyJson {
  const json: DeployKeyJson = {
    id: key.id,
    key_id: key.key_id,
    key: key.content,
    url: `${repositoryApiUrl(view, repo)}/keys/${key.id}`,
    title: key.name,
    fingerprint: key.fingerprint,
    created_at: isoTime(key.created),
    read_only: key.mode === keyAccessMode.read,
  };
  if (view.user && (isSiteAdmin(view.user) || view.user.id === repo.owner_id)) {
    // Gitea shows the repository with the key's own access as its permissions
    json.repository = toRepository(view, repo, key.mode === keyAccessMode.read ? 'read' : 'write');
  }
  return json;
}

/** Gitea's `GPGKey`, with `subkeys` nested under the primary key. */
export type GPGKeyJson = Omit<GPGKey, 'subkeys'> & { subkeys: GPGKeyJson[] };

function storedEmails(row: GpgKeyRow): GPGKeyEmail[] {
  try {
    const parsed: unknown = JSON.parse(row.emails);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (item): item is { email: unknown; verified: unknown } => typeof item === 'object' && item !== null,
      )
      .map((item) => ({ email: String(item.email), verified: item.verified === true }));
  } catch {
    return [];
  }
}

export function toGpgKey(row: GpgKeyRow, subkeys: readonly GpgKeyRow[] = []): GPGKeyJson {
  return {
    id: row.id,
    primary_key_id: row.primary_key_id,
    key_id: row.key_id,
    public_key: row.content,
    emails: storedEmails(row),
    subkeys: subkeys.map((subkey) => toGpgKey(subkey)),
    can_sign: row.can_sign,
    can_encrypt_comms: row.can_encrypt_comms,
    can_encrypt_storage: row.can_encrypt_storage,
    can_certify: row.can_certify,
    verified: row.verified,
    created_at: isoTime(row.created),
    expires_at: isoTime(row.expires),
  };
}
