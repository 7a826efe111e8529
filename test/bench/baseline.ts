import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CapturedRoutes } from './baselineServer';
import { projectRoot } from './serverProcess';

export interface Baseline {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a bare baseline in its own process (as the real server runs in its own) over captured routes:
 * serialising the JSON per request, or (`prebuilt`, the floor) sending bytes made once.
 */
export async function startBaseline(
  routes: CapturedRoutes,
  workDir: string,
  options: { readonly prebuilt?: boolean } = {},
): Promise<Baseline> {
  const file = path.join(workDir, 'baseline-routes.json');
  writeFileSync(file, JSON.stringify(routes));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(__dirname, 'baselineServer.ts'),
      file,
      ...(options.prebuilt ? ['--prebuilt'] : []),
    ],
    {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /baseline listening on (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`baseline exited (${code}): ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
