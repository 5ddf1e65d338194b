import { z } from 'zod';
import { ERROR_STATUS } from './api-error';
import { declaredEndpoints, type EndpointSpec } from './endpoint';

export const ErrorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

const STANDARD_ERRORS: Record<number, string> = {
  400: 'Invalid request: `details` lists each field (and YAML line and column)',
  401: 'Missing, invalid, revoked or expired API token',
  403: 'The token lacks the scope',
  404: 'Not found (also for resources of another tenant)',
  429: 'Rate limit or plan quota reached; see Retry-After',
};

function operation(spec: EndpointSpec) {
  const pathParams = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const parameters: unknown[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (spec.query) {
    const query = schemaOf(spec.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  for (const header of spec.headers ?? []) {
    parameters.push({
      name: header.name,
      in: 'header',
      required: false,
      description: header.description,
      schema: { type: 'string' },
    });
  }
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.schema
        ? { content: { 'application/json': { schema: schemaOf(response.schema, 'output') } } }
        : response.contentType
          ? { content: { [response.contentType]: { schema: { type: 'string' } } } }
          : {}),
    };
  }
  for (const [status, description] of Object.entries(STANDARD_ERRORS)) {
    responses[status] ??= {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    tags: [spec.tag],
    description: `Needs a token with the \`${spec.scope}\` scope (admin includes write, write includes run, run includes read).`,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(spec.body, 'input') } } } }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of /api/v1, generated from the endpoint declarations and their zod schemas. */
export function buildOpenApi(appUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of declaredEndpoints()) {
    paths[spec.path] ??= {};
    (paths[spec.path] as Record<string, unknown>)[spec.method.toLowerCase()] = operation(spec);
  }
  paths['/triggers/{token}'] = {
    post: {
      operationId: 'inboundTrigger',
      summary: 'Run a suite from its inbound trigger URL (GitHub push/pull_request deliveries or {commitSha, branch})',
      tags: ['Runs'],
      security: [],
      parameters: [
        { name: 'token', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'X-GitHub-Event', in: 'header', required: false, schema: { type: 'string' } },
        { name: 'X-Hub-Signature-256', in: 'header', required: false, schema: { type: 'string' } },
      ],
      requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        200: { description: 'Ignored event, or the finished run' },
        202: { description: 'The run is queued' },
        401: {
          description: 'Signature missing or wrong',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        404: {
          description: 'Unknown trigger URL',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'mcptest API',
      version: '1.0.0',
      description:
        'Test MCP servers: projects, servers, suites, runs, webhooks and tokens. Errors are `{"error":{"code","message","details"}}`.',
    },
    servers: [{ url: `${appUrl}/api/v1` }],
    security: [{ bearer: [] }],
    tags: [...new Set(declaredEndpoints().map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API token: mcpt_...' } },
      schemas: { Error: schemaOf(ErrorBody, 'output') },
    },
  };
}
