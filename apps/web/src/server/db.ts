import { createDatabase, type Database } from '@mcptest/db';
import { env } from '@/env';

// One pool per process. Cached on globalThis because `next dev` re-evaluates modules on every hot reload, and a
// module-level variable would open a new pool each time.
const store = globalThis as typeof globalThis & { __mcptestWebDb?: Database | undefined };

export function getDb(): Database {
  store.__mcptestWebDb ??= createDatabase({ url: env().DATABASE_URL });
  return store.__mcptestWebDb;
}

/** Closes the pool (tests, graceful shutdown); the next getDb() opens a new one. */
export async function closeDb(): Promise<void> {
  const db = store.__mcptestWebDb;
  store.__mcptestWebDb = undefined;
  await db?.disconnect();
}
