import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CronRegistry, everySchedule } from '../../src/server/services/cron';
import { createLogger } from '../../src/server/log';
import { waitFor } from '../server/harness';

const quietLog = (lines: string[] = []) => createLogger('info', (line) => lines.push(line));

test('schedules read as Gitea shows them', () => {
  assert.equal(everySchedule(24 * 3_600_000), '@every 24h');
  assert.equal(everySchedule(60_000), '@every 1m');
  assert.equal(everySchedule(90_000), '@every 90s');
  assert.equal(everySchedule(250), '@every 250ms');
});

test('the timer runs a task each period and counts it; stop ends the timer', async () => {
  const registry = new CronRegistry(quietLog());
  let runs = 0;
  registry.register({ name: 'tick', everyMs: 20, run: () => Promise.resolve(void runs++) });
  const [listed] = registry.list();
  assert.equal(listed!.schedule, '@every 20ms');
  assert.equal(listed!.prev, undefined);
  assert.ok(listed!.next! > Date.now() - 5);
  await waitFor(() => runs >= 3, 5_000, 'three timed runs');
  const state = registry.list()[0]!;
  assert.equal(state.execTimes, runs);
  assert.ok(state.prev !== undefined);
  await registry.stop();
  const stoppedAt = runs;
  await new Promise((resolve) => setTimeout(resolve, 80));
  assert.equal(runs, stoppedAt, 'no run after stop');
  assert.equal(registry.list()[0]!.next, undefined);
});

test('a run joins the run under way; an unknown name is undefined; names are unique', async () => {
  const registry = new CronRegistry(quietLog());
  let release: () => void = () => {};
  let started = 0;
  const task = registry.register({
    name: 'slow',
    run: () => {
      started++;
      return new Promise<void>((resolve) => (release = resolve));
    },
  });
  assert.equal(registry.list()[0]!.schedule, '-');
  const first = registry.run('slow')!;
  const second = task.run();
  assert.equal(started, 1);
  assert.equal(registry.list()[0]!.execTimes, 1);
  release();
  await Promise.all([first, second]);
  assert.equal(registry.run('nothing'), undefined);
  assert.throws(
    () => registry.register({ name: 'slow', run: () => Promise.resolve() }),
    /already registered/,
  );
});

test('a failing run is logged and the task stays usable', async () => {
  const lines: string[] = [];
  const registry = new CronRegistry(quietLog(lines));
  let calls = 0;
  registry.register({
    name: 'flaky',
    run: () => (++calls === 1 ? Promise.reject(new Error('boom')) : Promise.resolve()),
  });
  await registry.run('flaky');
  await registry.run('flaky');
  assert.equal(calls, 2);
  assert.equal(registry.list()[0]!.execTimes, 2);
  assert.match(lines.join(''), /cron: flaky failed[\s\S]*boom/);
});
