import { type z } from 'zod';
import { getServiceDeps } from '@/server/services/get-service-deps';
import type { ServiceDeps } from '@/server/services/service-deps';
import { getLogger } from '@/server/logger';
import { rateLimitedError } from './rate-limited-error';
import { ApiError } from './api-error';
import { authenticateToken, requireScope, type AuthenticatedActor } from './authenticate';
import type { EndpointSpec } from './endpoint';
import { findUnstorableText } from './find-unstorable-text';
import { readBodyText } from './read-body-text';
import { toErrorResponse, zodDetails } from './to-error-response';

/** Suites are YAML inside JSON; a megabyte is far more than any real suite and bounds what one request can cost. */
const MAX_BODY_BYTES = 1024 * 1024;

type Infer<T> = [T] extends [z.ZodType] ? z.output<T> : undefined;

export interface ApiContext<B, Q> {
  deps: ServiceDeps;
  actor: AuthenticatedActor;
  params: Record<string, string>;
  body: Infer<B>;
  query: Infer<Q>;
  request: Request;
}

/** A JSON answer; a handler may also return a Response of its own (XML, SVG, an event stream). */
export interface ApiResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      'cache-control': 'no-store',
      ...headers,
    },
  });
}

async function readJsonBody(request: Request): Promise<unknown> {
  const text = await readBodyText(request, MAX_BODY_BYTES);
  // No body at all is an empty object (`curl -X POST .../runs` triggers with defaults).
  if (text.trim() === '') return {};
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError('unsupported_media_type', 'send the body as JSON (Content-Type: application/json)');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = `the body is not valid JSON: ${(error as Error).message}`;
    throw new ApiError('invalid_json', message, [{ path: '(body)', message }]);
  }
}

function parseWith<T extends z.ZodType>(schema: T, value: unknown, where: 'body' | 'query'): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) {
    // What passed the schema is what gets stored: refuse text the database cannot hold as a 400, not a 500.
    const unstorable = findUnstorableText(parsed.data, where === 'query' ? 'query' : '');
    if (!unstorable) return parsed.data;
    throw new ApiError('validation_failed', `invalid ${where}: ${unstorable.path}: ${unstorable.message}`, [
      unstorable,
    ]);
  }
  const details = zodDetails(parsed.error, where === 'query' ? 'query' : '');
  throw new ApiError(
    'validation_failed',
    `invalid ${where}: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
    details,
  );
}

/**
 * The one wrapper of every authenticated REST route: API token, scope, rate limits, body and query parsed with the
 * endpoint's zod schemas, then the handler (which calls one service function); every error becomes the uniform JSON
 * error in `toErrorResponse`.
 */
export function withApi<B extends z.ZodType | undefined, Q extends z.ZodType | undefined>(
  spec: EndpointSpec<B, Q>,
  handler: (context: ApiContext<B, Q>) => Promise<ApiResult | Response>,
) {
  return async (request: Request, context: { params: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      const deps = getServiceDeps();
      const actor = await authenticateToken(deps, request);
      requireScope(actor, spec.scope);
      const limited = await deps.rateLimits.consume({
        tenantId: actor.tenantId,
        tokenId: actor.tokenId,
        trigger: spec.trigger === true,
      });
      if (!limited.ok) throw rateLimitedError(limited);
      const params = await context.params;
      const body = (spec.body ? parseWith(spec.body, await readJsonBody(request), 'body') : undefined) as Infer<B>;
      const query = (
        spec.query ? parseWith(spec.query, Object.fromEntries(new URL(request.url).searchParams), 'query') : undefined
      ) as Infer<Q>;
      const result = await handler({ deps, actor, params, body, query, request });
      if (result instanceof Response) return result;
      return jsonResponse(result.status ?? 200, result.body, result.headers);
    } catch (error) {
      const { response, unexpected } = toErrorResponse(error);
      if (unexpected) {
        getLogger().error(
          {
            err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
            route: `${spec.method} ${spec.path}`,
          },
          'unexpected API error',
        );
      }
      return response;
    }
  };
}
