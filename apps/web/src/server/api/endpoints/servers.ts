import { z } from 'zod';
import { PageQuery } from '@/server/services/pagination';
import { DiscoverServerResult } from '@/server/services/servers/discovery-schemas';
import { CreateServerRequest, ServerResource, UpdateServerRequest } from '@/server/services/servers/server-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Servers';
export const ServerPage = z.object({ items: z.array(ServerResource), nextCursor: z.string().nullable() });

export const createServerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/projects/{id}/servers',
  operationId: 'createServer',
  summary:
    'Register an MCP server (Streamable HTTP or SSE) in a project; private, link-local and metadata addresses are refused (400 url_refused names the rule); headers are stored encrypted and never returned',
  tag,
  body: CreateServerRequest,
  responses: { 201: { description: 'The server (header names only)', schema: ServerResource } },
});

export const listServersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/projects/{id}/servers',
  operationId: 'listServers',
  summary: "List a project's servers, newest first",
  tag,
  query: PageQuery,
  responses: { 200: { description: 'A page of servers', schema: ServerPage } },
});

export const getServerEndpoint = defineEndpoint({
  method: 'GET',
  path: '/servers/{id}',
  operationId: 'getServer',
  summary: 'Get a server',
  tag,
  responses: { 200: { description: 'The server (header names only)', schema: ServerResource } },
});

export const updateServerEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/servers/{id}',
  operationId: 'updateServer',
  summary:
    'Change a server: name, url, transport, protocol, headers (write-only: given, they replace all headers; null clears them)',
  tag,
  body: UpdateServerRequest,
  responses: { 200: { description: 'The server', schema: ServerResource } },
});

export const deleteServerEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/servers/{id}',
  operationId: 'deleteServer',
  summary: 'Delete a server (409 conflict while suites use it)',
  tag,
  responses: { 204: { description: 'Deleted' } },
});

export const discoverServerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/servers/{id}/discover',
  operationId: 'discoverServer',
  summary:
    "Connect to the server and list its tools (and resources and prompts): each tool's class and its source, live and generate decisions under the tenant's exec policy, lints, and what changed since the previous discovery. No tool is called. 503 unavailable when the server cannot be reached",
  tag,
  // Each discovery opens an outbound connection: it counts against the tenant's trigger rate limit like a run.
  trigger: true,
  responses: { 200: { description: 'The discovery', schema: DiscoverServerResult } },
});
