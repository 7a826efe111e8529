import path from 'node:path';

/** The name the local server gives a workspace folder's repository (its folder name, made valid). */
export function localRepositoryName(folder: string): string {
  return path
    .basename(folder)
    .replace(/\.git$/i, '')
    .replace(/[^-.\w]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '');
}
