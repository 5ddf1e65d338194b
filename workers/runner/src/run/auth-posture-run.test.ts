// Hosted runs of a suite with an `auth_posture:` block: a real worker (Postgres, Redis) runs it against the OAuth
// harness's servers (oidc-provider, SDK bearer auth) over real HTTP; each finding is a stored result of the run.
import { findRunResults } from '@mcptest/db';
import { AUTH_POSTURE_CATALOG } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { startAuthorizationServer, type AuthorizationServer } from '../../../../test/oauth/authorization-server';
import { startProtectedMcpServer, type ProtectedMcpServer } from '../../../../test/oauth/protected-mcp-server';
import { useTestRedis } from '../../../../test/redis';
import { queueRun, seedSuite, startTestWorker, waitForRunEnd } from '../../../../test/worker';

const database = useTestDatabase();
const redis = useTestRedis();
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let as: AuthorizationServer;
let permissive: ProtectedMcpServer;
let correct: ProtectedMcpServer;

beforeAll(async () => {
  worker = await startTestWorker(database, redis);
  as = await startAuthorizationServer();
  permissive = await startProtectedMcpServer({ variant: 'permissive', authorizationServer: as });
  correct = await startProtectedMcpServer({ variant: 'correct', authorizationServer: as });
});
afterAll(async () => {
  await worker?.stop();
  await permissive?.stop();
  await correct?.stop();
  await as?.stop();
});

const SUITE = 'name: posture hosted\ntimeout: 10s\nauth_posture: { revision: 2025-11-25 }\n';

async function run(server: ProtectedMcpServer) {
  const seeded = await seedSuite(database.db, { serverUrl: server.url, yaml: SUITE });
  const runId = await queueRun(database.db, redis, seeded);
  const ended = await waitForRunEnd(database.db, runId);
  const rows = await findRunResults(database.db.tenant(seeded.tenantId), runId);
  return { ended, rows };
}

describe('a hosted auth_posture block', () => {
  it('fails the run on the permissive server, each finding a stored result, no tool called', async () => {
    const { ended, rows } = await run(permissive);
    expect(ended.status).toBe('FAILED');
    expect(rows.map((r) => r.name)).toEqual(AUTH_POSTURE_CATALOG.map((f) => `auth_posture ${f.id}`));
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName['auth_posture alg-none-token-refused']).toMatchObject({
      status: 'FAIL',
      detail: expect.stringMatching(/^critical: accepted an alg: none JWT: HTTP 200/) as unknown,
    });
    expect(byName['auth_posture other-resource-token-refused']?.status).toBe('SKIP');
    expect(permissive.toolCalls()).toEqual([]);
  });

  it('passes the run on the correct server', async () => {
    const { ended, rows } = await run(correct);
    expect(ended.status).toBe('PASSED');
    expect(rows.filter((r) => r.status === 'FAIL')).toEqual([]);
  });
});
