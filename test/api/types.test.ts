import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldNames, typeFields } from '../../src/api/types/fieldIndex';
import type { FieldKind } from '../../src/api/types';
import { operations } from '../../src/api/operations';

interface SwaggerProperty {
  type?: string;
  $ref?: string;
}
interface SwaggerDefinition {
  type?: string;
  required?: string[];
  properties?: Record<string, SwaggerProperty>;
}

const fixtures = join(__dirname, '..', 'fixtures');
const swagger = JSON.parse(readFileSync(join(fixtures, 'gitea-swagger-v1.1.1.json'), 'utf8')) as {
  definitions: Record<string, SwaggerDefinition>;
};
const definitions = Object.entries(swagger.definitions);
const registered = new Set<string>(Object.keys(typeFields));
const swagger1141 = JSON.parse(readFileSync(join(fixtures, 'gitea-swagger-1.14.1.json'), 'utf8')) as {
  definitions: Record<string, SwaggerDefinition>;
};

function fieldOf(type: string, name: string) {
  return typeFields[type as keyof typeof typeFields].find((field) => field.name === name);
}

/** The JSON kind the swagger declares for a property; a `$ref` is an object unless it names a scalar. */
function swaggerKind(property: SwaggerProperty): FieldKind {
  if (property.$ref) {
    const target = swagger.definitions[property.$ref.replace('#/definitions/', '')];
    return target?.type === 'string' ? 'string' : 'object';
  }
  return (property.type ?? 'object') as FieldKind;
}

describe('types of the Gitea API', () => {
  test('every definition of the 1.1.1 swagger is a registered type', () => {
    const missing = definitions.map(([name]) => name).filter((name) => !registered.has(name));
    assert.deepEqual(missing, []);
  });

  test('every property of a 1.1.1 definition is a field of its type, of the same kind', () => {
    for (const [name, definition] of definitions) {
      for (const [property, schema] of Object.entries(definition.properties ?? {})) {
        const field = fieldOf(name, property);
        assert.ok(field, `${name}.${property} is a field`);
        assert.equal(field.kind, swaggerKind(schema), `${name}.${property} has the swagger's kind`);
      }
    }
  });

  test('a body field the 1.1.1 swagger requires is marked required', () => {
    for (const [name, definition] of definitions) {
      for (const property of definition.required ?? []) {
        assert.equal(fieldOf(name, property)?.required, true, `${name}.${property} is required`);
      }
    }
  });

  test('every property of a 1.14.1 definition the catalogue answers or takes is a field of its type', () => {
    const named = new Set<string>();
    for (const op of operations) {
      if (op.success.type) named.add(op.success.type);
      if (op.body && op.body.type !== 'string' && op.body.type !== 'file') named.add(op.body.type);
    }
    // 1.14.1's swagger shows the Go names of the merge form (`Do`, `MergeTitleField`); its JSON is `do`, …
    named.delete('MergePullRequestOption');
    const checked = [...named].filter((name) => swagger1141.definitions[name] !== undefined);
    assert.ok(checked.length > 80, `${checked.length} types checked`);
    const missing = checked.flatMap((name) =>
      Object.keys(swagger1141.definitions[name]!.properties ?? {})
        .filter((property) => fieldOf(name, property) === undefined)
        .map((property) => `${name}.${property}`),
    );
    assert.deepEqual(missing, []);
  });

  test('the types the 1.1.1 API uses without defining them are registered', () => {
    for (const name of ['Hook', 'CombinedStatus', 'AccessToken', 'APIError']) {
      assert.ok(registered.has(name), name);
    }
    assert.deepEqual(
      fieldNames('AccessToken')
        .filter((field) => ['name', 'sha1'].includes(field))
        .sort(),
      ['name', 'sha1'],
    );
  });

  test('every type the spec names is registered, and the element type of each list variant', () => {
    const spec = readFileSync(join(fixtures, 'api-spec.md'), 'utf8');
    const listed = (label: string) => {
      const line = spec.split('\n').find((text) => text.startsWith(label));
      assert.ok(line, `the spec copy still has "${label}"`);
      return line
        .slice(line.indexOf(':') + 1)
        .split(/[,.]/)
        .map((item) => item.replace(/\(.*\)/, '').trim())
        .filter((item) => /^\w+$/.test(item));
    };
    const named = [...listed('Resource kinds returned by the API'), ...listed('Request body types')].map(
      (name) => name.replace(/List$/, ''),
    );
    assert.ok(named.length > 40);
    assert.deepEqual(
      named.filter((name) => !registered.has(name)),
      [],
    );
  });

  test('every type exported by src/api/types is registered', () => {
    const folder = join(__dirname, '..', '..', 'src', 'api', 'types');
    const exported = readdirSync(folder)
      .filter((file) => file.endsWith('.ts') && !['fieldKinds.ts', 'fieldIndex.ts'].includes(file))
      .flatMap((file) => [
        ...readFileSync(join(folder, file), 'utf8').matchAll(/^export (?:interface|type) (\w+)/gm),
      ])
      .map((match) => match[1] ?? '');
    assert.ok(exported.length > 150);
    assert.deepEqual(
      exported.filter((name) => !registered.has(name)),
      [],
    );
  });
});
