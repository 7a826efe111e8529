import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { exportBundle, type Bundle } from '../../scripts/l10n/bundle';
import { bundleFile, l10nFolder, packageNlsFile, root, translations } from '../../scripts/l10n/files';
import { translationGaps } from '../../scripts/l10n/missing';
import { externalize, placeholderKeys, plainStrings, type Nls } from '../../scripts/l10n/packageNls';

// What `npm run l10n` keeps true; each failure names the keys and the command that mends it.
const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const manifest = readJson<Record<string, unknown>>(path.join(root, 'package.json'));
const englishNls = readJson<Nls>(packageNlsFile);
const englishBundle = readJson<Bundle>(bundleFile);
const nlsTranslations = translations(root, 'package.nls');
const bundleTranslations = translations(l10nFolder, 'bundle.l10n');

const messageOf = (entry: Bundle[string] | undefined) => (typeof entry === 'string' ? entry : entry?.message);
/** What a translation must keep verbatim: `{0}` arguments, `$(icon)`s, command links, `#setting#`s. */
const verbatim = (text: string) =>
  [...text.matchAll(/\{\d+\}|\$\([\w~-]+\)|\(command:[^)]+\)|#[\w.]+#/g)].map((match) => match[0]).sort();

test('package.json holds no plain string where VS Code localises (run `npm run l10n`)', () => {
  assert.deepEqual(plainStrings(manifest), []);
  assert.equal(manifest.l10n, './l10n');
});

test('every %key% of package.json has its English text and every translation has it too', () => {
  const keys = placeholderKeys(manifest);
  assert.ok(keys.length > 300, `only ${keys.length} placeholders`);
  assert.deepEqual(
    keys.filter((key) => englishNls[key] === undefined),
    [],
    'keys missing from package.nls.json: run `npm run l10n`',
  );
  assert.ok(nlsTranslations.length > 0, 'no package.nls.<language>.json');
  for (const { language, file } of nlsTranslations) {
    const translation = readJson<Nls>(file);
    assert.deepEqual(
      translationGaps(englishNls, translation),
      { missing: [], stale: [] },
      `package.nls.${language}.json`,
    );
    for (const [key, english] of Object.entries(englishNls))
      assert.deepEqual(
        verbatim(translation[key] ?? ''),
        verbatim(english),
        `package.nls.${language}.json: ${key}`,
      );
  }
});

test('l10n/bundle.l10n.json is what the l10n tooling exports from the sources (run `npm run l10n`)', async () => {
  const exported = await exportBundle();
  assert.ok(Object.keys(exported).length > 250, 'the export found the l10n.t calls');
  assert.deepEqual(englishBundle, exported);
});

test('every runtime string has its translation in each l10n/bundle.l10n.<language>.json', () => {
  assert.ok(bundleTranslations.length > 0, 'no l10n/bundle.l10n.<language>.json');
  assert.deepEqual(
    bundleTranslations.map(({ language }) => language).sort(),
    nlsTranslations.map(({ language }) => language).sort(),
    'each language translates both package.nls.json and the bundle',
  );
  for (const { language, file } of bundleTranslations) {
    const translation = readJson<Record<string, string>>(file);
    assert.deepEqual(
      translationGaps(englishBundle, translation),
      { missing: [], stale: [] },
      `bundle.l10n.${language}.json`,
    );
    for (const [key, entry] of Object.entries(englishBundle))
      assert.deepEqual(
        verbatim(translation[key] ?? ''),
        verbatim(messageOf(entry) ?? ''),
        `bundle.l10n.${language}.json: ${key}`,
      );
  }
});

test('a plain title added to package.json becomes a %key% with its English text', () => {
  const added = {
    contributes: {
      commands: [{ command: 'teahouse.fresh', title: 'Fresh Command', category: 'Teahouse' }],
      configuration: {
        properties: { 'teahouse.fresh': { type: 'string', description: 'A fresh setting.' } },
      },
    },
  };
  const nls: Nls = {};
  externalize(added, nls);
  assert.deepEqual(added.contributes.commands[0], {
    command: 'teahouse.fresh',
    title: '%teahouse.fresh.title%',
    category: '%category.teahouse%',
  });
  assert.equal(
    added.contributes.configuration.properties['teahouse.fresh'].description,
    '%teahouse.fresh.description%',
  );
  assert.deepEqual(nls, {
    'teahouse.fresh.title': 'Fresh Command',
    'category.teahouse': 'Teahouse',
    'teahouse.fresh.description': 'A fresh setting.',
  });
});

test('a plain string whose key another field already uses gets a key of its own', () => {
  const manifest = {
    contributes: {
      viewsWelcome: [
        { view: 'teahouse.issues', contents: 'Inserted before the first.' },
        { view: 'teahouse.issues', contents: '%teahouse.issues.welcome%' },
      ],
      commands: [{ command: 'teahouse.x', title: 'Same as before' }],
    },
  };
  const nls: Nls = { 'teahouse.issues.welcome': 'The first.', 'teahouse.x.title': 'Old text' };
  externalize(manifest, nls);
  assert.deepEqual(
    manifest.contributes.viewsWelcome.map((welcome) => welcome.contents),
    ['%teahouse.issues.welcome.2%', '%teahouse.issues.welcome%'],
  );
  assert.deepEqual(nls, {
    'teahouse.issues.welcome': 'The first.',
    'teahouse.issues.welcome.2': 'Inserted before the first.',
    'teahouse.x.title': 'Same as before',
  });
});

test('the packaged extension ships the English and translated package.nls and l10n bundles', async () => {
  const vsce = createRequire(__filename)('@vscode/vsce') as {
    listFiles(options: { cwd: string; packageManager: 'none' }): Promise<string[]>;
  };
  const files = await vsce.listFiles({ cwd: root, packageManager: 'none' });
  const expected = [
    'package.nls.json',
    ...nlsTranslations.map(({ file }) => path.relative(root, file)),
    'l10n/bundle.l10n.json',
    ...bundleTranslations.map(({ file }) => path.relative(root, file).split(path.sep).join('/')),
  ];
  assert.deepEqual(
    expected.filter((file) => !files.includes(file)),
    [],
  );
});
