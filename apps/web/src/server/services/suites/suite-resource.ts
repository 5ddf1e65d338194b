import { checkSchedule } from '@mcptest/core';
import { badgeUrls } from '@/server/services/badges/badge-urls';
import type { SuiteResource } from './suite-schemas';

/** Read with every suite that becomes a resource: whether its trigger URL has a GitHub secret (never the secret). */
export const SUITE_RESOURCE_INCLUDE = { triggerSecret: { select: { suiteId: true } } } as const;

export interface SuiteRow {
  id: string;
  projectId: string;
  serverId: string;
  name: string;
  version: number;
  yaml: string;
  schedule: string | null;
  timezone: string;
  enabled: boolean;
  scheduleEnabled: boolean;
  badgeKey: string;
  triggerTokenHash: string | null;
  triggerSecret: { suiteId: string } | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toSuiteResource(row: SuiteRow, appUrl: string, now: Date): SuiteResource {
  const next =
    row.schedule && row.enabled && row.scheduleEnabled
      ? checkSchedule({
          cron: row.schedule,
          timezone: row.timezone,
          minIntervalSeconds: 0,
          now: now.getTime(),
          count: 3,
        })
      : undefined;
  return {
    id: row.id,
    projectId: row.projectId,
    serverId: row.serverId,
    name: row.name,
    version: row.version,
    yaml: row.yaml,
    schedule: row.schedule,
    timezone: row.timezone,
    enabled: row.enabled,
    scheduleEnabled: row.scheduleEnabled,
    nextRuns: next?.ok ? next.next : [],
    badge: badgeUrls(appUrl, row.badgeKey),
    triggerUrl: { enabled: row.triggerTokenHash !== null, githubSecret: row.triggerSecret !== null },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
