// The runtime strings: every `vscode.l10n.t(...)` of the extension and `l10n.t(...)` (@vscode/l10n) of
// the webviews, collected by the VS Code l10n tooling (@vscode/l10n-dev, what `l10n-dev export` runs).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';
import { root } from './files';

export type Bundle = Record<string, string | { message: string; comment: string[] }>;

/** The source folders whose strings go into l10n/bundle.l10n.json. */
export const sourceFolders = ['src/extension', 'src/webview'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => path.join(folder, name))
    .sort();
}

/** The English bundle, keys sorted so that the file changes only where the strings do. */
export async function exportBundle(base = root): Promise<Bundle> {
  const files = sourceFolders.flatMap((folder) => sourceFiles(path.join(base, folder)));
  const exported = (await getL10nJson(
    files.map((file) => ({ contents: readFileSync(file, 'utf8'), extension: path.extname(file) })),
  )) as Bundle;
  return Object.fromEntries(
    Object.keys(exported)
      .sort()
      .map((key) => [key, exported[key] as Bundle[string]]),
  );
}
