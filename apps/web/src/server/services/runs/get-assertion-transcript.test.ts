// Transcripts on the run page: pairing of stored JSON-RPC entries, and fetching one result's transcript (and the run
// page's results with their ids) only inside the tenant.
import { seedRun } from '@mcptest/db';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../test/route-env';
import { seedSuite } from '../../../../../../test/worker';
import type { ServiceDeps } from '@/server/services/service-deps';
import { getAssertionTranscript, pairTranscript } from './get-assertion-transcript';
import { getRunWithResults } from './get-run-with-results';

const database = useTestDatabase();
const redis = useTestRedis();
useRouteEnv(database, redis);

const YAML = 'assertions:\n  - name: a\n    assert: { tool: t, expect: { not_error: true } }\n';

const entry = (
  seq: number,
  at: number,
  direction: 'sent' | 'received',
  kind: 'request' | 'notification' | 'result' | 'error',
  message: Record<string, unknown>,
) => ({
  seq,
  at,
  direction,
  kind,
  ...(typeof message.method === 'string' ? { method: message.method } : {}),
  ...(message.id !== undefined ? { id: message.id } : {}),
  message: { jsonrpc: '2.0', ...message },
});

const CALL = { id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } };
const TRANSCRIPT = [
  entry(1, 1000, 'sent', 'request', { id: 1, method: 'initialize', params: {} }),
  entry(2, 1010, 'received', 'result', { id: 1, result: { protocolVersion: '2025-06-18' } }),
  entry(3, 1011, 'sent', 'notification', { method: 'notifications/initialized' }),
  entry(4, 1020, 'sent', 'request', CALL),
  // The server asks the client something mid-call (same id number, other direction: not the call's answer).
  entry(5, 1030, 'received', 'request', { id: 2, method: 'roots/list' }),
  entry(6, 1031, 'sent', 'result', { id: 2, result: { roots: [] } }),
  entry(7, 1050, 'received', 'result', { id: 2, result: { content: [{ type: 'text', text: 'Echo: hi' }] } }),
  entry(8, 1060, 'sent', 'request', { id: 3, method: 'tools/call', params: { name: 'slow' } }),
  entry(9, 1070, 'received', 'error', { id: 99, error: { code: -32000, message: 'late' } }),
  { not: 'an entry' },
];

describe('pairTranscript', () => {
  it('pairs requests with answers by id and direction, keeps notifications, survives odd entries', () => {
    const exchanges = pairTranscript(TRANSCRIPT);
    expect(
      exchanges.map((e) =>
        e.kind === 'call' ? [e.method, e.direction, e.outcome, e.ms ?? null] : [e.method, e.direction, 'notification'],
      ),
    ).toEqual([
      ['initialize', 'sent', 'result', 10],
      ['notifications/initialized', 'sent', 'notification'],
      ['tools/call', 'sent', 'result', 30],
      ['roots/list', 'received', 'result', 1],
      ['tools/call', 'sent', 'no_answer', null],
      ['(answer to an earlier request)', 'sent', 'error', null],
    ]);
    const call = exchanges[2]!;
    expect(call.kind === 'call' && call.request).toMatchObject({ params: { name: 'echo' } });
    expect(call.kind === 'call' && call.response).toMatchObject({ result: { content: [{ text: 'Echo: hi' }] } });
  });

  it.each([[null], [undefined], [{}], ['text']])('%j is no transcript', (stored) => {
    expect(pairTranscript(stored)).toEqual([]);
  });
});

const WIRE_FINDING = {
  message: "must have required property 'content'",
  pointer: '/result',
  specLink: 'https://modelcontextprotocol.io/specification/2025-06-18/schema#calltoolresult',
  definition: 'CallToolResult',
  revision: '2025-06-18',
  direction: 'received',
  method: 'tools/call',
  id: 2,
  seq: 7,
};

describe('run page data', () => {
  async function seedTranscriptRun() {
    const { getServiceDeps } = await import('@/server/services/get-service-deps');
    const deps: ServiceDeps = getServiceDeps();
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const db = database.db.tenant(seeded.tenantId);
    const run = await seedRun(db, {
      suiteId: seeded.suiteId,
      trigger: 'MANUAL',
      status: 'FAILED',
      total: 2,
      failed: 1,
    });
    const pass = await db.assertionResult.create({
      data: {
        tenantId: seeded.tenantId,
        runId: run.id,
        assertionKey: 'a',
        name: 'a',
        status: 'PASS',
        durationMs: 12,
        tool: 'echo',
        transcript: TRANSCRIPT,
        wireRevision: '2025-06-18',
        wireFindings: [WIRE_FINDING],
      },
    });
    await db.assertionResult.create({
      data: {
        tenantId: seeded.tenantId,
        runId: run.id,
        assertionKey: 'b',
        name: 'b',
        status: 'FAIL',
        detail: 'expected result to contain "x", got: y',
        durationMs: 3,
        // Stored by something that is not the worker: shown as no findings rather than as junk.
        wireFindings: [{ pointer: 5 }],
      },
    });
    return { deps, seeded, runId: run.id, resultId: pass.id };
  }

  it('lists results with ids in suite order and serves one transcript', async () => {
    const { deps, seeded, runId, resultId } = await seedTranscriptRun();
    const actor = { tenantId: seeded.tenantId };
    const page = await getRunWithResults(deps, actor, runId);
    expect(page.run).toMatchObject({ id: runId, status: 'failed', trigger: 'manual', summary: { total: 2 } });
    expect(page.results.map((r) => [r.name, r.status, r.detail])).toEqual([
      ['a', 'PASS', ''],
      ['b', 'FAIL', 'expected result to contain "x", got: y'],
    ]);
    expect(page.results[0]!.id).toBe(resultId);
    expect(page.results.map((r) => [r.wireRevision, r.wireFindings])).toEqual([
      ['2025-06-18', [WIRE_FINDING]],
      [null, []],
    ]);
    const transcript = await getAssertionTranscript(deps, actor, runId, resultId);
    expect(transcript).toMatchObject({ name: 'a', trial: 0 });
    expect(transcript.exchanges).toHaveLength(6);
    const none = await getAssertionTranscript(deps, actor, runId, page.results[1]!.id);
    expect(none.exchanges).toEqual([]);
  });

  it("answers not_found for another tenant's run and for a result of another run", async () => {
    const mine = await seedTranscriptRun();
    const theirs = await seedTranscriptRun();
    const actor = { tenantId: mine.seeded.tenantId };
    for (const attempt of [
      () => getRunWithResults(mine.deps, actor, theirs.runId),
      () => getAssertionTranscript(mine.deps, actor, theirs.runId, theirs.resultId),
      () => getAssertionTranscript(mine.deps, actor, mine.runId, theirs.resultId),
    ]) {
      expect(await attempt().catch((e: unknown) => e)).toMatchObject({ code: 'not_found' });
    }
  });
});
