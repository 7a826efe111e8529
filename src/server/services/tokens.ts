import { hash, randomBytes } from 'node:crypto';
import type { HttpMethod, ScopeCategory } from '../../api/operationSpec';

/** Gitea's scope categories; a token holds `read:<category>`, `write:<category>` or `all`. */
export const scopeCategories = [
  'activitypub',
  'admin',
  'issue',
  'misc',
  'notification',
  'organization',
  'package',
  'repository',
  'user',
] as const;

export type TokenScope = 'all' | `${'read' | 'write'}:${(typeof scopeCategories)[number]}`;

const knownScopes: ReadonlySet<string> = new Set([
  'all',
  ...scopeCategories.flatMap((category) => [`read:${category}`, `write:${category}`]),
]);

/** A fresh token: 40 hex characters, like Gitea's sha1 tokens. Shown once, stored only as a hash. */
export function generateToken(): string {
  return randomBytes(20).toString('hex');
}

/** The lookup key of a token: sha256 hex. A fast hash is right here: tokens are random, not guessable. */
export function hashToken(token: string): string {
  // the one-shot hash: every authenticated request hashes its token, and a Hash object costs more than the digest
  return hash('sha256', token, 'hex');
}

/**
 * Normalises a scope list as given by a client: trims, drops duplicates, rejects unknown names.
 * Returns the unknown names instead of throwing so the caller words the error.
 */
export function normalizeScopes(scopes: readonly string[]): { scopes: TokenScope[]; unknown: string[] } {
  const result = new Set<TokenScope>();
  const unknown: string[] = [];
  for (const raw of scopes.flatMap((scope) => scope.split(','))) {
    const scope = raw.trim();
    if (scope === '') continue;
    if (knownScopes.has(scope)) result.add(scope as TokenScope);
    else unknown.push(scope);
  }
  return { scopes: [...result].sort(), unknown };
}

/** The scope an operation needs: reads need `read:<category>`, everything else `write:<category>`. */
export function requiredScope(method: HttpMethod, category: ScopeCategory): TokenScope {
  return `${method === 'GET' ? 'read' : 'write'}:${category}`;
}

/** Whether a token's stored scopes (comma list) grant `needed`; an empty list or `all` grants everything. */
export function scopesGrant(stored: string, needed: TokenScope): boolean {
  const held = stored
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');
  if (held.length === 0 || held.includes('all') || held.includes(needed)) return true;
  // write:x implies read:x
  const [level, category] = needed.split(':');
  return level === 'read' && held.includes(`write:${category}`);
}
