import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import packageJson from '../../package.json';
import { makeTempDir, runCli } from './harness';

/** The names listed under "Commands:" in a group's help. */
function commandsListed(help: string): string[] {
  const section = help.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '';
  return section
    .split('\n')
    .map((line) => /^ {2}(\S+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

describe('the CLI explains itself', () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('--help and -h on every command and subcommand print its usage to stdout and exit 0', async () => {
    const top = await runCli(['--help']);
    assert.equal(top.code, 0);
    assert.equal(top.stderr, '');
    assert.match(top.stdout, /^Usage: teahouse <[a-z|-]+> \[options\]\n/);
    assert.match(top.stdout, /^Exit codes: 0 success, 1 failure, 2 usage error/m);
    const listed = commandsListed(top.stdout);
    for (const name of ['serve', 'admin', 'operations', 'doctor', 'dump', 'restore'])
      assert.ok(listed.includes(name), name);

    // Walk the tree the help describes, so a command added later is covered too.
    const visited: string[] = [];
    const visit = async (command: string[]): Promise<void> => {
      const [long, short] = await Promise.all([runCli([...command, '--help']), runCli([...command, '-h'])]);
      const label = command.join(' ');
      assert.equal(long.code, 0, `${label} --help: ${long.stderr}`);
      assert.equal(long.stderr, '', label);
      assert.equal(short.stdout, long.stdout, `${label} -h`);
      assert.equal(short.code, 0);
      assert.ok(long.stdout.startsWith(`Usage: teahouse ${label} `), `${label}: ${long.stdout}`);
      assert.match(long.stdout, /^ {2}-h, --help +show this help and exit/m, label);
      visited.push(label);
      const subcommands = commandsListed(long.stdout);
      if (subcommands.length === 0) {
        assert.match(long.stdout, /^Exit codes: 0 .*, 2 usage error/m, label);
        return;
      }
      await Promise.all(subcommands.map((sub) => visit([...command, sub])));
    };
    await Promise.all(listed.map((name) => visit([name])));
    for (const name of [
      'serve',
      'admin',
      'admin create-user',
      'admin create-badge',
      'operations',
      'doctor',
      'dump',
      'restore',
    ]) {
      assert.ok(visited.includes(name), `${name} visited`);
    }
  });

  test('help wins over other arguments, and `help <command>` prints that command’s help', async () => {
    const [mixed, viaHelp, serveHelp] = await Promise.all([
      runCli(['serve', '--prot', '1', '--help']),
      runCli(['help', 'serve']),
      runCli(['serve', '--help']),
    ]);
    assert.equal(mixed.code, 0);
    assert.equal(mixed.stdout, serveHelp.stdout);
    assert.equal(viaHelp.code, 0);
    assert.equal(viaHelp.stdout, serveHelp.stdout);
    for (const option of ['--data DIR', '--port N', '--workspace DIR', '--enable-git-hooks']) {
      assert.ok(serveHelp.stdout.includes(`  ${option} `), option);
    }
  });

  test('--version and -v print the version from package.json', async () => {
    for (const flag of ['--version', '-v']) {
      const result = await runCli([flag]);
      assert.equal(result.code, 0);
      assert.equal(result.stdout, `${packageJson.version}\n`);
      assert.equal(result.stderr, '');
    }
  });

  const usageErrors: { args: string[]; message: RegExp; usage: string }[] = [
    {
      args: ['serve', '--prot', '3000'],
      message: /^teahouse: unknown option '--prot'\. Did you mean --port\?$/m,
      usage: 'teahouse serve ',
    },
    {
      args: ['serve', '--xyzzy'],
      message: /^teahouse: unknown option '--xyzzy'$/m,
      usage: 'teahouse serve ',
    },
    {
      args: ['serve', '--port'],
      message: /^teahouse: option '--port' needs a value: --port N$/m,
      usage: 'teahouse serve ',
    },
    {
      args: ['serve', '--data', '--port', '1'],
      message:
        /^teahouse: option '--data' needs a value: --data DIR \(a value that starts with '-' is written --data=--port\)$/m,
      usage: 'teahouse serve ',
    },
    {
      args: ['serve', '--port', 'eighty'],
      message: /^teahouse: --port must be 0\.\.65535, got 'eighty'$/m,
      usage: 'teahouse serve ',
    },
    {
      args: ['serve', '--log-level', 'debg'],
      message:
        /^teahouse: option '--log-level' must be one of info, debug, got 'debg'\. Did you mean --log-level debug\?$/m,
      usage: 'teahouse serve ',
    },
    {
      args: ['serve', '--enable-git-hooks', 'yes'],
      message: /^teahouse: unexpected argument 'yes' \(--enable-git-hooks takes no value\)$/m,
      usage: 'teahouse serve ',
    },
    {
      args: ['serve', '--enable-git-hooks=yes'],
      message: /^teahouse: option '--enable-git-hooks' takes no value$/m,
      usage: 'teahouse serve ',
    },
    {
      args: ['serve', '--mirror-interval', '1m'],
      message:
        /^teahouse: --mirror-interval must be a duration of at least 10m0s, like 8h or 30m, got '1m'$/m,
      usage: 'teahouse serve ',
    },
    {
      args: ['serv'],
      message: /^teahouse: unknown command 'serv'\. Did you mean serve\?$/m,
      usage: 'teahouse <',
    },
    {
      args: [],
      message: /^teahouse: missing command; the commands are serve, admin, /m,
      usage: 'teahouse <',
    },
    {
      args: ['--verison'],
      message: /^teahouse: unknown option '--verison'\. Did you mean --version\?$/m,
      usage: 'teahouse <',
    },
    {
      args: ['help', 'nope'],
      message: /^teahouse: unknown command 'nope'; the commands are /m,
      usage: 'teahouse <',
    },
    {
      args: ['admin'],
      message: /^teahouse: missing command; the commands are create-user, create-badge$/m,
      usage: 'teahouse admin <',
    },
    {
      args: ['admin', 'creat-user'],
      message: /^teahouse: unknown command 'creat-user'\. Did you mean create-user\?$/m,
      usage: 'teahouse admin <',
    },
    {
      args: ['admin', 'create-user', '--username', 'x', '--emial', 'x@example.com'],
      message: /^teahouse: unknown option '--emial'\. Did you mean --email\?$/m,
      usage: 'teahouse admin create-user ',
    },
    {
      args: ['operations', '--jsn'],
      message: /^teahouse: unknown option '--jsn'\. Did you mean --json\?$/m,
      usage: 'teahouse operations ',
    },
    {
      args: ['doctor', '--fxi'],
      message: /^teahouse: unknown option '--fxi'\. Did you mean --fix\?$/m,
      usage: 'teahouse doctor ',
    },
    {
      args: ['dump', '--data', 'x'],
      message: /^teahouse: missing required option --file$/m,
      usage: 'teahouse dump ',
    },
    {
      args: ['restore', '--file', 'x.tar.gz', '--dat', 'y'],
      message: /^teahouse: unknown option '--dat'\. Did you mean --data\?$/m,
      usage: 'teahouse restore ',
    },
    {
      args: ['operations', 'extra'],
      message: /^teahouse: unexpected argument 'extra'$/m,
      usage: 'teahouse operations ',
    },
  ];

  test('a bad command, option or value exits 2 naming it, the fix and the usage line', async () => {
    const results = await Promise.all(usageErrors.map(({ args }) => runCli(args)));
    usageErrors.forEach(({ args, message, usage }, i) => {
      const result = results[i]!;
      const label = `teahouse ${args.join(' ')}`;
      assert.equal(result.code, 2, `${label}: ${result.stderr}`);
      assert.equal(result.stdout, '', label);
      assert.match(result.stderr, message, label);
      assert.ok(result.stderr.includes(`\nUsage: ${usage}`), `${label}: ${result.stderr}`);
      assert.match(result.stderr, /^Run 'teahouse[a-z -]*--help' for more\.$/m, label);
      assert.doesNotMatch(result.stderr, /\n\s+at /, `${label}: no stack trace`);
    });
  });

  test('a runtime failure exits 1 with one line and no usage', async () => {
    const dir = makeTempDir();
    dirs.push(dir);
    const file = path.join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    const result = await runCli(['serve', '--data', file, '--port', '0']);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /^teahouse: cannot use the data folder .*not-a-folder: /);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
  });
});
