/**
 * Writes the upgrade fixture of this release: a data folder made by the current server (the world of
 * test/helpers/dataFolderWorld.ts) packed as test/fixtures/upgrade/teahouse-<version>.tar.gz, and beside it
 * <version>.json with the credentials and what the API and git answered at that moment.
 * test/server/upgrade.test.ts opens every fixture with the current code and expects the same answers.
 *
 * Run once per release, before its first schema change: `node --import tsx scripts/makeUpgradeFixture.ts`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { teahouseVersion } from '../src/server/version';
import { buildWorld } from '../test/helpers/dataFolderWorld';
import { fixtureDir, fixtureRoot, recordAnswers, type UpgradeManifest } from '../test/server/upgradeFixture';
import { startServer } from '../test/server/harness';

async function main(): Promise<void> {
  const archive = path.join(fixtureDir, `teahouse-${teahouseVersion}.tar.gz`);
  if (existsSync(archive) && !process.argv.includes('--force')) {
    throw new Error(`${archive} exists: a released fixture is not remade (--force to replace it)`);
  }
  const server = await startServer();
  let world, recorded;
  try {
    world = await buildWorld(server);
    recorded = await recordAnswers(server, server.admin.token);
  } finally {
    await server.stop({ keepData: true });
  }
  const manifest: UpgradeManifest = {
    teahouseVersion,
    admin: server.admin,
    users: {
      alice: { password: world.alice.password, token: world.alice.token },
      bob: { password: world.bob.password, token: world.bob.token },
    },
    fixtureRoot,
    ...recorded,
  };
  mkdirSync(fixtureDir, { recursive: true });
  // Sorted names and fixed owners: the same folder packs to the same bytes.
  execFileSync('tar', [
    '--sort=name',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '-czf',
    archive,
    '-C',
    server.dataDir,
    '.',
  ]);
  writeFileSync(
    path.join(fixtureDir, `teahouse-${teahouseVersion}.json`),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  rmSync(server.dataDir, { recursive: true, force: true });
  process.stdout.write(`wrote ${archive}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
