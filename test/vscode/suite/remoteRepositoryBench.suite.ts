/// <reference types="mocha" />
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { CommitResult } from '../../../src/extension/remoteRepository/repoCommit';
import { median } from '../../helpers/median';
import { localAccount, localServer, teahouse, unique, waitFor } from './helpers';

const run = promisify(execFile);
const folders = 1_000;
const filesPerFolder = 10;

/** 10,000 files in 1,000 folders, pushed over HTTP as the test administrator. */
async function seedLargeRepository(owner: string, repo: string): Promise<void> {
  const { url, admin, client } = await localServer();
  await client.api.adminCreateRepo({ username: owner, body: { name: repo, auto_init: false } });
  const work = mkdtempSync(path.join(tmpdir(), 'teahouse-bench-repo-'));
  try {
    for (let folder = 0; folder < folders; folder++) {
      const dir = path.join(work, `folder-${String(folder).padStart(4, '0')}`);
      mkdirSync(dir);
      for (let file = 0; file < filesPerFolder; file++)
        writeFileSync(path.join(dir, `file-${file}.txt`), `folder ${folder}, file ${file}\n`);
    }
    writeFileSync(path.join(work, 'README.md'), '# 10,000 files\n');
    const git = (...args: string[]) => run('git', args, { cwd: work, maxBuffer: 64 * 1024 * 1024 });
    await git('init', '--quiet', '--initial-branch', 'main');
    await git('add', '.');
    await git(
      '-c',
      'user.name=Bench',
      '-c',
      'user.email=bench@example.com',
      'commit',
      '--quiet',
      '-m',
      'Seed',
    );
    const remote = new URL(`${owner}/${repo}.git`, url);
    remote.username = admin.username;
    remote.password = admin.password;
    await git('push', '--quiet', remote.href, 'main');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Median of the runs, then the fastest and slowest. */
function spread(times: readonly number[]): string {
  return `${median(times).toFixed(0)} ms median (${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)})`;
}

/**
 * Bench rows (`npm run bench:vscode`), not a test: figures printed, never asserted. Runs only when
 * TEAHOUSE_VSCODE_BENCH=remote-repository, so the suite's runs stay quick.
 */
export function remoteRepositoryBenchSuite(): void {
  suite('bench: remote repository', () => {
    test('root listed, a file opened, 20 files committed (10,000 files in 1,000 folders)', async function () {
      if (process.env['TEAHOUSE_VSCODE_BENCH'] !== 'remote-repository') this.skip();
      this.timeout(10 * 60_000);
      const api = await teahouse();
      // run alone, the bench joins or starts the local server itself, which signs the Local account in
      await vscode.commands.executeCommand('teahouse.startLocalServer');
      await waitFor(() => api.accounts.list().some((account) => account.id === 'local'), 'the Local account');
      const owner = (await localAccount()).username;
      const repo = unique('bench-10k');
      await seedLargeRepository(owner, repo);
      const sent = async () => (await api.http.stats()).sent;

      let requests = await sent();
      let t0 = performance.now();
      const root = await vscode.commands.executeCommand<vscode.Uri>('teahouse.openRepository', {
        account: 'local',
        repository: `${owner}/${repo}`,
        branch: 'main',
      });
      const opened = performance.now() - t0;
      const openRequests = (await sent()) - requests;
      requests = await sent();
      t0 = performance.now();
      const entries = await vscode.workspace.fs.readDirectory(root);
      const rootMs = performance.now() - t0;
      const rootRequests = (await sent()) - requests;

      await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(root, 'folder-0500'));
      // each file measured once the workbench has settled from the step before (an editor shown, a listing)
      const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));
      const fileTimes: number[] = [];
      requests = await sent();
      for (let n = 0; n < 5; n++) {
        await settle();
        t0 = performance.now();
        const document = await vscode.workspace.openTextDocument(
          vscode.Uri.joinPath(root, 'folder-0500', `file-${n}.txt`),
        );
        await vscode.window.showTextDocument(document);
        fileTimes.push(performance.now() - t0);
      }
      const fileRequests = ((await sent()) - requests) / fileTimes.length;
      const readTimes: number[] = [];
      requests = await sent();
      for (let n = 5; n < 10; n++) {
        await settle();
        t0 = performance.now();
        await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, 'folder-0500', `file-${n}.txt`));
        readTimes.push(performance.now() - t0);
      }
      const readRequests = ((await sent()) - requests) / readTimes.length;

      for (let n = 0; n < 20; n++) {
        const changed = vscode.Uri.joinPath(root, `folder-${String(n * 40).padStart(4, '0')}`, 'file-0.txt');
        await vscode.workspace.fs.writeFile(changed, new TextEncoder().encode(`changed ${n}\n`));
      }
      await settle();
      requests = await sent();
      t0 = performance.now();
      const result = await vscode.commands.executeCommand<CommitResult>(
        'teahouse.remoteRepository.commit',
        root,
        {
          message: 'Twenty files',
        },
      );
      const commitMs = performance.now() - t0;
      const commitRequests = (await sent()) - requests;

      const rows = [
        `open (picker's reads: repository, branch)   ${opened.toFixed(0)} ms, ${openRequests} requests`,
        `root listed (${entries.length} entries)        ${rootMs.toFixed(0)} ms, ${rootRequests} requests (target ≤ 500 ms)`,
        `file opened (folder already listed)       ${spread(fileTimes)}, ${fileRequests} requests each (target ≤ 200 ms)`,
        `file read (workspace.fs, no editor)       ${spread(readTimes)}, ${readRequests} requests each`,
        `commit of 20 changed files                ${commitMs.toFixed(0)} ms, ${commitRequests} requests (target ≤ 1 s), committed: ${String(result.committed)}`,
      ];
      console.log(
        `\nBENCH remote-repository (10,000 files in 1,000 folders, local server)\n${rows.map((row) => `BENCH   ${row}`).join('\n')}\n`,
      );
      const index = (vscode.workspace.workspaceFolders ?? []).findIndex(
        (folder) => folder.uri.toString() === root.toString(),
      );
      if (index >= 0) vscode.workspace.updateWorkspaceFolders(index, 1);
    });
  });
}
