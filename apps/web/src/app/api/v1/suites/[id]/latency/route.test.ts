// GET /api/v1/suites/{id}/latency as Next calls it: real Postgres and Redis, real tokens. Runs and their results are
// seeded as a worker leaves them (the worker's judging is tested in workers/runner/src/run/slo.test.ts).
import { createTenant, generateApiToken } from '@mcptest/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../../../test/route-env';
import { seedSuite, type SeededSuite } from '../../../../../../../../../test/worker';
import { seedLatencyRuns } from '@/server/services/latency/latency-test-helpers';
import type { LatencyResource } from '@/server/services/latency/latency-schemas';
import type * as LatencyRoute from './route';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

let route: typeof LatencyRoute;
let seeded: SeededSuite;
let admin: string;

async function get(token: string, suiteId: string, query = '') {
  const request = new Request(`http://localhost/api/v1/suites/${suiteId}/latency${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const response = await route.GET(request, { params: Promise.resolve({ id: suiteId }) });
  return { status: response.status, body: (await response.json()) as LatencyResource & { error: { code: string } } };
}

const YAML = `name: latency
slo: { p95_ms: 100, over: 5, tools: { search: { p95_ms: 500 } } }
assertions:
  - name: echo
    assert: { tool: echo }
`;

beforeAll(async () => {
  route = await import('./route');
  const tenant = await createTenant(testDb.db, { name: 'Latency A', ownerEmail: 'latency-a@example.test' });
  admin = tenant.token;
  seeded = await seedSuite(testDb.db, { tenantId: tenant.tenant.id, serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
  // Eight runs: the first two fall outside the SLO's window of 5; the error run is never counted.
  await seedLatencyRuns(testDb.db, seeded, [
    { calls: [['echo', 9000]] },
    { calls: [['echo', 9000]] },
    { calls: [['echo', 40]] },
    {
      calls: [
        ['echo', 50],
        ['search', 320],
      ],
    },
    { calls: [['echo', 9999]], status: 'ERROR' },
    {
      calls: [
        ['echo', 60],
        ['search', 310],
      ],
    },
    {
      calls: [
        ['echo', 70],
        ['search', 330],
      ],
      status: 'FAILED',
    },
    {
      calls: [
        ['echo', 200],
        ['search', 340],
      ],
      breached: true,
    },
  ]);
});

describe('GET /suites/{id}/latency', () => {
  it("answers p50/p95/p99 per tool over the SLO's window, the per-run trend and the breaches", async () => {
    const { status, body } = await get(admin, seeded.suiteId);
    expect(status).toBe(200);
    expect(body.runs).toBe(5);
    expect(body.windowRuns).toBe(5);
    expect(body.slo).toEqual({ over: 5, targets: { p95: 100 }, tools: { search: { p95: 500 } } });
    expect(body.minRuns).toBe(5);
    expect(body.tools).toEqual([
      {
        tool: 'echo',
        samples: 5,
        runs: 5,
        p50: 60,
        p95: 200,
        p99: 200,
        targets: { p95: 100 },
        judged: true,
        breaches: [{ tool: 'echo', percentile: 'p95', targetMs: 100, observedMs: 200, samples: 5, runs: 5 }],
      },
      // search: 4 runs of 5 called it, fewer than min(over, 5): not judged, whatever its numbers.
      {
        tool: 'search',
        samples: 4,
        runs: 4,
        p50: 320,
        p95: 340,
        p99: 340,
        targets: { p95: 500 },
        judged: false,
        breaches: [],
      },
    ]);
    expect(body.overall).toMatchObject({ samples: 9, runs: 5 });
    expect(body.trend.map((p) => [p.p50, p.breached])).toEqual([
      [40, false],
      [50, false],
      [60, false],
      [70, false],
      [200, true],
    ]);
  });

  it('takes ?runs= instead of the window', async () => {
    const { status, body } = await get(admin, seeded.suiteId, '?runs=7');
    expect(status).toBe(200);
    expect(body.windowRuns).toBe(7);
    expect(body.tools[0]).toMatchObject({ tool: 'echo', samples: 7, p99: 9000 });
  });

  it('refuses a window out of range', async () => {
    for (const runs of ['0', '201', 'ten']) {
      const { status, body } = await get(admin, seeded.suiteId, `?runs=${runs}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe('validation_failed');
    }
  });

  it("is another tenant's suite: 404", async () => {
    const other = await createTenant(testDb.db, { name: 'Latency B', ownerEmail: 'latency-b@example.test' });
    const { status } = await get(other.token, seeded.suiteId);
    expect(status).toBe(404);
  });

  it('reads with a read-only token', async () => {
    const { token, tokenHash, prefix } = generateApiToken();
    await testDb.db
      .tenant(seeded.tenantId)
      .apiToken.create({ data: { tenantId: seeded.tenantId, name: 'ro', tokenHash, prefix, scopes: ['READ'] } });
    expect((await get(token, seeded.suiteId)).status).toBe(200);
  });
});
