// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const vscodeOnlyInExtension = {
  name: 'vscode',
  message: 'Only src/extension/ may import vscode (ARCHITECTURE.md: dependency direction).',
};

/** @param {string[]} folders @param {string} why */
const forbidFolders = (folders, why) =>
  folders.flatMap((folder) => [
    { group: [`**/${folder}/*`, `**/${folder}`, `src/${folder}/*`], message: why },
  ]);

export default tseslint.config(
  { ignores: ['dist/', 'media/dist/', 'node_modules/', '.teahouse/', 'test/fixtures/', '*.vsix'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [vscodeOnlyInExtension] }],
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscodeOnlyInExtension],
          patterns: forbidFolders(
            ['server', 'extension'],
            'src/api/ is the shared base: it imports neither the server nor the extension.',
          ),
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/server/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscodeOnlyInExtension],
          patterns: forbidFolders(
            ['extension'],
            'The server never imports extension code; the extension talks to it over HTTP.',
          ),
        },
      ],
    },
  },
  ...serverLayers(),
  {
    // promises and unions that the compiler lets through: an unawaited write, a promise where a callback
    // returns void, a switch that forgot a case
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/webview/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    files: ['src/extension/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidFolders(
            ['server'],
            'The extension reaches the local server over HTTP only, never by import.',
          ),
        },
      ],
    },
  },
  {
    // the suites that run inside VS Code's extension host use its API, like the extension itself
    files: ['test/vscode/**/*.ts', 'test/bench/vscode/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // the webviews' browser code: no vscode, no server, no extension code; only the shared protocol types
    files: ['src/webview/**/*.ts'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        DOMParser: 'readonly',
        MessageEvent: 'readonly',
        MouseEvent: 'readonly',
        Element: 'readonly',
        HTMLElement: 'readonly',
      },
    },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscodeOnlyInExtension],
          patterns: forbidFolders(
            ['server', 'extension', 'api'],
            'Webview code runs in the browser: it talks to the extension by messages only.',
          ),
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);

/**
 * The server's inner layers (ARCHITECTURE.md): routes → services → store / git / convert → domain.
 * Each entry forbids what a layer must not import; the extension rule above still applies.
 */
function serverLayers() {
  const server = ['http', 'routes', 'services', 'store', 'git', 'convert', 'workspace', 'commands'];
  /** @type {Record<string, string[]>} */
  const forbidden = {
    domain: server,
    store: ['http', 'routes', 'services', 'convert', 'workspace', 'commands'],
    git: ['http', 'routes', 'services', 'store', 'convert', 'workspace', 'commands'],
    convert: ['http', 'routes', 'workspace', 'commands'],
    services: ['http', 'routes', 'commands'],
    routes: ['commands', 'workspace'],
  };
  return Object.entries(forbidden).map(([layer, folders]) => ({
    files: [`src/server/${layer}/**/*.ts`, `src/server/${layer}/**/*.tsx`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscodeOnlyInExtension],
          patterns: [
            ...forbidFolders(['extension'], 'The server never imports extension code.'),
            ...folders.flatMap((folder) =>
              forbidFolders(
                [folder],
                `src/server/${layer}/ must not import src/server/${folder}/ (ARCHITECTURE.md: the server's layers).`,
              ),
            ),
          ],
        },
      ],
    },
  }));
}
