import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabase, type Database } from '@mcptest/db';
import { maintenanceClient, urlFor } from './global-setup';

export interface TestDatabase {
  /** Connection URL of this file's own database. */
  readonly url: string;
  /** A Database over it (created on first use, disconnected after the file). */
  readonly db: Database;
}

/**
 * Gives the calling test file its own database, cloned from the run's migrated template, and drops it afterwards.
 * Call at the top level of a test file; read the fields inside tests or hooks.
 */
export function useTestDatabase(): TestDatabase {
  const name = `mcptest_t_${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
  let database: Database | undefined;
  const handle: TestDatabase = {
    url: urlFor(name),
    get db() {
      database ??= createDatabase({ url: urlFor(name), maxConnections: 4 });
      return database;
    },
  };
  beforeAll(async () => {
    const admin = await maintenanceClient();
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
    } finally {
      await admin.end();
    }
  });
  afterAll(async () => {
    await database?.disconnect();
    const admin = await maintenanceClient();
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  });
  return handle;
}

/** A fresh empty database (not from the template), for migration tests. Dropped after the file. */
export function useEmptyDatabase(): { readonly url: string } {
  const name = `mcptest_t_${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    const admin = await maintenanceClient();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
  });
  afterAll(async () => {
    const admin = await maintenanceClient();
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  });
  return { url: urlFor(name) };
}
