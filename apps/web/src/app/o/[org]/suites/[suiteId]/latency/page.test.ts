// The suite's Latency tab rendered as Next renders it (the page's server component called in process over real
// Postgres and Redis; only the session lookup is mocked, as in the page matrix): seeded runs with a breach show the
// per-tool table with the verdict, the chart with the SLO line and the breach mark.
import { createTenant } from '@mcptest/db';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../../../test/route-env';
import { seedSuite, type SeededSuite } from '../../../../../../../../../test/worker';
import { seedLatencyRuns } from '@/server/services/latency/latency-test-helpers';

const session = vi.hoisted(() => ({ user: null as { userId: string; email: string | null } | null }));
vi.mock('@/server/auth/get-session-actor', () => ({
  getSessionActor: () => Promise.resolve(session.user),
  sessionActor: () => session.user,
}));

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

let seeded: SeededSuite;
let org: string;

beforeAll(async () => {
  const email = 'latency-page@example.test';
  const tenant = await createTenant(testDb.db, { name: 'Latency page', ownerEmail: email });
  org = tenant.tenant.slug;
  const user = await testDb.db.global.user.findUniqueOrThrow({ where: { email } });
  session.user = { userId: user.id, email };
  seeded = await seedSuite(testDb.db, {
    tenantId: tenant.tenant.id,
    serverUrl: 'http://127.0.0.1:9/mcp',
    yaml: 'name: l\nslo: { p95_ms: 100, over: 5 }\nassertions:\n  - name: e\n    assert: { tool: echo }\n',
  });
  await seedLatencyRuns(testDb.db, seeded, [
    { calls: [['echo', 40]] },
    { calls: [['echo', 50]] },
    { calls: [['echo', 60]] },
    { calls: [['echo', 70]] },
    { calls: [['echo', 900]], breached: true },
  ]);
});

describe('the suite Latency tab', () => {
  it('shows the per-tool verdict and the trend with the SLO line and the run in breach', async () => {
    const { default: Page } = await import('./page');
    const element = await Page({
      params: Promise.resolve({ org, suiteId: seeded.suiteId }),
      searchParams: Promise.resolve({}),
    });
    const html = renderToStaticMarkup(element);
    expect(html).toContain('p95 ≤ 100 ms per tool over the last 5 runs');
    expect(html).toContain('breached: p95 900 ms &gt; 100 ms');
    expect(html).toContain('data-testid="latency-slo-line"');
    expect(html.match(/data-testid="latency-breach"/g)).toHaveLength(1);
    expect(html.match(/<polyline class="latency-p95" points="([^"]+)"/)?.[1]?.split(' ')).toHaveLength(5);
  });
});
