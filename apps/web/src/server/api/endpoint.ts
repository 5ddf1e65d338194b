import type { z } from 'zod';
import { OPERATIONS, type Operation } from '@/server/services/permissions';
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
  /** Also the key of the operation in services/permissions.ts OPERATIONS, which gives the scope. */
  operationId: Operation;
  summary: string;
  tag: string;
  /** Least token scope needed: OPERATIONS[operationId], never declared per endpoint (the UI's roles read it too). */
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

/**
 * Declares an endpoint and adds it to the registry the OpenAPI document is built from. Its scope comes from the one
 * table of permissions (services/permissions.ts), by operationId.
 */
export function defineEndpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(declared: Omit<EndpointSpec<B, Q>, 'scope'>): EndpointSpec<B, Q> {
  const spec: EndpointSpec<B, Q> = { ...declared, scope: OPERATIONS[declared.operationId] };
  registry.push(spec as EndpointSpec);
  return spec;
}

/** Every declared endpoint (the endpoint modules must have been imported: see api/endpoints/index.ts). */
export function declaredEndpoints(): readonly EndpointSpec[] {
  return registry;
}
