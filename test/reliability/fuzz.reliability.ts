import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { operations } from '../../src/api/operations';
import { startServer, type TestServer } from '../server/harness';
import { bodyLimit } from './fuzz/cases';
import { generateCases, runFuzz } from './fuzz/runner';
import { snapshotDifferences, takeSnapshot } from './fuzz/snapshot';
import { seedWorld, type FuzzWorld } from './fuzz/world';
import { printFigure, profile } from './profile';

/** TEAHOUSE_FUZZ_SEED replays a run; otherwise a fresh seed is drawn and printed. */
function fuzzSeed(): number {
  const given = process.env['TEAHOUSE_FUZZ_SEED'];
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`TEAHOUSE_FUZZ_SEED must be an integer, not "${given}"`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}

describe('the catalogue-driven fuzzer', () => {
  let server: TestServer;
  let world: FuzzWorld;

  before(async () => {
    server = await startServer({ args: ['--body-limit', String(bodyLimit)] });
    world = await seedWorld(server);
  });

  after(async () => {
    await server.stop();
  });

  it('answers every operation with a 2xx or a 4xx JSON message, and refused writes change nothing', async () => {
    const seed = fuzzSeed();
    printFigure('fuzz seed (TEAHOUSE_FUZZ_SEED)', seed);
    const cases = generateCases(seed, profile.fuzzCases, world);
    const started = performance.now();
    // TEAHOUSE_FUZZ_WINDOW=1 snapshots around every request: slow, but names the request that changed data.
    const windowSize = Number(process.env['TEAHOUSE_FUZZ_WINDOW'] ?? '') || 40;
    const result = await runFuzz({ server, world, cases, windowSize, concurrency: 6 });
    const seconds = (performance.now() - started) / 1000;

    printFigure('fuzz cases', result.cases);
    printFigure('fuzz 5xx answers', result.serverErrors);
    printFigure(
      'fuzz statuses',
      [...result.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' '),
    );
    printFigure('fuzz operations covered', `${result.operationsCovered}/${operations.length}`);
    printFigure(
      'fuzz snapshot windows',
      `${result.windowsChecked} checked unchanged, ${result.windowsInconclusive} with an accepted write`,
    );
    printFigure(
      'fuzz rate',
      `${(result.cases / seconds).toFixed(0)} requests/s over ${seconds.toFixed(1)} s`,
    );
    for (const failure of result.failures.slice(0, 30)) {
      const { fuzzCase, problem } = failure;
      console.log(
        `FUZZ FAILURE ${fuzzCase.operationId} as ${fuzzCase.caller}: ${fuzzCase.method} ${fuzzCase.path.slice(0, 300)}` +
          ` [${fuzzCase.faults.join('; ')}] body=${String(fuzzCase.body ?? '').slice(0, 200)} → ${problem}`,
      );
    }

    assert.equal(result.cases, cases.length, 'every case got an answer');
    assert.equal(result.serverErrors, 0, 'no 5xx');
    assert.deepEqual(result.failures, [], 'no failures');
    assert.equal(result.operationsCovered, operations.length);
    assert.ok(result.windowsChecked > 0, 'some windows had only refused writes');
    assert.ok(server.process.exitCode === null, 'the server is still running');

    // The snapshot sees an accepted write, so its "unchanged" above means something.
    const beforeWrite = await takeSnapshot(server.dataDir);
    const label = await server.request('POST', '/repos/alice/alpha/labels', {
      token: world.user.token,
      body: { name: `seen-${seed}`, color: '#000000' },
    });
    assert.equal(label.status, 201, label.text);
    assert.deepEqual(snapshotDifferences(beforeWrite, await takeSnapshot(server.dataDir)), ['table label']);
  });
});
