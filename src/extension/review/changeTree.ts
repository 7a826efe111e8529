/** A changed file of a pull request or a commit, as the Changes tree shows it. */
export interface ChangedFile {
  readonly filename: string;
  /** The path before a rename, else empty. */
  readonly previousFilename: string;
  /** Gitea's status words: added, modified, deleted, renamed (others shown as modified). */
  readonly status: string;
  readonly additions: number;
  readonly deletions: number;
}

export type ChangeLayout = 'flat' | 'tree';

export type ChangeEntry =
  | { readonly kind: 'file'; readonly file: ChangedFile }
  | {
      readonly kind: 'folder';
      /** The folder's path from the repository root, `src/extension`. */
      readonly path: string;
      /** What the tree shows: the path below the parent folder, chains of single folders joined. */
      readonly label: string;
      readonly entries: readonly ChangeEntry[];
    };

/** The one-letter badge of a status (A, M, D, R), as the SCM view shows them. */
export function statusLetter(status: string): 'A' | 'M' | 'D' | 'R' {
  switch (status) {
    case 'added':
      return 'A';
    case 'deleted':
    case 'removed':
      return 'D';
    case 'renamed':
      return 'R';
    default:
      return 'M';
  }
}

interface Folder {
  readonly folders: Map<string, Folder>;
  readonly files: ChangedFile[];
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function entriesOf(folder: Folder, path: string): ChangeEntry[] {
  const folders = [...folder.folders.entries()]
    .sort(([a], [b]) => byName(a, b))
    .map(([name, child]): ChangeEntry => {
      let label = name;
      let childPath = path === '' ? name : `${path}/${name}`;
      let current = child;
      // a folder holding only one folder shows as one node: `src/extension`
      while (current.files.length === 0 && current.folders.size === 1) {
        const [[nextName, next]] = [...current.folders.entries()] as [[string, Folder]];
        label = `${label}/${nextName}`;
        childPath = `${childPath}/${nextName}`;
        current = next;
      }
      return { kind: 'folder', path: childPath, label, entries: entriesOf(current, childPath) };
    });
  const files = [...folder.files]
    .sort((a, b) => byName(a.filename, b.filename))
    .map((file): ChangeEntry => ({ kind: 'file', file }));
  return [...folders, ...files];
}

/** The Changes tree's entries: every file sorted by path (flat), or folders first, then files (tree). */
export function buildChangeTree(files: readonly ChangedFile[], layout: ChangeLayout): ChangeEntry[] {
  if (layout === 'flat') {
    return [...files].sort((a, b) => byName(a.filename, b.filename)).map((file) => ({ kind: 'file', file }));
  }
  const root: Folder = { folders: new Map(), files: [] };
  for (const file of files) {
    const parts = file.filename.split('/');
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (next === undefined) {
        next = { folders: new Map(), files: [] };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push(file);
  }
  return entriesOf(root, '');
}

/** A repository path's segments, or undefined for one that could leave a folder (`..`, absolute, `\\`). */
export function pathSegments(path: string): string[] | undefined {
  const segments = path.split('/');
  const unsafe =
    path === '' ||
    path.includes('\\') ||
    segments.some((part) => part === '' || part === '.' || part === '..');
  return unsafe ? undefined : segments;
}
