import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { operations } from '../../src/api/operations';
import {
  commandEntries,
  paletteEntries,
  withOperationCommands,
} from '../../src/extension/operations/commandContributions';

const packageText = readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8');

interface Contributes {
  commands: { command: string; title: string; category?: string }[];
  menus: { commandPalette: { command: string; when?: string }[] };
}
const contributes = (JSON.parse(packageText) as { contributes: Contributes }).contributes;
const isApi = (entry: { command: string }) => entry.command.startsWith('teahouse.api.');

test('package.json contributes exactly one command per catalogue operation, titled by its summary', () => {
  assert.deepEqual(contributes.commands.filter(isApi), commandEntries(operations));
  assert.equal(contributes.commands.filter(isApi).length, operations.length);
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
