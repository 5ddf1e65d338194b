import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { listServers } from '@/server/services/servers/list-servers';
import type { SuiteFormServer } from './server-options';

/** Servers a suite may run against: its project's, the first hundred (a project rarely has more than a few). */
export async function projectServerOptions(
  deps: ServiceDeps,
  actor: Actor,
  projectId: string,
): Promise<SuiteFormServer[]> {
  const page = await listServers(deps, actor, projectId, { limit: 100 });
  return page.items.map((s) => ({ id: s.id, name: s.name, url: s.url, discovered: s.discoveredAt !== null }));
}

/** IANA zone names for the time zone datalist (the runtime's list, with UTC first). */
export function timeZoneNames(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}
