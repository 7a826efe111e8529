import type { CatFileReader } from './catFile';
import { parseIdent, type PersonIdent } from './commits';
import { tagRef } from './refs';
import { GitError, runGit } from './run';
import { isObjectId, isValidRefName } from './validate';

/** Who made an annotated tag, and when (unix seconds, recorded in UTC). */
export interface Tagger {
  readonly name: string;
  readonly email: string;
  readonly when: number;
}

/** `created`, or why not: the tag already exists, or another tag blocks the name (`a` blocks `a/b`). */
export type CreateTagResult = 'created' | 'exists' | 'conflict';

async function createRef(gitDir: string, name: string, objectId: string): Promise<CreateTagResult> {
  try {
    // The all-zero old value makes the update create-only: git refuses if the tag appeared meanwhile.
    await runGit(['update-ref', tagRef(name), objectId, '0'.repeat(objectId.length)], { gitDir });
    return 'created';
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    if (/reference already exists/.test(error.stderr)) return 'exists';
    if (/exists; cannot create|cannot lock ref/.test(error.stderr)) return 'conflict';
    throw error;
  }
}

/** Names and angle brackets would corrupt the tagger line; git itself drops them the same way. */
const identPart = (value: string): string => value.replace(/[<>\n\r\0]/g, '').trim();

/**
 * Creates `refs/tags/<name>` on `commit`: a lightweight tag (what Gitea makes for a release), or an annotated
 * tag object written with `git mktag` when a message is given. Never moves an existing tag.
 */
export async function createTag(
  gitDir: string,
  name: string,
  commit: string,
  annotation?: { readonly message: string; readonly tagger: Tagger },
): Promise<CreateTagResult> {
  if (!isValidRefName(name) || !isObjectId(commit))
    throw new Error(`invalid tag or commit: ${name} ${commit}`);
  if (!annotation) return createRef(gitDir, name, commit);
  const { tagger } = annotation;
  const message = annotation.message.endsWith('\n') ? annotation.message : `${annotation.message}\n`;
  const object = [
    `object ${commit}`,
    'type commit',
    `tag ${name}`,
    `tagger ${identPart(tagger.name)} <${identPart(tagger.email)}> ${Math.trunc(tagger.when)} +0000`,
    '',
    message,
  ].join('\n');
  const { stdout } = await runGit(['mktag'], { gitDir, input: object });
  const tagObject = stdout.trim();
  if (!isObjectId(tagObject)) throw new Error(`git mktag answered an unexpected id: ${tagObject}`);
  return createRef(gitDir, name, tagObject);
}

export interface TagInfo {
  readonly name: string;
  /** The tag object for an annotated tag, else the commit itself. */
  readonly id: string;
  /** The commit the tag points at (peeled). */
  readonly commit: string;
  /** When it was made (unix seconds): the tagger's date of an annotated tag, else the commit's. */
  readonly created: number;
}

/** Every tag that points at a commit, by name (`git for-each-ref refs/tags/`); `only` limits it to that name. */
export async function listTags(gitDir: string, only?: string): Promise<TagInfo[]> {
  if (only !== undefined && !isValidRefName(only)) return [];
  const { stdout } = await runGit(
    [
      'for-each-ref',
      '--sort=refname',
      '--format=%(refname)%00%(objectname)%00%(objecttype)%00%(*objectname)%00%(*objecttype)%00%(creatordate:unix)',
      only === undefined ? 'refs/tags/' : tagRef(only),
    ],
    { gitDir },
  );
  const tags: TagInfo[] = [];
  // a pattern also lists the tags below it (`v1` lists `v1/x`)
  for (const line of stdout.split('\n')) {
    const [ref, id, type, peeled, peeledType, created] = line.split('\0');
    if (!ref?.startsWith('refs/tags/') || id === undefined) continue;
    // An annotated tag names its target through `*objectname`; a lightweight one is the commit itself.
    const commit =
      type === 'tag' ? (peeledType === 'commit' ? peeled : undefined) : type === 'commit' ? id : undefined;
    if (commit)
      tags.push({ name: ref.slice('refs/tags/'.length), id, commit, created: Number(created) || 0 });
  }
  return tags;
}

/** Deletes `refs/tags/<name>` if it still points at `expected`; false when it moved or went meanwhile. */
export async function deleteTag(gitDir: string, name: string, expected: string): Promise<boolean> {
  if (!isValidRefName(name) || !isObjectId(expected))
    throw new Error(`invalid tag or id: ${name} ${expected}`);
  try {
    await runGit(['update-ref', '-d', tagRef(name), expected], { gitDir });
    return true;
  } catch (error) {
    if (error instanceof GitError && /cannot lock ref|expected/.test(error.stderr)) return false;
    throw error;
  }
}

/** An annotated tag object as stored. */
export interface TagObject {
  readonly sha: string;
  /** The tagged object and its type (`commit` mostly). */
  readonly object: string;
  readonly type: string;
  /** The name the tag was made with (its `tag` header). */
  readonly name: string;
  readonly tagger: PersonIdent;
  /** The message, without a trailing OpenPGP signature. */
  readonly message: string;
  /** The armored signature, when the tag is signed (not verified here). */
  readonly signature: string | undefined;
}

const signatureStart = '\n-----BEGIN PGP SIGNATURE-----\n';

/** Parses a raw tag object: headers up to the first blank line, then the message (a signature ends it). */
export function parseTagObject(sha: string, content: Buffer): TagObject {
  const text = content.toString('utf8');
  const split = text.indexOf('\n\n');
  const head = split < 0 ? text : text.slice(0, split);
  let message = split < 0 ? '' : text.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0 && !headers.has(line.slice(0, space)))
      headers.set(line.slice(0, space), line.slice(space + 1));
  }
  let signature: string | undefined;
  const at = message.lastIndexOf(signatureStart);
  if (at >= 0 && message.includes('-----END PGP SIGNATURE-----', at)) {
    signature = message.slice(at + 1);
    message = message.slice(0, at + 1);
  }
  return {
    sha,
    object: headers.get('object') ?? '',
    type: headers.get('type') ?? '',
    name: headers.get('tag') ?? '',
    tagger: parseIdent(headers.get('tagger') ?? ''),
    message,
    signature,
  };
}

/** The annotated tag object `sha` (a full id); undefined when there is none (a lightweight tag's commit too). */
export async function readTagObject(reader: CatFileReader, sha: string): Promise<TagObject | undefined> {
  if (!isObjectId(sha)) return undefined;
  const object = await reader.read(sha);
  if (!object || object.type !== 'tag') return undefined;
  return parseTagObject(object.sha, object.content);
}
