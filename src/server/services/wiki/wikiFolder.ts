import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { invalid } from '../../domain/errors';

/**
 * Moves a repository's wiki folder with the repository (a rename or a transfer), as Gitea's
 * ChangeRepositoryName and TransferOwnership move `{name}.wiki.git`. Nothing to do without a wiki. Answers
 * the undo, for a caller whose transaction fails afterwards.
 */
export function moveWikiFolder(from: string, to: string): () => void {
  if (from === to || !existsSync(from)) return () => undefined;
  if (existsSync(to)) throw invalid(`repository files already exist [name: ${path.basename(to)}]`);
  mkdirSync(path.dirname(to), { recursive: true });
  renameSync(from, to);
  return () => {
    if (existsSync(to) && !existsSync(from)) renameSync(to, from);
  };
}
