import type { z } from 'zod';
import type { Scope } from './authenticate';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointResponse {
  description: string;
  /** JSON body schema; absent for empty bodies or non-JSON content. */
  schema?: z.ZodType;
  /** For non-JSON bodies (JUnit XML, SVG, an event stream). */
  contentType?: string;
}

/**
 * One REST endpoint, declared once: the route handler is built from it (`withApi`) and the OpenAPI document lists it
 * (`buildOpenApi`), so the document cannot drift from what the handler parses.
 */
export interface EndpointSpec<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** Under /api/v1, OpenAPI style: `/projects/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** Least token scope needed. */
  scope: Scope;
  body?: B;
  query?: Q;
  /** Counts against the tenant's trigger rate limit too. */
  trigger?: boolean;
  /** Extra request headers worth documenting (Idempotency-Key). */
  headers?: { name: string; description: string }[];
  responses: Record<number, EndpointResponse>;
}

const registry: EndpointSpec[] = [];

/** Declares an endpoint and adds it to the registry the OpenAPI document is built from. */
export function defineEndpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(spec: EndpointSpec<B, Q>): EndpointSpec<B, Q> {
  registry.push(spec as EndpointSpec);
  return spec;
}

/** Every declared endpoint (the endpoint modules must have been imported: see api/endpoints/index.ts). */
export function declaredEndpoints(): readonly EndpointSpec[] {
  return registry;
}
