import { notFound } from '../../../../domain/errors';
import type { CatFileReader } from '../../../../git/catFile';
import {
  resolveBranch,
  resolveCommitId,
  resolveRef,
  resolveRefPrefix,
  resolveTag,
  type RefKind,
  type ResolvedRef,
} from '../../../../git/refs';
import { encodePath } from '../../layout/site';

/** Most ref-and-path splits tried for one path (each is one lookup). */
const maxRefSplits = 8;

/** A ref named in a web path and the path below it. */
export interface RefAndPath {
  readonly ref: ResolvedRef;
  readonly path: string;
}

/**
 * Splits `branch|tag|commit/<ref>/<path>` (decoded, joined by '/'), where a branch or tag may hold slashes:
 * the shortest prefix naming a branch (or tag) wins, as Gitea decides. Gitea's older `<ref>/<path>` form
 * (`/src/<sha>`, `/src/main/…`) is read too. 404 when no prefix names one.
 */
export async function resolveRefPath(reader: CatFileReader, rest: string): Promise<RefAndPath> {
  const [kind, ...segments] = rest.split('/');
  if (kind === 'branch' || kind === 'tag') {
    const resolve = kind === 'branch' ? resolveBranch : resolveTag;
    const count = Math.min(segments.length, maxRefSplits);
    const names = Array.from({ length: count }, (_, i) => segments.slice(0, i + 1).join('/'));
    const commits = await Promise.all(names.map((name) => resolve(reader, name)));
    const at = commits.findIndex((commit) => commit !== undefined);
    if (at < 0) throw notFound(`the ${kind} does not exist`);
    return {
      ref: { kind, name: names[at]!, commit: commits[at]! },
      path: segments.slice(at + 1).join('/'),
    };
  }
  if (kind === 'commit') {
    const commit = segments[0] === undefined ? undefined : await resolveCommitId(reader, segments[0]);
    if (!commit) throw notFound('the commit does not exist');
    return { ref: { kind: 'commit', name: commit, commit }, path: segments.slice(1).join('/') };
  }
  const legacy = await resolveRefPrefix(reader, rest);
  if (legacy) return { ref: legacy.ref, path: legacy.rest };
  const whole = await resolveRef(reader, rest);
  if (!whole) throw notFound('the ref does not exist');
  return { ref: whole, path: '' };
}

/** `branch/<name>`, `tag/<name>`, `commit/<id>`: how web links name a ref (segments encoded). */
export const refLinkPath = (ref: { kind: RefKind; name: string }): string =>
  `${ref.kind}/${encodePath(ref.name)}`;
