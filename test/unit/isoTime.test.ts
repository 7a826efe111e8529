import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isoTime } from '../../src/server/convert/time';

test('isoTime answers RFC 3339 in UTC with whole seconds, and Go zero time for unset', () => {
  assert.equal(isoTime(0), '0001-01-01T00:00:00Z');
  assert.equal(isoTime(1_600_000_000), '2020-09-13T12:26:40Z');
  assert.equal(isoTime(1_600_000_000.789), '2020-09-13T12:26:40Z');
  assert.equal(isoTime(-1), '1969-12-31T23:59:59Z');
});

test('isoTime stays right for repeated values and past its cache bound', () => {
  for (let second = 1; second <= 25_000; second++) {
    const expected = new Date(second * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    assert.equal(isoTime(second), expected);
    assert.equal(isoTime(second), expected);
  }
  assert.equal(isoTime(1), '1970-01-01T00:00:01Z');
});
