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
}

/** Every tag that points at a commit, by name (`git for-each-ref refs/tags/`). */
export async function listTags(gitDir: string): Promise<TagInfo[]> {
  const { stdout } = await runGit(
    [
      'for-each-ref',
      '--sort=refname',
      '--format=%(refname)%00%(objectname)%00%(objecttype)%00%(*objectname)%00%(*objecttype)',
      'refs/tags/',
    ],
    { gitDir },
  );
  const tags: TagInfo[] = [];
  for (const line of stdout.split('\n')) {
    const [ref, id, type, peeled, peeledType] = line.split('\0');
    if (!ref?.startsWith('refs/tags/') || id === undefined) continue;
    // An annotated tag names its target through `*objectname`; a lightweight one is the commit itself.
    const commit =
      type === 'tag' ? (peeledType === 'commit' ? peeled : undefined) : type === 'commit' ? id : undefined;
    if (commit) tags.push({ name: ref.slice('refs/tags/'.length), id, commit });
  }
  return tags;
}
