import fc from 'fast-check';
import type { OperationSpec, ParamSpec } from '../../../src/api/operationSpec';
import { typeFields } from '../../../src/api/types/fieldIndex';
import type { FieldInfo } from '../../../src/api/types/fieldKinds';
import { anyJson, hostileNumber, hostileSegment, hostileString, hostileWildcard } from './values';

/** `forged` sends a broken or unknown `Authorization` header of its own (in `headers`). */
export type CallerKind = 'admin' | 'user' | 'anonymous' | 'forged';

/** Header values node:http will send (no control characters), broken in the ways auth parsing meets. */
const forgedAuthorization: fc.Arbitrary<string> = fc.constantFrom(
  'Basic',
  'Basic !!!',
  'Basic ' + Buffer.from('no-colon').toString('base64'),
  'Basic ' + Buffer.from(':').toString('base64'),
  'Basic ' + Buffer.from('alice:').toString('base64'),
  'Basic ' + Buffer.from('alice:x-oauth-basic').toString('base64'),
  'Basic ' + Buffer.from('\u0000:\u0000').toString('base64'),
  'Basic ' + Buffer.from(`${'u'.repeat(5000)}:p`).toString('base64'),
  'token',
  'token ',
  'token 0000000000000000000000000000000000000000',
  'token a b',
  'Bearer ' + 'z'.repeat(4000),
  'Digest username="alice"',
  'BASIC YWxpY2U6d3Jvbmc=',
);

/** `Sudo` values for callers who may or may not use it. */
const sudoValue: fc.Arbitrary<string> = fc.constantFrom(
  'bob',
  'nobody',
  '',
  '-',
  '..',
  'x'.repeat(300),
  '%00',
);

/** One request, as it goes on the wire. */
export interface FuzzCase {
  readonly operationId: string;
  readonly method: string;
  /** Below the root, starting `/api/v1`, already percent-encoded (dot segments kept: no URL parsing). */
  readonly path: string;
  readonly caller: CallerKind;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  /** What was wrong with it on purpose, for the report of a failure. */
  readonly faults: readonly string[];
}

export const bodyLimit = 256 * 1024;

export type WorldValues = Readonly<Record<string, readonly (string | number)[]>>;

const encodeValue = (value: string | number, wildcard: boolean): string =>
  wildcard ? String(value).split('/').map(encodeURIComponent).join('/') : encodeURIComponent(String(value));

interface Part {
  readonly text: string;
  readonly fault?: string;
}

function pathParam(param: ParamSpec, values: WorldValues, forceHostile: boolean): fc.Arbitrary<Part> {
  const valid = values[param.name] ?? (param.type === 'integer' ? [1, 2] : ['alpha']);
  const good = fc
    .constantFrom(...valid)
    .map((value): Part => ({ text: encodeValue(value, param.wildcard === true) }));
  const bad = (param.wildcard ? hostileWildcard : hostileSegment).map((text): Part => ({
    text,
    fault: `path ${param.name}=${text.slice(0, 60)}`,
  }));
  // Mostly real values, so requests get past the lookups into the handlers; one in seven is hostile.
  return forceHostile ? bad : fc.oneof({ weight: 6, arbitrary: good }, { weight: 1, arbitrary: bad });
}

function queryValue(param: ParamSpec, values: WorldValues): fc.Arbitrary<string> {
  const known = values[param.name]?.map(String) ?? [];
  const typed: Record<ParamSpec['type'], readonly string[]> = {
    string: [...(param.enum ?? []), ...known, 'x'],
    integer: ['1', '2', '0', '-1', '99999999999999999999', 'abc', '1.5', ''],
    boolean: ['true', 'false', 'maybe', '', '1'],
    'string[]': [...(param.enum ?? []), 'x'],
    'integer[]': ['1', '-1', 'x'],
  };
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...typed[param.type]) },
    { weight: 1, arbitrary: hostileString.map((s) => s.replace(/[\ud800-\udfff]/g, '?').slice(0, 2000)) },
  );
}

function queryString(op: OperationSpec, values: WorldValues): fc.Arbitrary<string> {
  const params = [...(op.queryParams ?? []), { name: 'page', type: 'integer' } as const];
  return fc
    .subarray(params)
    .chain((chosen) =>
      fc.tuple(
        ...chosen.map((param) => queryValue(param, values).map((value) => [param.name, value] as const)),
      ),
    )
    .map((pairs) => {
      if (pairs.length === 0) return '';
      const search = new URLSearchParams();
      for (const [name, value] of pairs) search.append(name, value);
      return `?${search.toString()}`;
    });
}

/** A value for a field that stays within its kind but is odd: hostile strings, edge numbers, never a valid boolean. */
function oddValueOfKind(field: FieldInfo): fc.Arbitrary<unknown> {
  switch (field.kind) {
    case 'string':
      return field.enum ? fc.oneof(fc.constantFrom(...field.enum), hostileString) : hostileString;
    case 'integer':
    case 'number':
      return hostileNumber;
    case 'boolean':
      // A flipped flag could sign a user out or demote the admin; booleans are only ever sent wrong.
      return fc.constant(null);
    case 'array':
      return fc.oneof(fc.constant([]), fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }));
    case 'object':
      return fc.oneof(
        fc.constant({}),
        fc.dictionary(
          hostileString.map((s) => s.slice(0, 20)),
          hostileString,
          { maxKeys: 3 },
        ),
      );
  }
}

const wrongKindValue = (field: FieldInfo): fc.Arbitrary<unknown> =>
  anyJson.filter((value) => {
    if (value === null) return false;
    switch (field.kind) {
      case 'string':
        return typeof value !== 'string';
      case 'integer':
      case 'number':
        return typeof value !== 'number';
      case 'boolean':
        return typeof value !== 'boolean';
      case 'array':
        return !Array.isArray(value);
      case 'object':
        return typeof value !== 'object' || Array.isArray(value);
    }
  });

interface BodyPart {
  readonly body: string | Buffer;
  readonly contentType?: string;
  readonly fault: string;
}

/** An object body of `type` with odd values, extra fields and nulls, and one field of the wrong kind. */
function objectBody(fields: readonly FieldInfo[]): fc.Arbitrary<BodyPart> {
  const decorated = fc.record(
    Object.fromEntries(
      fields.map((field) => [field.name, fc.oneof(oddValueOfKind(field), fc.constant(null))]),
    ),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(
    fc.constantFrom('extra', 'unknown_field', '__proto__', 'constructor', 'ID'),
    anyJson,
    {
      maxKeys: 2,
    },
  );
  const wrong =
    fields.length === 0
      ? fc.constant(undefined)
      : fc
          .constantFrom(...fields)
          .chain((field) => wrongKindValue(field).map((value) => [field, value] as const));
  const required = fields.filter((field) => field.required);
  return fc.tuple(decorated, extra, wrong, fc.boolean()).map(([base, more, wrongField, dropRequired]) => {
    const object: Record<string, unknown> = { ...more, ...base };
    const faults: string[] = [];
    if (dropRequired && required.length > 0) {
      for (const field of required) delete object[field.name];
      faults.push('missing required fields');
    } else if (wrongField) {
      object[wrongField[0].name] = wrongField[1];
      faults.push(`wrong kind for ${wrongField[0].name}`);
    } else {
      faults.push('odd values only');
    }
    return { body: JSON.stringify(object), fault: faults.join(', ') };
  });
}

const brokenBodies: fc.Arbitrary<BodyPart> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":',
      "{'a':1}",
      'nul',
      '[1,2',
      '{"a":1}}',
      '\u0000',
      '\ufeff{}',
      '{"a":"\\ud800"',
      '1e99999',
    )
    .map((body) => ({ body, fault: 'invalid JSON' })),
  fc.constant({ body: '['.repeat(20_000), fault: 'deeply nested JSON' }),
  fc
    .constantFrom('[]', '42', '"text"', 'true', 'null', '[{"name":"x"}]')
    .map((body) => ({ body, fault: 'not an object' })),
  fc.constant({ body: Buffer.alloc(bodyLimit + 1024, 0x61), fault: 'oversized body' }),
  fc.constant({
    body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--',
    contentType: 'multipart/form-data; boundary=b',
    fault: 'multipart',
  }),
  fc.constant({ body: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3, 0x28]), fault: 'invalid UTF-8' }),
);

function formBody(fields: readonly FieldInfo[]): fc.Arbitrary<BodyPart> {
  // A form's empty or `0` value is a valid `false`: flags only ever get a word that is not a boolean.
  const formValue = (name: string): fc.Arbitrary<string> =>
    fields.find((field) => field.name === name)?.kind === 'boolean'
      ? fc.constantFrom('maybe', 'yes please', '2')
      : hostileString.map((s) => s.slice(0, 200));
  return fc
    .array(
      fc
        .constantFrom(...fields.map((f) => f.name), 'extra')
        .chain((name) => formValue(name).map((value): [string, string] => [name, value])),
      {
        minLength: 1,
        maxLength: 5,
      },
    )
    .map((pairs) => ({
      body: new URLSearchParams(
        pairs.map(([k, v]): [string, string] => [k, v.replace(/[\ud800-\udfff]/g, '?')]),
      ).toString(),
      contentType: 'application/x-www-form-urlencoded',
      fault: 'form with odd values',
    }));
}

function bodyArbitrary(op: OperationSpec): fc.Arbitrary<BodyPart> {
  if (op.body?.content === 'text' || op.body?.type === 'string') {
    return fc.oneof(
      hostileString.map((body) => ({ body, contentType: 'text/plain', fault: 'odd text' })),
      brokenBodies,
    );
  }
  // a file upload has no fields: it is fuzzed with broken bodies only
  const fields = op.body && op.body.type !== 'file' ? typeFields[op.body.type] : [];
  const arbitraries: fc.Arbitrary<BodyPart>[] = [brokenBodies];
  if (fields.length > 0) arbitraries.push(objectBody(fields), objectBody(fields), formBody(fields));
  const withType = fc.oneof(...arbitraries);
  return fc
    .tuple(
      withType,
      fc.constantFrom(
        undefined,
        undefined,
        'application/json',
        'text/plain',
        'application/xml',
        'application/json; charset=utf-16',
        'x/y;;;=',
      ),
    )
    .map(([part, contentType]) => (part.contentType ? part : { ...part, contentType }));
}

/**
 * Requests for one operation. Reads get any mix of valid and hostile values; a mutating request always
 * carries something invalid (a hostile path parameter, or a body that is broken or has a field of the
 * wrong kind), so the seeded world survives the run and the rejected-request snapshots mean something.
 */
export function operationCases(op: OperationSpec, values: WorldValues): fc.Arbitrary<FuzzCase> {
  const params = op.pathParams ?? [];
  const mutating = op.method !== 'GET';
  const hasBody = op.body !== undefined;
  const hostileIndex =
    mutating && !hasBody && params.length > 0 ? fc.nat(params.length - 1) : fc.constant(-1);
  return fc
    .record({
      hostileAt: hostileIndex,
      repository: fc.constantFrom(...(values['repository'] ?? ['alice/alpha']).map(String)),
      // A write with no parameter and no body (`DELETE /token`) can carry nothing invalid but its caller.
      caller:
        mutating && !hasBody && params.length === 0
          ? fc.constantFrom<CallerKind>('anonymous', 'forged')
          : fc.constantFrom<CallerKind>('admin', 'admin', 'user', 'user', 'anonymous', 'forged'),
      forged: forgedAuthorization,
      // One case in twelve sends a Sudo header (fast-check's `freq` would give the opposite).
      sudo: fc.oneof({ weight: 11, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: sudoValue }),
      query: queryString(op, values),
      body: !mutating
        ? fc.constant(undefined)
        : hasBody
          ? bodyArbitrary(op)
          : fc.option(bodyArbitrary(op), { nil: undefined, freq: 3 }),
    })
    .chain(({ hostileAt, repository, caller, forged, sudo, query, body }) => {
      // Owner and repository are chosen together, so most requests name a repository that exists.
      const [owner = '', repo = ''] = repository.split('/');
      const coherent: WorldValues = { ...values, owner: [owner], repo: [repo] };
      return fc
        .tuple(...params.map((param, i) => pathParam(param, coherent, i === hostileAt)))
        .map((parts): FuzzCase => {
          let path = op.path;
          params.forEach((param, i) => {
            path = path.replace(`{${param.name}}`, parts[i]!.text);
          });
          const faults = parts.flatMap((part) => (part.fault ? [part.fault] : []));
          if (body) faults.push(body.fault);
          const headers: Record<string, string> = {};
          if (body?.contentType) headers['Content-Type'] = body.contentType;
          if (caller === 'forged') headers['Authorization'] = forged;
          if (sudo !== undefined) {
            headers['Sudo'] = sudo;
            faults.push(`Sudo: ${sudo.slice(0, 20)}`);
          }
          return {
            operationId: op.operationId,
            method: op.method,
            path: `/api/v1${path}${query}`,
            caller,
            headers,
            body: body?.body,
            faults,
          };
        });
    });
}
