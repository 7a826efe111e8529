import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

// Probes are virtual files, unknown to the TypeScript project: lint them without type information.
const eslint = new ESLint({
  cwd: `${__dirname}/../..`,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

async function restrictedImports(filePath: string, specifier: string): Promise<number> {
  const code = `import * as imported from '${specifier}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('the lint rules hold the dependency direction of ARCHITECTURE.md', () => {
  const forbidden: [string, string][] = [
    ['src/api/probe.ts', '../server/app'],
    ['src/api/probe.ts', '../extension/extension'],
    ['src/api/probe.ts', 'vscode'],
    ['src/server/probe.ts', 'vscode'],
    ['src/server/routes/probe.ts', '../../extension/views/issueTree'],
    ['src/extension/probe.ts', '../server/app'],
    ['src/extension/views/probe.ts', '../../server/store/database'],
    ['src/webview/probe.ts', 'vscode'],
    ['src/webview/probe.ts', '../extension/webviews/issuePanel'],
    ['src/webview/probe.ts', '../server/app'],
    ['src/webview/probe.ts', '../api/client'],
    ['src/server/domain/probe.ts', '../store/database'],
    ['src/server/domain/probe.ts', '../http/context'],
    ['src/server/store/probe.ts', '../services/permissions'],
    ['src/server/store/probe.ts', '../convert/issue'],
    ['src/server/git/probe.ts', '../store/repositories'],
    ['src/server/convert/probe.ts', '../http/context'],
    ['src/server/services/probe.ts', '../http/bodyFields'],
    ['src/server/services/probe.ts', '../routes/guards'],
  ];
  for (const [file, specifier] of forbidden) {
    test(`${file} may not import ${specifier}`, async () => {
      assert.equal(await restrictedImports(file, specifier), 1);
    });
  }

  const allowed: [string, string][] = [
    ['src/extension/probe.ts', 'vscode'],
    ['src/extension/probe.ts', '../api/client'],
    ['src/server/probe.ts', '../api/operations'],
    ['src/api/probe.ts', './types'],
    ['src/webview/probe.ts', './protocol'],
    ['src/server/routes/probe.ts', '../services/permissions'],
    ['src/server/services/probe.ts', '../store/database'],
    ['src/server/services/probe.ts', '../domain/errors'],
    ['src/server/convert/probe.ts', '../store/issues'],
  ];
  for (const [file, specifier] of allowed) {
    test(`${file} may import ${specifier}`, async () => {
      assert.equal(await restrictedImports(file, specifier), 0);
    });
  }
});
