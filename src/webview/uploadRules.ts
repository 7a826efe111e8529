import type { UploadRules } from './protocol';

/** Why a file is not sent: the server would refuse it (Gitea's own checks, made before the bytes travel). */
export type UploadRefusal =
  | { readonly reason: 'tooBig'; readonly limitBytes: number }
  | { readonly reason: 'type' }
  | { readonly reason: 'tooMany'; readonly limit: number };

/** Gitea's `allowed_types` as a list: `|` is its older separator, entries are case-insensitive. */
export function allowedTypesOf(setting: string): string[] {
  return setting
    .replace(/\|/g, ',')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

/**
 * Whether Gitea's upload check would take a file of this name and MIME type: any type when the list is
 * empty or holds `*∕*`, else a listed extension, the exact type, or a `type/*` wildcard.
 */
export function typeAllowed(allowed: readonly string[], name: string, mimeType: string): boolean {
  if (allowed.length === 0) return true;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  const type = mimeType.toLowerCase().split(';')[0]?.trim() ?? '';
  return allowed.some(
    (entry) =>
      entry === '*/*' ||
      (entry.startsWith('.') && entry === extension) ||
      entry === type ||
      (entry.endsWith('/*') && type.startsWith(entry.slice(0, -1))),
  );
}

/** The first reason the server would refuse these files, or undefined when all may go. */
export function uploadRefusal(
  rules: UploadRules,
  files: readonly { readonly name: string; readonly type: string; readonly size: number }[],
): (UploadRefusal & { readonly file?: string }) | undefined {
  if (rules.maxFiles !== undefined && files.length > rules.maxFiles)
    return { reason: 'tooMany', limit: rules.maxFiles };
  for (const file of files) {
    if (rules.maxBytes !== undefined && file.size > rules.maxBytes)
      return { reason: 'tooBig', limitBytes: rules.maxBytes, file: file.name };
    if (!typeAllowed(rules.allowedTypes, file.name, file.type)) return { reason: 'type', file: file.name };
  }
  return undefined;
}

/** Markdown that links an attachment as Gitea's editor writes it: an image inline, anything else as a link. */
export function attachmentMarkdown(name: string, mimeType: string, url: string): string {
  const text = name.replace(/[[\]\\]/g, '\\$&');
  return mimeType.toLowerCase().startsWith('image/') ? `![${text}](${url})` : `[${text}](${url})`;
}
