import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { operations } from '../../src/api/operations';
import {
  commandEntries,
  commandTitleTexts,
  paletteEntries,
  withOperationCommands,
} from '../../src/extension/operations/commandContributions';

const packageText = readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8');
const nls = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.nls.json'), 'utf8')) as Record<
  string,
  string
>;
/** A `%key%` placeholder's English text, as VS Code shows it. */
const english = (value: string | undefined) =>
  value ? (nls[/^%(.+)%$/.exec(value)?.[1] ?? ''] ?? value) : value;

interface Contributes {
  commands: { command: string; title: string; category?: string }[];
  menus: { commandPalette: { command: string; when?: string }[] };
}
const contributes = (JSON.parse(packageText) as { contributes: Contributes }).contributes;
const isApi = (entry: { command: string }) => entry.command.startsWith('teahouse.api.');

test('package.json contributes exactly one command per catalogue operation, titled shortly', () => {
  assert.deepEqual(contributes.commands.filter(isApi), commandEntries(operations));
  assert.equal(contributes.commands.filter(isApi).length, operations.length);
  const createIssue = contributes.commands.find((entry) => entry.command === 'teahouse.api.issueCreateIssue');
  assert.deepEqual(createIssue, {
    command: 'teahouse.api.issueCreateIssue',
    title: '%teahouse.api.issueCreateIssue.title%',
    category: '%category.teahouseApi%',
  });
  assert.equal(english(createIssue?.title), 'Create an issue');
  assert.equal(english(createIssue?.category), 'Teahouse API');
  for (const [key, text] of Object.entries(commandTitleTexts(operations))) assert.equal(nls[key], text, key);
});

test('the operation commands are in the palette only when the setting asks for them', () => {
  const setting = (
    JSON.parse(packageText) as {
      contributes: { configuration: { properties: Record<string, { type: string; default: unknown }> } };
    }
  ).contributes.configuration.properties['teahouse.apiCommandsInPalette'];
  assert.deepEqual({ type: setting?.type, default: setting?.default }, { type: 'boolean', default: false });
  const apiPalette = contributes.menus.commandPalette.filter(isApi);
  assert.equal(apiPalette.length, operations.length);
  for (const entry of apiPalette) {
    const operationId = entry.command.slice('teahouse.api.'.length);
    const when = entry.when ?? '';
    assert.ok(when.startsWith('config.teahouse.apiCommandsInPalette && teahouse.hasAccounts'), when);
    assert.ok(when.endsWith(` && !teahouse.lacks.${operationId}`), when);
  }
  const runAny = contributes.commands.find((entry) => entry.command === 'teahouse.runApiOperation');
  assert.equal(english(runAny?.category), 'Teahouse');
  const runAnyWhen = contributes.menus.commandPalette.find(
    (entry) => entry.command === 'teahouse.runApiOperation',
  )?.when;
  assert.equal(runAnyWhen, 'teahouse.hasAccounts', 'Run API Operation… does not depend on the setting');
});

test('the palette shows admin operations only to administrators, the others once an account exists', () => {
  assert.deepEqual(contributes.menus.commandPalette.filter(isApi), paletteEntries(operations));
  const adminOnly = contributes.menus.commandPalette.filter((entry) =>
    entry.when?.includes('teahouse.isAdmin'),
  );
  const adminOperations = operations.filter((operation) => operation.auth === 'admin');
  assert.ok(adminOperations.length > 0);
  assert.deepEqual(
    adminOnly.map((entry) => entry.command),
    adminOperations.map((operation) => `teahouse.api.${operation.operationId}`),
  );
});

test('package.json is what `npm run contributions` writes (run it after changing the catalogue)', () => {
  assert.equal(withOperationCommands(packageText, operations), packageText);
});

test('regenerating replaces only the generated entries and keeps every other byte', () => {
  const original = `{
  "name": "x",
  "contributes": {
    "commands": [
      { "command": "other.first", "title": "Keep  me" },
      {
        "command": "teahouse.api.stale",
        "title": "Gone",
        "category": "Teahouse API"
      },
      {
        "command": "teahouse.mine",
        "title": "Mine"
      }
    ],
    "menus": {
      "commandPalette": [
        {
          "command": "teahouse.api.stale",
          "when": "true"
        }
      ]
    }
  }
}
`;
  const subset = operations.slice(0, 2);
  const updated = withOperationCommands(original, subset);
  const parsed = JSON.parse(updated) as { contributes: Contributes };
  assert.deepEqual(
    parsed.contributes.commands.map((entry) => entry.command),
    ['other.first', ...subset.map((operation) => `teahouse.api.${operation.operationId}`), 'teahouse.mine'],
  );
  assert.ok(updated.includes('{ "command": "other.first", "title": "Keep  me" },'));
  assert.deepEqual(parsed.contributes.menus.commandPalette, paletteEntries(subset));
  assert.equal(withOperationCommands(updated, []).includes('teahouse.api.'), false);
  assert.equal(withOperationCommands(updated, subset), updated);
});
