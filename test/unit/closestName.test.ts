import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { closestName } from '../../src/server/commands/closestName';

describe('closestName (the "did you mean" of the CLI)', () => {
  const options = ['data', 'host', 'port', 'workspace', 'root-url', 'log-level', 'enable-git-hooks'];

  test('finds a typo: a swap, a missing, extra or wrong letter', () => {
    assert.equal(closestName('prot', options), 'port');
    assert.equal(closestName('por', options), 'port');
    assert.equal(closestName('portt', options), 'port');
    assert.equal(closestName('dato', options), 'data');
    assert.equal(closestName('workspcae', options), 'workspace');
    assert.equal(closestName('PORT', options), 'port');
  });

  test('finds a name from its first letters', () => {
    assert.equal(closestName('enable', options), 'enable-git-hooks');
    assert.equal(closestName('root', options), 'root-url');
  });

  test('suggests nothing for a word far from every name', () => {
    assert.equal(closestName('xyzzy', options), undefined);
    assert.equal(closestName('verbose', options), undefined);
    assert.equal(closestName('x', options), undefined);
    assert.equal(closestName('port', []), undefined);
  });
});
