import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes code-server start in `locale` without downloading VS Code's language pack: a language pack
 * registration (`languagepacks.json` in the user data folder, what VS Code writes when a pack is installed)
 * whose workbench translations are empty, so VS Code's own texts stay English while the display language,
 * and with it every extension's package.nls.<locale>.json and l10n bundle, is `locale`.
 */
export function registerEmptyLanguagePack(userDataDir: string, locale: string): void {
  const folder = path.join(userDataDir, 'teahouse-test-language-pack');
  mkdirSync(folder, { recursive: true });
  const translations = path.join(folder, 'main.i18n.json');
  writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const pack = {
    hash: `teahouse-test-${locale}`,
    label: locale,
    extensions: [{ extensionIdentifier: { id: `teahouse-test.language-pack-${locale}` }, version: '1.0.0' }],
    translations: { vscode: translations },
  };
  writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify({ [locale]: pack }));
}
