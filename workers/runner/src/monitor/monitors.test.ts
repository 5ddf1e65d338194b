// Uptime monitors end to end in a real worker: a monitor on a real server-everything goes UP; with the server stopped
// the first failure is confirmed by a second check before the monitor turns DOWN, an incident opens and `monitor.down`
// reaches a real receiver, signed; restarted, the next check turns it UP, closes the incident and sends `monitor.up`.
// A server on a private address is refused by the SSRF-safe fetch (DOWN with the rule as its reason), and checks take
// from the tenant's daily request allowance until it runs out.
import { DEV_ENCRYPTION_KEYS, MONITOR_DOWN_EVENT, MONITOR_UP_EVENT, type MonitorWebhookBody } from '@mcptest/core';
import { createSecretBox, secretContext } from '@mcptest/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { useTestRedis } from '../../../../test/redis';
import { startWebhookReceiver, verifyWith, type WebhookReceiver } from '../../../../test/webhook-receiver';
import { seedSuite, startTestWorker, waitFor } from '../../../../test/worker';
import { readWorkerEnv } from '../env';

const database = useTestDatabase();
const redis = useTestRedis();
const box = createSecretBox(readWorkerEnv({ MCPTEST_ENCRYPTION_KEYS: DEV_ENCRYPTION_KEYS }).MCPTEST_ENCRYPTION_KEYS);
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
const CONFIRM_DELAY_MS = 400;

let worker: Awaited<ReturnType<typeof startTestWorker>>;
let server: RunningServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  server = await startEverythingServer('streamableHttp');
  receiver = await startWebhookReceiver();
  worker = await startTestWorker(database, redis, {
    MONITOR_TICK_MS: '100',
    MONITOR_CONFIRM_DELAY_MS: String(CONFIRM_DELAY_MS),
    MONITOR_CHECK_TIMEOUT_MS: '5000',
    WEBHOOK_RETRY_BASE_MS: '100',
  });
});
afterAll(async () => {
  await worker?.stop();
  await server?.stop();
  await receiver?.close();
});

async function seedMonitor(
  url: string,
  options: { execPolicy?: { daily_call_budget: number }; hookPath?: string } = {},
) {
  const seeded = await seedSuite(database.db, {
    serverUrl: url,
    yaml: 'name: m\nassertions: []\n',
    ...(options.execPolicy ? { execPolicy: options.execPolicy } : {}),
  });
  const tdb = database.db.tenant(seeded.tenantId);
  if (options.hookPath) {
    const sealed = box.seal(WEBHOOK_SECRET, secretContext.webhookSecret(seeded.tenantId));
    await tdb.webhook.create({
      data: {
        tenantId: seeded.tenantId,
        projectId: seeded.projectId,
        url: `${receiver.url}${options.hookPath}`,
        events: [MONITOR_DOWN_EVENT, MONITOR_UP_EVENT],
        secretEncrypted: sealed.data,
        secretKeyId: sealed.keyId,
      },
    });
  }
  const monitor = await tdb.monitor.create({
    data: { tenantId: seeded.tenantId, serverId: seeded.serverId, badgeKey: `ub_${seeded.serverId}` },
  });
  const row = () => tdb.monitor.findUniqueOrThrow({ where: { id: monitor.id } });
  /** Makes the monitor due now (its real slot is minutes away). */
  const dueNow = () => tdb.monitor.updateMany({ where: { id: monitor.id }, data: { nextCheckAt: new Date() } });
  return { seeded, tdb, monitor, row, dueNow };
}

const bodiesOn = (path: string) =>
  receiver.on(path).map((request) => {
    const verified = verifyWith(WEBHOOK_SECRET, request);
    expect(verified.ok).toBe(true);
    return (verified as { body: MonitorWebhookBody }).body;
  });

describe('uptime monitors in the worker', () => {
  it('goes UP, confirms one failure before DOWN with monitor.down delivered, and comes back UP with monitor.up', async () => {
    const m = await seedMonitor(server.url, { hookPath: '/monitor-hooks' });
    const up = await waitFor('the first check', async () => {
      const row = await m.row();
      return row.state === 'UP' ? row : undefined;
    });
    expect(up.lastLatencyMs).toBeGreaterThan(0);
    expect(up.consecutiveFailures).toBe(0);
    // The next check is at the monitor's slot in the coming 5 minutes, not now.
    expect(up.nextCheckAt.getTime()).toBeGreaterThan(Date.now());
    expect(up.nextCheckAt.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    await waitFor('the day rollup', async () => {
      const day = await m.tdb.monitorDay.findFirst({ where: { monitorId: m.monitor.id } });
      return day && day.checks >= 1 ? day : undefined;
    });

    await server.stop();
    await m.dueNow();
    const unconfirmed = await waitFor('the first failure', async () => {
      const row = await m.row();
      return row.consecutiveFailures >= 1 ? row : undefined;
    });
    // One failure is not an outage: still UP, checked again after the confirmation delay, no webhook yet.
    expect(unconfirmed.state).toBe('UP');
    expect(unconfirmed.lastError).toMatch(/^connect_failed: /);
    expect(unconfirmed.nextCheckAt.getTime() - unconfirmed.lastCheckedAt!.getTime()).toBe(CONFIRM_DELAY_MS);
    expect(receiver.on('/monitor-hooks')).toHaveLength(0);

    const down = await waitFor('DOWN', async () => {
      const row = await m.row();
      return row.state === 'DOWN' ? row : undefined;
    });
    expect(down.consecutiveFailures).toBe(2);
    const incidents = await m.tdb.monitorIncident.findMany({ where: { monitorId: m.monitor.id } });
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ endedAt: null });
    // Opened at the first failure, the one the second confirmed.
    expect(incidents[0]!.startedAt.getTime()).toBe(unconfirmed.lastCheckedAt!.getTime());
    await waitFor('monitor.down delivered', async () => (receiver.on('/monitor-hooks').length >= 1 ? true : undefined));
    const [downBody] = bodiesOn('/monitor-hooks');
    expect(downBody).toMatchObject({
      type: 'monitor.down',
      data: {
        monitor: { id: m.monitor.id, state: 'down', intervalMinutes: 5 },
        server: { id: m.seeded.serverId, projectId: m.seeded.projectId },
        incident: { id: incidents[0]!.id, endedAt: null },
      },
    });
    expect(downBody!.data.incident.reason).toMatch(/^connect_failed: /);

    server = await startEverythingServer('streamableHttp', server.port);
    await m.dueNow();
    const back = await waitFor('UP again', async () => {
      const row = await m.row();
      return row.state === 'UP' ? row : undefined;
    });
    expect(back).toMatchObject({ consecutiveFailures: 0, lastError: null });
    const closed = await m.tdb.monitorIncident.findUniqueOrThrow({ where: { id: incidents[0]!.id } });
    expect(closed.endedAt?.getTime()).toBe(back.lastCheckedAt!.getTime());
    await waitFor('monitor.up delivered', async () => (receiver.on('/monitor-hooks').length >= 2 ? true : undefined));
    const upBody = bodiesOn('/monitor-hooks')[1]!;
    expect(upBody).toMatchObject({ type: 'monitor.up', data: { monitor: { state: 'up' } } });
    expect(upBody.data.incident.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(upBody.data.check.latencyMs).toBeGreaterThan(0);
    // The rollup of the last check is written by the ticker's next pass (a transition writes the Monitor row at once).
    const day = await waitFor('the rollup of every check', async () => {
      const row = await m.tdb.monitorDay.findFirstOrThrow({ where: { monitorId: m.monitor.id } });
      return row.checks >= 4 ? row : undefined;
    });
    expect(day.failures).toBeGreaterThanOrEqual(2);
  });

  it('refuses a server on a private address through the SSRF-safe fetch: DOWN with the rule as its reason', async () => {
    const m = await seedMonitor('http://10.20.30.40:8080/mcp', { hookPath: '/private-hooks' });
    const down = await waitFor('DOWN', async () => {
      const row = await m.row();
      return row.state === 'DOWN' ? row : undefined;
    });
    expect(down.lastError).toMatch(/^url_refused: refused: 10\.20\.30\.40 is a private address/);
    await waitFor('monitor.down delivered', async () => (receiver.on('/private-hooks').length >= 1 ? true : undefined));
    expect(bodiesOn('/private-hooks')[0]!.data.incident.reason).toMatch(/^url_refused: /);
  });

  it("takes each request from the tenant's daily request allowance, and says so when it is used up", async () => {
    // daily_call_budget 1 allows 10 requests a day: a few checks' worth.
    const m = await seedMonitor(server.url, { execPolicy: { daily_call_budget: 1 } });
    const refused = await waitFor(
      'the allowance used up',
      async () => {
        const row = await m.row();
        if (row.lastError?.startsWith('request_budget_exhausted: ')) return row;
        await m.dueNow();
        return undefined;
      },
      20_000,
    );
    expect(refused.lastError).toContain("the tenant's daily limit of 10 HTTP requests is used up");
  });
});
