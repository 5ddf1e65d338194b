// The error mapping of a real Postgres failure: a NUL byte in a looked-up id (path ids and page URLs are not checked
// by findUnstorableText, which sees bodies and queries) must answer like an unknown id, not a 500.
import { createTenant } from '@mcptest/db';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../test/db';
import { resolveMembership } from '@/server/orgs/resolve-membership';
import type { ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { toErrorPayload } from './to-error-response';

const database = useTestDatabase();

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('toErrorPayload', () => {
  it('answers a NUL byte in a looked-up id or organization as not found, not as an internal error', async () => {
    const { tenant } = await createTenant(database.db, { name: 'Nul', ownerEmail: 'nul@example.test' });
    const deps = { db: database.db } as ServiceDeps;
    const unknown = toErrorPayload(await thrown(getSuiteOrThrow(deps, { tenantId: tenant.id }, 'no-such-suite')));
    for (const error of [
      await thrown(getSuiteOrThrow(deps, { tenantId: tenant.id }, 'suite\u0000id')),
      await thrown(resolveMembership(deps, 'user-id', 'org\u0000slug')),
    ]) {
      const payload = toErrorPayload(error);
      expect(payload).toMatchObject({ status: 404, code: 'not_found', unexpected: false });
      expect(payload.status).toBe(unknown.status);
    }
  });

  it('still answers an unknown database failure as internal', () => {
    expect(toErrorPayload(new Error('boom'))).toMatchObject({ status: 500, code: 'internal', unexpected: true });
  });
});
