// An outage is not a regression: real runs through the queue and an in-process worker against a closed port and a
// website (200 text/html) end in `error` with the reason, the badge turns orange, and the baseline stays put.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { freePort } from '../../../../../../test/mcp-servers';
import { useTestRedis } from '../../../../../../test/redis';
import { queueRun, startTestWorker, useWorkerMock, waitForRunEnd } from '../../../../../../test/worker';
import { seedBadgeSuite, suiteBadgeKey } from './badge-test-helpers';
import { getSuiteBadge } from './get-suite-badge';
import type { BadgeDeps } from './serve-cached-badge';

const database = useTestDatabase();
const testRedis = useTestRedis();
const mock = useWorkerMock();
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let website: http.Server;
let websiteUrl = '';

beforeAll(async () => {
  worker = await startTestWorker(database, testRedis);
  // A web page where the MCP endpoint should be: every method gets the same 200 text/html.
  website = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body>Welcome</body></html>');
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await worker?.stop();
  await new Promise((resolve) => website?.close(resolve));
});

const deps = (): BadgeDeps => ({ db: database.db, redis: testRedis.redis, prefix: testRedis.prefix });

async function badgeOf(seeded: Parameters<typeof suiteBadgeKey>[1]) {
  const badge = await getSuiteBadge(deps(), {
    badgeKey: await suiteBadgeKey(database.db, seeded),
    format: 'json',
    style: 'flat',
  });
  const body = JSON.parse(badge.body) as { message: string; color: string };
  return { message: body.message, color: body.color };
}

async function runToEnd(seeded: { tenantId: string; suiteId: string }) {
  return waitForRunEnd(database.db, await queueRun(database.db, testRedis, seeded, { trigger: 'MANUAL' }));
}

describe('a server that cannot be tested', () => {
  it('a closed port: error with the reason, orange badge, no regressions, the baseline kept', async () => {
    const seeded = await seedBadgeSuite(database.db, mock.url);
    const first = await runToEnd(seeded);
    expect(first.status).toBe('PASSED');

    // The server goes away: nothing listens on its port any more.
    const port = await freePort();
    const tdb = database.db.tenant(seeded.tenantId);
    await tdb.server.update({ where: { id: seeded.serverId }, data: { url: `http://127.0.0.1:${port}/mcp` } });
    const down = await runToEnd(seeded);
    expect(down).toMatchObject({ status: 'ERROR', total: 1, failed: 1, regressions: [] });
    expect(down.error).toBe(
      `the server could not be tested: could not connect to http://127.0.0.1:${port}/mcp: connection refused`,
    );
    await expect.poll(() => badgeOf(seeded), { timeout: 10_000 }).toEqual({ message: 'error', color: 'orange' });
    const baseline = await tdb.baseline.findFirst({ where: { suiteId: seeded.suiteId } });
    expect(baseline?.runId).toBe(first.id);

    // Back up: the next run passes against the baseline it had.
    await tdb.server.update({ where: { id: seeded.serverId }, data: { url: mock.url } });
    expect(await runToEnd(seeded)).toMatchObject({ status: 'PASSED', regressions: [] });
    // The badge cache is dropped after the run's row is written, so the badge may lag the row by a moment.
    await expect.poll(() => badgeOf(seeded), { timeout: 10_000 }).toEqual({ message: 'passing', color: 'brightgreen' });
  });

  it('a website instead of an MCP endpoint: error saying it did not answer as an MCP server', async () => {
    const seeded = await seedBadgeSuite(database.db, websiteUrl);
    const run = await runToEnd(seeded);
    expect(run.status).toBe('ERROR');
    expect(run.error).toBe(
      `the server could not be tested: could not connect to ${websiteUrl}: this URL did not answer as an MCP server ` +
        "(HTTP 200 text/html to the initialize POST); check that it is the server's MCP endpoint (often ending in " +
        '/mcp or /sse)',
    );
    await expect.poll(() => badgeOf(seeded), { timeout: 10_000 }).toEqual({ message: 'error', color: 'orange' });
  });

  it('a server that answers but fails its checks is still failing, red', async () => {
    const seeded = await seedBadgeSuite(database.db, mock.url);
    const tdb = database.db.tenant(seeded.tenantId);
    const yaml = `
name: badge
assertions:
  - name: expects the wrong fruit
    assert: { tool: search, args: { q: pears }, expect: { contains: [found plums] } }
`;
    await tdb.suite.update({ where: { id: seeded.suiteId }, data: { yaml } });
    await tdb.suiteVersion.updateMany({ where: { suiteId: seeded.suiteId }, data: { yaml } });
    const run = await runToEnd(seeded);
    expect(run).toMatchObject({ status: 'FAILED', error: null });
    expect(await badgeOf(seeded)).toEqual({ message: 'failing 1/1', color: 'red' });
  });
});
