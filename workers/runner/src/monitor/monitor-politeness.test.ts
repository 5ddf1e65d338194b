// Monitor checks pass the worker's per-address politeness gate, as runs do: with one request a second allowed to an
// address and no waiting, a check (a handshake is several requests) is refused by the gate, and the monitor's reason
// names the politeness limit rather than "could not connect".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { useTestRedis } from '../../../../test/redis';
import { seedSuite, startTestWorker, waitFor } from '../../../../test/worker';

const database = useTestDatabase();
const redis = useTestRedis();

let worker: Awaited<ReturnType<typeof startTestWorker>>;
let server: RunningServer;

beforeAll(async () => {
  server = await startEverythingServer('streamableHttp');
  worker = await startTestWorker(database, redis, {
    MONITOR_TICK_MS: '100',
    MONITOR_CONFIRM_DELAY_MS: '200',
    POLITENESS_REQUESTS_PER_SECOND_PER_HOST: '1',
    POLITENESS_MAX_WAIT_MS: '0',
  });
});
afterAll(async () => {
  await worker?.stop();
  await server?.stop();
});

describe('monitor checks and politeness', () => {
  it('are refused by the per-address rate limit, and say so', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: server.url, yaml: 'name: m\n' });
    const tdb = database.db.tenant(seeded.tenantId);
    const monitor = await tdb.monitor.create({
      data: { tenantId: seeded.tenantId, serverId: seeded.serverId, badgeKey: `ub_${seeded.serverId}` },
    });
    const down = await waitFor('DOWN', async () => {
      const row = await tdb.monitor.findUniqueOrThrow({ where: { id: monitor.id } });
      return row.state === 'DOWN' ? row : undefined;
    });
    expect(down.lastError).toMatch(/^refused: politeness: request to host 127\.0\.0\.1 refused after waiting \d+ ms/);
  });
});
