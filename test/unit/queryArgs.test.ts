import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ParamSpec } from '../../src/api/operationSpec';
import { operations } from '../../src/api/operations';
import { isDomainError } from '../../src/server/domain/errors';
import { parseQuery } from '../../src/server/http/queryArgs';

const declared: ParamSpec[] = [
  { name: 'q', type: 'string' },
  { name: 'uid', type: 'integer' },
  { name: 'draft', type: 'boolean' },
  { name: 'created', type: 'boolean', lenient: true },
  { name: 'priority', type: 'integer', lenient: true },
  { name: 'labels', type: 'integer[]' },
  { name: 'path', type: 'string[]' },
  { name: 'state', type: 'string', enum: ['open', 'closed'] },
  { name: 'page', type: 'integer' },
  { name: 'limit', type: 'integer' },
];

const parse = (search: string): Readonly<Record<string, unknown>> =>
  parseQuery(declared, new URLSearchParams(search));

const invalidNaming = (name: string) => (error: unknown) =>
  isDomainError(error, 'invalid') &&
  error.message === `[${name}]: must be ${name === 'draft' ? 'true or false' : 'an integer'}`;

describe('query parameters parsed as the catalogue declares them', () => {
  test('each declared type arrives typed; what was not sent is absent', () => {
    const args = parse('q=tea&uid=42&draft=TRUE&labels=1,2&labels=3&path=a,b&path=c&state=open');
    assert.equal(args.q, 'tea');
    assert.equal(args.uid, 42);
    assert.equal(args.draft, true);
    assert.deepEqual(args.labels, [1, 2, 3]);
    assert.deepEqual(args.path, ['a,b', 'c'], 'string lists are repeated values; a comma is part of a value');
    assert.equal(args.state, 'open');
    assert.equal(args.created, undefined);
    assert.equal(parse('uid=&draft=').uid, undefined, 'an empty number is absent');
  });

  test('a malformed integer or boolean is a 422 naming the parameter', () => {
    assert.throws(() => parse('uid=4x'), invalidNaming('uid'));
    assert.throws(() => parse('draft=maybe'), invalidNaming('draft'));
    assert.throws(() => parse('labels=1,two'), invalidNaming('labels'));
  });

  test('a lenient parameter that does not parse is absent, as Gitea ignores it', () => {
    const args = parse('created=yes&priority=first');
    assert.equal(args.created, undefined);
    assert.equal(args.priority, undefined);
    assert.equal(parse('created=1&priority=7').priority, 7);
  });

  test('an enum value outside the declaration reaches the handler, which decides what it means', () => {
    assert.equal(parse('state=whatever').state, 'whatever');
  });

  test('page and limit are left to the paging rules', () => {
    const args = parse('page=abc&limit=-1');
    assert.equal(args.page, undefined);
    assert.equal(args.limit, undefined);
  });

  test('reading a parameter the operation does not declare is a server bug, not a silent absence', () => {
    assert.throws(() => parse('x=1').x, /"x" is not declared/);
  });

  test('every lenient parameter of the catalogue is an integer or a boolean', () => {
    for (const op of operations) {
      for (const param of op.queryParams ?? []) {
        if (param.lenient)
          assert.ok(['integer', 'boolean'].includes(param.type), `${op.operationId} ${param.name}`);
      }
    }
  });
});
