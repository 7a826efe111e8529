// Keys, access tokens and OAuth2 applications.
import type { Repository } from './repository';
import type { User } from './user';

/** A public SSH key of a user */
export interface PublicKey {
  created_at: string;
  fingerprint: string;
  id: number;
  /** actual SSH public key content */
  key: string;
  key_type: string;
  last_used_at: string;
  /** if the key has read-only access */
  read_only: boolean;
  title: string;
  url: string;
  user: User | null;
}

/** A deploy key */
export interface DeployKey {
  created_at: string;
  fingerprint: string;
  id: number;
  /** actual SSH key content */
  key: string;
  key_id: number;
  /** if the key has read-only access */
  read_only: boolean;
  repository: Repository | null;
  title: string;
  url: string;
}

/** Options when creating a key */
export interface CreateKeyOption {
  /** an armored SSH key to add */
  key: string;
  /** describe if the key has only read access or read/write */
  read_only?: boolean;
  title: string;
}

/** A user GPG key to sign commit and tag in repository */
export interface GPGKey {
  can_certify: boolean;
  can_encrypt_comms: boolean;
  can_encrypt_storage: boolean;
  can_sign: boolean;
  created_at: string;
  /** list of email addresses associated with this GPG key */
  emails: GPGKeyEmail[];
  expires_at: string;
  id: number;
  key_id: string;
  primary_key_id: string;
  /** public key content in armored format */
  public_key: string;
  subkeys: GPGKey[];
  verified: boolean;
}

/** An email attached to a GPGKey */
export interface GPGKeyEmail {
  /** email address associated with the GPG key */
  email: string;
  verified: boolean;
}

/** Options create user GPG key */
export interface CreateGPGKeyOption {
  armored_public_key: string;
  armored_signature?: string;
}

/** Options to verify a GPG key: a signature of the verification token by the key */
export interface VerifyGPGKeyOption {
  /** An Signature for a GPG key token */
  armored_signature: string;
  /** The key ID of the GPG key to verify */
  key_id: string;
}

/** An API access token. 1.1.1 answers only `name` and `sha1` */
export interface AccessToken {
  created_at: string;
  id: number;
  last_used_at: string;
  name: string;
  scopes: string[];
  /** the token itself, only in the answer that creates it */
  sha1: string;
  token_last_eight: string;
}

/** Options when create access token */
export interface CreateAccessTokenOption {
  name: string;
  /** required by Gitea 1.22 and later, e.g. `["all"]` */
  scopes?: string[];
}

/** The metadata of the currently authenticated token */
export interface CurrentAccessToken {
  created_at: string;
  id: number;
  last_used_at: string;
  name: string;
  scopes: string[];
  user: UserMeta;
}

/** Minimal user information for the token owner */
export interface UserMeta {
  id: number;
  login: string;
}

/** An OAuth2 application */
export interface OAuth2Application {
  client_id: string;
  client_secret: string;
  confidential_client: boolean;
  created: string;
  id: number;
  name: string;
  redirect_uris: string[];
  skip_secondary_authorization: boolean;
}

/** Options to create an oauth2 application */
export interface CreateOAuth2ApplicationOptions {
  confidential_client?: boolean;
  name?: string;
  redirect_uris?: string[];
  skip_secondary_authorization?: boolean;
}
