import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TtlCache } from '../../../src/extension/editor/ttlCache';

test('a value is loaded once while fresh and again once it expires', async () => {
  let now = 1000;
  let loads = 0;
  const cache = new TtlCache<number>(100, 10, () => now);
  const load = () => Promise.resolve(++loads);
  assert.equal(await cache.get('a', load), 1);
  now += 99;
  assert.equal(await cache.get('a', load), 1);
  now += 1;
  assert.equal(await cache.get('a', load), 2);
  assert.equal(await cache.get('b', load), 3);
});

test('a failed load is forgotten, so the next look tries again', async () => {
  const cache = new TtlCache<string>(10_000);
  await assert.rejects(
    cache.get('k', () => Promise.reject(new Error('offline'))),
    /offline/,
  );
  assert.equal(await cache.get('k', () => Promise.resolve('back')), 'back');
});

test('a full cache drops its oldest entry', async () => {
  let loads = 0;
  const cache = new TtlCache<number>(10_000, 2);
  const load = () => Promise.resolve(++loads);
  await cache.get('a', load);
  await cache.get('b', load);
  await cache.get('c', load);
  assert.equal(await cache.get('b', load), 2);
  assert.equal(await cache.get('a', load), 4);
});
