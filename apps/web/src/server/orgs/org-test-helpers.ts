// Users, deps and error capture for the organization service tests.
import { randomBytes } from 'node:crypto';
import type { Database } from '@mcptest/db';
import type { OrgDeps, SessionUser } from './org-schemas';

/** Deps over the test file's database; `clock.now` can be moved to test expiry. */
export function orgTestDeps(db: Database): OrgDeps & { clock: { now: Date } } {
  const clock = { now: new Date() };
  return { db, appUrl: 'https://mcptest.example', now: () => clock.now, clock };
}

/** A new user with a unique email (optionally with a given local part, in whatever case). */
export async function createUser(db: Database, local = 'user'): Promise<SessionUser> {
  const email = `${local}-${randomBytes(4).toString('hex')}@example.test`;
  const row = await db.global.user.create({ data: { email }, select: { id: true } });
  return { userId: row.id, email };
}

/** What `fn` throws (tests assert on ApiError's code and message). */
export async function caught(fn: () => Promise<unknown>): Promise<Error & { code?: string; details?: unknown }> {
  try {
    await fn();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected an error');
}
