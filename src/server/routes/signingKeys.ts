import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import type { HandlerMap } from './handler';
import { readRepo, repoRoute } from './guards';

/**
 * Gitea answers the armored public key it signs commits with (`gpg --export -a`). Teahouse signs no
 * commits (merges, contents API changes and initial commits are unsigned), which is Gitea's case with no
 * signing key configured: its PublicSigningKey finds no key and the handler writes an empty body, so the
 * answer is 200 with nothing in it, as `text/plain`.
 */
function answerNoSigningKey(ctx: RequestContext): void {
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  ctx.res.setHeader('Content-Length', '0');
  ctx.res.end();
}

export const signingKeyHandlers: HandlerMap = {
  getSigningKey: (ctx) => answerNoSigningKey(ctx),
  // The repository must exist and be visible to the caller (Gitea's repoAssignment) even for this answer.
  repoSigningKey: repoRoute(readRepo, (ctx) => answerNoSigningKey(ctx)),
  // Gitea 1.27's SigningKeySSH answers 404 "no signing key" when no signing key is configured, which is
  // always the case here (the SSH format is newer than the empty answer of signing-key.gpg above)
  getSigningKeySSH: () => {
    throw notFound('no signing key');
  },
  repoSigningKeySSH: repoRoute(readRepo, () => {
    throw notFound('no signing key');
  }),
};
