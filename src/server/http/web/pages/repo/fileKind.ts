/** How the file page shows a blob: by its first bytes and its name. */
export type FileKind = 'image' | 'binary' | 'markdown' | 'text';

const imageSignatures: readonly number[][] = [
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x42, 0x4d],
];

/** Text is valid UTF-8 without NUL bytes in its first 8 KiB. */
function looksLikeText(content: Buffer): boolean {
  const sample = content.subarray(0, 8192);
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true }); // a character cut at the sample's end is fine
    return true;
  } catch {
    return false;
  }
}

/** What a file is: an image the raw route serves inline (the signatures it knows), other binary data, markdown, or text. */
export function fileKind(path: string, head: Buffer): FileKind {
  if (imageSignatures.some((bytes) => bytes.every((byte, i) => head[i] === byte))) return 'image';
  if (!looksLikeText(head)) return 'binary';
  return /\.(md|markdown|mdown|mkd)$/i.test(path) ? 'markdown' : 'text';
}
