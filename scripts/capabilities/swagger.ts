/** What the capability table keeps of one Gitea release's swagger file. */
export interface MinimizedApi {
  readonly release: string;
  /** Where the swagger came from (file, tag), for whoever adds the next release. */
  readonly source: string;
  /** `METHOD /path` as the swagger writes it → its operationId and query parameter names, sorted. */
  readonly routes: Readonly<
    Record<string, { readonly operationId: string; readonly query: readonly string[] }>
  >;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface SwaggerParameter {
  readonly name?: string;
  readonly in?: string;
  readonly $ref?: string;
}

interface SwaggerOperation {
  readonly operationId?: string;
  readonly parameters?: readonly SwaggerParameter[];
}

interface SwaggerFile {
  readonly paths: Readonly<Record<string, Readonly<Record<string, SwaggerOperation>>>>;
  readonly parameters?: Readonly<Record<string, SwaggerParameter>>;
}

/** Parses a swagger file, including Gitea's template form (`templates/swagger/v1_json.tmpl`, `{{AppSubUrl}}`). */
function parseSwagger(text: string): SwaggerFile {
  return JSON.parse(text.replace(/\{\{[^}]*\}\}/g, '')) as SwaggerFile;
}

export function minimizeSwagger(text: string, release: string, source: string): MinimizedApi {
  const swagger = parseSwagger(text);
  const routes: Record<string, { operationId: string; query: string[] }> = {};
  for (const [routePath, item] of Object.entries(swagger.paths)) {
    const shared = (item['parameters'] as unknown as readonly SwaggerParameter[] | undefined) ?? [];
    for (const method of methods) {
      const operation = item[method];
      if (operation === undefined) continue;
      const query = new Set<string>();
      for (const parameter of [...shared, ...(operation.parameters ?? [])]) {
        const resolved = parameter.$ref
          ? swagger.parameters?.[parameter.$ref.replace('#/parameters/', '')]
          : parameter;
        if (resolved?.in === 'query' && resolved.name) query.add(resolved.name);
      }
      routes[`${method.toUpperCase()} ${routePath}`] = {
        operationId: operation.operationId ?? '',
        query: [...query].sort(),
      };
    }
  }
  const sorted = Object.fromEntries(Object.entries(routes).sort(([a], [b]) => a.localeCompare(b)));
  return { release, source, routes: sorted };
}
