/** A Git LFS pointer file's object id and size, as Gitea's `lfs.ReadPointer` reads one. */
export interface LfsPointer {
  readonly oid: string;
  readonly size: number;
}

/** Pointer files are small; Gitea reads at most this many bytes of a blob to tell. */
export const lfsPointerMaxSize = 1024;

const pointerPattern =
  /^version https:\/\/git-lfs\.github\.com\/spec\/v1\noid sha256:([0-9a-f]{64})\nsize (\d+)\n(?:[a-z0-9-]+ [^\n]*\n)*$/;

/** The pointer a blob's content is, or undefined (any other content, or too large to be one). */
export function parseLfsPointer(content: Buffer | undefined): LfsPointer | undefined {
  if (!content || content.length === 0 || content.length >= lfsPointerMaxSize) return undefined;
  const match = pointerPattern.exec(content.toString('utf8'));
  if (!match) return undefined;
  const size = Number(match[2]);
  return Number.isSafeInteger(size) ? { oid: match[1]!, size } : undefined;
}
