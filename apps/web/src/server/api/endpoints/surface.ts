import { PageQuery } from '@/server/services/pagination';
import {
  ApproveSurfaceRequest,
  ServerSurfaceResource,
  SurfaceChangePage,
} from '@/server/services/surface/surface-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Surface';

export const getServerSurfaceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/servers/{id}/surface',
  operationId: 'getServerSurface',
  summary:
    "The server's surface as last recorded by a run or a discovery (hash, when, counts, the surface itself), the approved one and whether they match, and the project's pin (docs/health.md)",
  tag,
  responses: { 200: { description: 'The recorded and approved surface', schema: ServerSurfaceResource } },
});

export const approveServerSurfaceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/servers/{id}/surface/approve',
  operationId: 'approveServerSurface',
  summary:
    'Approve the recorded surface: pinned runs then compare against it. `hash` must be the one recorded now (as GET /servers/{id}/surface gives); a surface that changed since is a 409 naming the current hash',
  tag,
  body: ApproveSurfaceRequest,
  responses: { 200: { description: 'The surface, now approved', schema: ServerSurfaceResource } },
});

export const listSurfaceChangesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/servers/{id}/surface/changes',
  operationId: 'listSurfaceChanges',
  summary:
    "The server's drift history, newest first: each change of its surface with its source (run or discovery), loud flag, summary and diff",
  tag,
  query: PageQuery,
  responses: { 200: { description: 'A page of surface changes', schema: SurfaceChangePage } },
});
