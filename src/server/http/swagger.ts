import type { OperationSpec, ParamSpec } from '../../api/operationSpec';

type JsonObject = { [key: string]: JsonValue };
type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

const reasons: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  423: 'Locked',
};

function schemaOfParam(param: ParamSpec): JsonObject {
  switch (param.type) {
    case 'integer':
      return { type: 'integer', format: 'int64' };
    case 'boolean':
      return { type: 'boolean' };
    case 'string[]':
      return { type: 'array', items: { type: 'string' } };
    case 'integer[]':
      return { type: 'array', items: { type: 'integer', format: 'int64' } };
    default:
      return param.enum ? { type: 'string', enum: [...param.enum] } : { type: 'string' };
  }
}

function parameter(param: ParamSpec, location: 'path' | 'query'): JsonObject {
  return {
    name: param.name,
    in: location,
    required: location === 'path' || param.required === true,
    ...(param.description ? { description: param.description } : {}),
    ...schemaOfParam(param),
  };
}

function operationObject(op: OperationSpec, definitions: Set<string>): JsonObject {
  const parameters: JsonValue[] = [
    ...(op.pathParams ?? []).map((p) => parameter(p, 'path')),
    ...(op.queryParams ?? []).map((p) => parameter(p, 'query')),
  ];
  if (op.body?.type === 'file') {
    parameters.push({
      name: op.body.field,
      in: 'formData',
      type: 'file',
      required: op.body.required === true,
    });
  } else if (op.body) {
    const schema: JsonObject =
      op.body.type === 'string' ? { type: 'string' } : { $ref: `#/definitions/${op.body.type}` };
    if (op.body.type !== 'string') definitions.add(op.body.type);
    parameters.push({ name: 'body', in: 'body', required: op.body.required === true, schema });
  }
  const responses: JsonObject = {};
  const success: JsonObject = { description: reasons[op.success.status] ?? 'Success' };
  if (op.success.type) {
    definitions.add(op.success.type);
    const ref = { $ref: `#/definitions/${op.success.type}` };
    success['schema'] = op.success.list ? { type: 'array', items: ref } : ref;
  }
  responses[String(op.success.status)] = success;
  for (const status of op.statuses ?? []) {
    responses[String(status)] = {
      description: reasons[status] ?? 'Error',
      schema: { $ref: '#/definitions/APIError' },
    };
  }
  return {
    operationId: op.operationId,
    tags: [op.group],
    summary: op.summary,
    ...(op.body?.content === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    parameters,
    responses,
    ...(op.auth === 'public' ? { security: [] } : {}),
    'x-teahouse-auth': op.auth,
    'x-teahouse-scope': op.scope,
  };
}

/** A Swagger 2.0 description generated from the catalogue; definitions are named placeholders. */
export function buildSwagger(
  operations: readonly OperationSpec[],
  version: string,
  rootUrl: string,
): JsonObject {
  const definitions = new Set<string>(['APIError']);
  const paths: Record<string, JsonObject> = {};
  for (const op of operations) {
    for (const path of [op.path, ...(op.aliases ?? [])]) {
      const item = (paths[path] ??= {});
      item[op.method.toLowerCase()] = operationObject(op, definitions);
    }
  }
  const host = new URL(rootUrl);
  return {
    swagger: '2.0',
    info: {
      title: 'Teahouse API',
      description: 'The Gitea-compatible API v1 of Teahouse.',
      version,
      license: { name: 'MIT', url: 'http://opensource.org/licenses/MIT' },
    },
    host: host.host,
    basePath: '/api/v1',
    schemes: [host.protocol.replace(':', '')],
    consumes: ['application/json', 'text/plain'],
    produces: ['application/json', 'text/html'],
    paths,
    definitions: Object.fromEntries(
      [...definitions]
        .sort()
        .map((name): [string, JsonValue] =>
          name === 'APIError'
            ? [name, { type: 'object', properties: { message: { type: 'string' }, url: { type: 'string' } } }]
            : [name, { type: 'object', description: `Gitea's ${name}` }],
        ),
    ),
    securityDefinitions: {
      BasicAuth: { type: 'basic' },
      AuthorizationHeaderToken: {
        type: 'apiKey',
        name: 'Authorization',
        in: 'header',
        description: 'token <token> or Bearer <token>',
      },
      Token: { type: 'apiKey', name: 'token', in: 'query' },
      AccessToken: { type: 'apiKey', name: 'access_token', in: 'query' },
      SudoParam: { type: 'apiKey', name: 'sudo', in: 'query' },
      SudoHeader: { type: 'apiKey', name: 'Sudo', in: 'header' },
    },
    security: [{ BasicAuth: [] }, { AuthorizationHeaderToken: [] }, { Token: [] }, { AccessToken: [] }],
  };
}
