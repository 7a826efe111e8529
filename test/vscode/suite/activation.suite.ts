/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { children, extensionId, teahouse } from './helpers';

interface Manifest {
  contributes: { commands: { command: string }[]; views: Record<string, { id: string }[]> };
}

export function activationSuite(): void {
  suite('activation', () => {
    test('the extension activates and measures its activation time', async () => {
      const api = await teahouse();
      assert.ok(api.activationMs > 0, 'activation time measured');
      assert.ok(api.activationMs < 2_000, `activation took ${api.activationMs} ms`);
      console.log(
        `    activation: ${api.activationMs.toFixed(1)} ms (VS Code ${vscode.version}, Node ${process.version})`,
      );
    });

    test('every command in the manifest is registered', async () => {
      await teahouse();
      const manifest = vscode.extensions.getExtension(extensionId)?.packageJSON as Manifest;
      const registered = new Set(await vscode.commands.getCommands(true));
      const missing = manifest.contributes.commands.map((c) => c.command).filter((id) => !registered.has(id));
      assert.deepEqual(missing, []);
      assert.ok(manifest.contributes.commands.length >= 40);
    });

    test('the container has the five views, empty (so the welcome shows) before any account exists', async () => {
      const api = await teahouse();
      const manifest = vscode.extensions.getExtension(extensionId)?.packageJSON as Manifest;
      assert.deepEqual(
        manifest.contributes.views['teahouse']?.map((view) => view.id),
        [
          'teahouse.repositories',
          'teahouse.issues',
          'teahouse.pullRequests',
          'teahouse.organizations',
          'teahouse.notifications',
        ],
      );
      assert.equal(api.accounts.list().length, 0);
      for (const tree of [...Object.values(api.trees), api.notifications.tree])
        assert.deepEqual(await children(tree), []);
    });
  });
}
