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
  { ignores: ['dist/', 'node_modules/', '.teahouse/', 'test/fixtures/', '*.vsix'] },
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
    files: ['src/server/**/*.ts'],
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
    files: ['test/vscode/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
