import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { checkServerUrl } from './check-server-url';
import { recordServerAudit } from './record-server-audit';
import { sealServerHeaders } from './server-headers';
import {
  SERVER_RESOURCE_SELECT,
  toDbTransport,
  toServerResource,
  type CreateServerRequest,
  type ServerResource,
} from './server-schemas';

/**
 * Registers an MCP server in a project. The URL is checked against the private-network rules (400 `url_refused`
 * naming the rule); headers are sealed with the tenant's server-headers context and never returned.
 */
export async function createServer(
  deps: ServiceDeps,
  actor: Actor,
  projectId: string,
  // The protocol era may be left out by callers that build the request themselves (it defaults to auto).
  input: Omit<CreateServerRequest, 'protocol'> & Partial<Pick<CreateServerRequest, 'protocol'>>,
): Promise<ServerResource> {
  await getProjectOrThrow(deps, actor, projectId);
  checkServerUrl(input.url, deps.allowPrivateNetworks);
  const row = await deps.db.tenant(actor.tenantId).server.create({
    data: {
      tenantId: actor.tenantId,
      projectId,
      name: input.name,
      url: input.url,
      transport: toDbTransport(input.transport),
      protocol: input.protocol ?? 'auto',
      ...sealServerHeaders(deps, actor.tenantId, input.headers),
    },
    select: SERVER_RESOURCE_SELECT,
  });
  const headerNames = Object.keys(input.headers ?? {});
  await recordServerAudit(deps, actor, 'server.create', row.id, { projectId, headerNames });
  return toServerResource(row, headerNames, actor);
}
