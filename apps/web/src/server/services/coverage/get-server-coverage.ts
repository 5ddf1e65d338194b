import {
  computeCoverage,
  coverageAssertionsOf,
  loadSuite,
  type CoverageAssertion,
  type ExecPolicy,
} from '@mcptest/core';
import { ApiError } from '@/server/api/api-error';
import { loadTenantPolicy } from '@/server/services/policy/load-tenant-policy';
import { StoredDiscovery } from '@/server/services/servers/discovery-schemas';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import type { CoverageQuery, ServerCoverage } from './coverage-schemas';

/** The suite file name stored suites load under (as the worker loads them), so assertion keys read alike. */
const SUITE_FILE = 'suite.yaml';

interface CoverageServerRow {
  id: string;
  name: string;
  projectId: string;
  discoveredAt: Date | null;
  discovery: unknown;
}

interface CoverageSuiteRow {
  id: string;
  name: string;
  yaml: string;
}

/**
 * A server's coverage table: the tools of its stored discovery (Server.discovery; no request to the server) against
 * the assertions of its suites, or of the one `query.suiteId` names (404 when that is not one of the server's), under
 * the tenant's policy. 404 as the server itself for another tenant or a token restricted to another project.
 */
export async function getServerCoverage(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
  query: CoverageQuery = {},
): Promise<ServerCoverage> {
  await getServerOrThrow(deps, actor, serverId);
  const db = deps.db.tenant(actor.tenantId);
  const [server, suites, { policy }] = await Promise.all([
    db.server.findFirst({
      where: { id: serverId },
      select: { id: true, name: true, projectId: true, discoveredAt: true, discovery: true },
    }),
    db.suite.findMany({
      where: { serverId, ...(query.suiteId ? { id: query.suiteId } : {}) },
      select: { id: true, name: true, yaml: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
    loadTenantPolicy(deps, actor.tenantId),
  ]);
  if (!server) throw new ApiError('not_found', 'server not found');
  if (query.suiteId && suites.length === 0) throw new ApiError('not_found', 'suite not found on this server');
  return serverCoverageOf(server, suites, policy, query.suiteId);
}

/** The coverage of one server row against suite rows (shared with the project's coverage). */
export function serverCoverageOf(
  server: CoverageServerRow,
  suites: readonly CoverageSuiteRow[],
  policy: ExecPolicy,
  suiteId?: string,
): ServerCoverage {
  const assertions: CoverageAssertion[] = [];
  const counted = suites.map((suite) => {
    const loaded = loadSuite(suite.yaml, SUITE_FILE);
    if (!loaded.ok) {
      return { id: suite.id, name: suite.name, assertions: 0, problem: 'its YAML does not load (edit it to see why)' };
    }
    assertions.push(...coverageAssertionsOf(loaded.suite, suite.id));
    return { id: suite.id, name: suite.name, assertions: loaded.suite.assertions.length };
  });
  // A discovery stored in a format this version cannot read counts as none: the page asks to discover again.
  const discovery = StoredDiscovery.safeParse(server.discovery);
  return {
    serverId: server.id,
    serverName: server.name,
    projectId: server.projectId,
    discoveredAt: server.discoveredAt?.toISOString() ?? null,
    suites: counted,
    ...(suiteId === undefined ? {} : { suiteId }),
    toolsTruncated: discovery.success ? discovery.data.toolsTruncated : false,
    report: discovery.success ? computeCoverage(discovery.data.tools, assertions, policy) : null,
  };
}
