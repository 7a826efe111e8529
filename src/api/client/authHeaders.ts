import type { Auth } from './options';

/** The headers that carry `auth` and `sudo`; empty for anonymous requests. */
export function authHeaders(auth: Auth | undefined, sudo: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (auth?.kind === 'token') {
    headers['authorization'] = `token ${auth.token}`;
  } else if (auth?.kind === 'basic') {
    const credentials = Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64');
    headers['authorization'] = `Basic ${credentials}`;
    if (auth.otp !== undefined) headers['x-gitea-otp'] = auth.otp;
  }
  if (sudo !== undefined && sudo !== '') headers['sudo'] = sudo;
  return headers;
}

/** Every secret `auth` holds, to scrub from anything that reaches an error message. */
export function secretsOf(auth: Auth | undefined): string[] {
  if (auth?.kind === 'token') return [auth.token];
  if (auth?.kind === 'basic') {
    const encoded = Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64');
    return [auth.password, encoded];
  }
  return [];
}

export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length > 0) result = result.split(secret).join('***');
  }
  return result;
}
