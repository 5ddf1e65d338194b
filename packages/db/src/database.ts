import { createPrismaClient, type PrismaClient } from './client';
import { createTenantDb, type TenantDb } from './tenant/tenant-scope';

/** Tables that belong to no tenant: the Auth.js tables and the tenant directory itself. */
export type GlobalClient = Pick<PrismaClient, 'user' | 'account' | 'session' | 'verificationToken' | 'tenant'>;

export interface Database {
  /** The only way to reach tenant-owned tables: every query filtered by, and every write stamped with, `tenantId`. */
  tenant(tenantId: string): TenantDb;
  /** Tables without a tenant. */
  readonly global: GlobalClient;
  /**
   * The raw client, for cross-tenant system work (reconciler, scheduler, migrations checks) and Auth.js's adapter.
   * Restricted by lint outside packages/db; every other use needs an eslint-disable with the reason.
   */
  readonly unscoped: PrismaClient;
  /** Round-trip check for health endpoints. */
  ping(): Promise<{ ok: true; latencyMs: number } | { ok: false; error: string }>;
  disconnect(): Promise<void>;
}

export interface CreateDatabaseOptions {
  url: string;
  maxConnections?: number;
}

export function createDatabase(options: CreateDatabaseOptions): Database {
  const prisma = createPrismaClient(options);
  return {
    tenant: (tenantId) => createTenantDb(prisma, tenantId),
    global: prisma,
    unscoped: prisma,
    async ping() {
      const started = performance.now();
      try {
        await prisma.$queryRaw`SELECT 1`;
        return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
    disconnect: () => prisma.$disconnect(),
  };
}
