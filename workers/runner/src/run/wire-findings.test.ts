// Hosted runs keep wire findings: a real worker runs suites against a server whose tools/call result has no `content`
// (real HTTP, real Postgres and Redis), stores the findings with the results, and the Run resource shows them.
import { findRunResults } from '@mcptest/db';
import { toRunResource } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { type HostileServer, startHostileServer } from '../../../../test/hostile/servers';
import { useTestRedis } from '../../../../test/redis';
import { queueRun, seedSuite, startTestWorker, waitForRunEnd } from '../../../../test/worker';

const database = useTestDatabase();
const redis = useTestRedis();
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let server: HostileServer;

beforeAll(async () => {
  worker = await startTestWorker(database, redis);
  server = await startHostileServer({
    at: 'tools/call',
    answer: ({ res, id }) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id, result: { structuredContent: { ok: true } } });
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    },
  });
});
afterAll(async () => {
  await worker?.stop();
  await server?.close();
});

const suite = (mode: string) => `
name: wire ${mode}
wire_schema: ${mode}
assertions:
  - name: probe answers
    assert: { tool: probe, args: {}, expect: { not_error: true } }
`;

describe('wire findings of a hosted run', () => {
  it.each([
    ['warn', 'PASSED', 'PASS'],
    ['strict', 'FAILED', 'FAIL'],
  ])('wire_schema %s: the run is %s, the finding stored and in the Run resource', async (mode, runStatus, status) => {
    const seeded = await seedSuite(database.db, { serverUrl: server.url, yaml: suite(mode) });
    const runId = await queueRun(database.db, redis, seeded);
    const run = await waitForRunEnd(database.db, runId);
    expect(run.status).toBe(runStatus);
    const rows = await findRunResults(database.db.tenant(seeded.tenantId), runId);
    const resource = toRunResource(run, rows, 'https://mcptest.example');
    expect(resource.results).toEqual([
      expect.objectContaining({
        status,
        wireRevision: '2025-06-18',
        wireFindings: [
          expect.objectContaining({
            message: "must have required property 'content'",
            pointer: '/result',
            definition: 'CallToolResult',
            specLink: 'https://modelcontextprotocol.io/specification/2025-06-18/schema#calltoolresult',
            direction: 'received',
            method: 'tools/call',
          }),
        ],
      }),
    ]);
  });

  it('wire_schema off: nothing validated, nothing stored', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: server.url, yaml: suite('off') });
    const runId = await queueRun(database.db, redis, seeded);
    expect((await waitForRunEnd(database.db, runId)).status).toBe('PASSED');
    const [row] = await findRunResults(database.db.tenant(seeded.tenantId), runId);
    expect(row).toMatchObject({ status: 'PASS', wireRevision: null, wireFindings: null });
  });
});
