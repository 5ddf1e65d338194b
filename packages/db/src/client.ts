import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

export type { PrismaClient };

export interface CreatePrismaOptions {
  /** postgres:// URL; the role must not be a superuser or BYPASSRLS, or row-level security does nothing. */
  url: string;
  /** Pool size per process. */
  maxConnections?: number;
}

/**
 * The raw Prisma client. Application code does not hold this directly: it goes through `createDatabase`, whose
 * `tenant(id)` scope is the only way to reach tenant-owned tables (see tenant/tenant-scope.ts).
 */
export function createPrismaClient(options: CreatePrismaOptions): PrismaClient {
  // A bounded connect timeout: a Postgres that stops answering must fail requests, not hang them and fill the pool.
  const adapter = new PrismaPg({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
  });
  return new PrismaClient({ adapter });
}
