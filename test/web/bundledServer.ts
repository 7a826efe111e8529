import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir, projectRoot } from '../server/harness';

const listeningLine = /^Teahouse listening on (\S+)$/m;

export interface BundledServer {
  readonly url: string;
  /** The folder the bundle runs from: dist/ of the build, as the VSIX ships it, with no node_modules. */
  readonly distDir: string;
  stop(): Promise<void>;
}

/**
 * The built CLI as the VSIX ships it: dist/cli.js, its worker and dist/swagger-ui/ copied into a folder
 * of their own, far from node_modules, started with a fresh data folder.
 */
export async function startBundledServer(): Promise<BundledServer> {
  const builtDir = path.join(projectRoot, 'dist');
  if (!existsSync(path.join(builtDir, 'cli.js')))
    throw new Error('dist/cli.js is missing: run `npm run build`');
  const root = makeTempDir('teahouse-web-bundle-');
  const distDir = path.join(root, 'extension', 'dist');
  mkdirSync(distDir, { recursive: true });
  for (const name of ['cli.js', 'markdownWorker.js', 'swagger-ui']) {
    cpSync(path.join(builtDir, name), path.join(distDir, name), { recursive: true });
  }
  const dataDir = path.join(root, 'data');
  const child = spawn(
    process.execPath,
    [path.join(distDir, 'cli.js'), 'serve', '--data', dataDir, '--port', '0', '--host', '127.0.0.1'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (output.length < 100_000) output += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bundled server did not start:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = listeningLine.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the bundled server exited (${code}):\n${output}`)));
  });
  return {
    url,
    distDir,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = (): void => {
          rmSync(root, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
