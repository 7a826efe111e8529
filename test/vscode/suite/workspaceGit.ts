import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** git in a workspace folder, committing as the suite's own identity, unsigned; its trimmed output. */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  const identity = [
    '-c',
    'user.name=Suite',
    '-c',
    'user.email=suite@localhost',
    '-c',
    'commit.gpgsign=false',
  ];
  return (await run('git', [...identity, ...args], { cwd })).stdout.trim();
}
