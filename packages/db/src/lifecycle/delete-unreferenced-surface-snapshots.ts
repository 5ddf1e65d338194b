import type { PlanName } from '@mcptest/core';
import type { Database } from '../database';

/**
 * Surface snapshot retention for one plan: deletes the snapshots no run has seen since `before` (the runs' cutoff:
 * every run that read one is gone) and that nothing still points at: not the server's current or approved surface
 * (the next diff and the pin compare against those), not either end of a kept SurfaceChange (the drift history shows
 * both). Server has row-level security, so each tenant's snapshots are deleted in a transaction of their own that sets
 * the tenant (as the tenant scope does), at most `batchSize` per statement; the table holds one row per distinct
 * surface of a server, so the tenants with old snapshots are found by one small scan. Returns the snapshots deleted.
 */
export async function deleteUnreferencedSurfaceSnapshots(
  db: Database,
  input: { plan: PlanName; before: Date; batchSize: number },
): Promise<number> {
  const before = input.before.toISOString();
  const tenants = await db.unscoped.$queryRaw<{ tenantId: string }[]>`
    SELECT DISTINCT s."tenantId" FROM "SurfaceSnapshot" s
    WHERE s."tenantId" IN (SELECT t."id" FROM "Tenant" t WHERE t."plan" = ${input.plan}::"Plan")
      AND s."lastSeenAt" < ${before}::timestamp`;
  let deleted = 0;
  for (const { tenantId } of tenants) {
    const [, count] = await db.unscoped.$transaction([
      db.unscoped.$executeRaw`SELECT set_config('app.tenant_id', ${tenantId}, true)`,
      db.unscoped.$executeRaw`
        DELETE FROM "SurfaceSnapshot" WHERE "id" IN (
          SELECT s."id" FROM "SurfaceSnapshot" s
          JOIN "Server" v ON v."id" = s."serverId"
          WHERE s."tenantId" = ${tenantId}
            AND s."lastSeenAt" < ${before}::timestamp
            AND s."hash" IS DISTINCT FROM v."surfaceHash"
            AND s."hash" IS DISTINCT FROM v."approvedSurfaceHash"
            AND NOT EXISTS (
              SELECT 1 FROM "SurfaceChange" c
              WHERE c."serverId" = s."serverId" AND (c."fromHash" = s."hash" OR c."toHash" = s."hash"))
          LIMIT ${input.batchSize} FOR UPDATE OF s SKIP LOCKED)`,
    ]);
    deleted += count;
  }
  return deleted;
}
