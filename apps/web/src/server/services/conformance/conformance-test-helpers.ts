// Seeding for the conformance tests without a worker: a ConformanceReport row as finishRun writes it (core's
// toConformanceReportRecord of core's verdicts over chosen observations), on a finished run of a suite (no server).
import {
  NOT_FOUND_RESOURCE_URI,
  evaluateConformance,
  toConformanceReportRecord,
  type ConformanceObservations,
  type ConformanceRevision,
} from '@mcptest/core';
import { seedRun, type Database } from '@mcptest/db';
import type { SeededSuite } from '../../../../../../test/worker';

const tools = (names: string[]) => ({
  kind: 'result' as const,
  value: { tools: names.map((name) => ({ name, description: 'd', inputSchema: { type: 'object' } })) },
});

/** A server that answers everything well, except a tool name with a space in it (a WARN) and no error tool (SKIPPED). */
export function goodObservations(revision: ConformanceRevision): ConformanceObservations {
  // 2026-07-28 listings carry caching hints (SEP-2549); the checks that need raw probes are SKIPPED without them.
  const hints = revision === '2026-07-28' ? { ttlMs: 60_000, cacheScope: 'public' } : {};
  const listed = tools(['echo', 'has space']);
  const listing = { ...listed, value: { ...listed.value, ...hints } };
  return {
    revision,
    connect: {
      ok: true,
      era: revision === '2026-07-28' ? 'modern' : 'legacy',
      protocolVersion: revision,
    },
    ping: { kind: 'result', value: {} },
    toolsList: [listing, listing, listing],
    resourcesList: { kind: 'result', value: { resources: [], ...hints } },
    promptsList: { kind: 'result', value: { prompts: [], ...hints } },
    completion: { kind: 'not_run', reason: 'no prompt test_prompt_with_arguments' },
    resourceNotFound: { kind: 'rpc_error', code: -32602, message: 'nope', data: { uri: NOT_FOUND_RESOURCE_URI } },
    toolCalls: {
      simple_text_tool: { kind: 'result', value: { content: [{ type: 'text', text: 'hi' }] }, tool: 'echo' },
      error_tool: { kind: 'not_run', reason: 'no read-only tool "test_error_handling"' },
    },
  };
}

let clock = Date.UTC(2026, 5, 1);

/** A finished run of the suite and its report, created after every report seeded before it. */
export async function seedConformanceReport(
  db: Database,
  seeded: SeededSuite,
  options: {
    revision: ConformanceRevision;
    observations?: ConformanceObservations;
    expectedFailures?: string[];
    toolCalls?: string[];
  },
): Promise<{ runId: string; reportId: string }> {
  clock += 60_000;
  const observations = options.observations ?? goodObservations(options.revision);
  const summary = evaluateConformance(observations, options.expectedFailures ?? []);
  const tenant = db.tenant(seeded.tenantId);
  const run = await seedRun(tenant, {
    suiteId: seeded.suiteId,
    status: summary.ok ? 'PASSED' : 'FAILED',
    total: summary.results.length,
    failed: summary.counts.FAIL,
    queuedAt: new Date(clock),
  });
  // The worker's own record (finishRun stores toConformanceReportRecord of the executor's report).
  const record = toConformanceReportRecord({
    ...summary,
    ...(observations.connect.ok ? { protocolVersion: observations.connect.protocolVersion } : {}),
    toolCalls: options.toolCalls ?? ['echo'],
    durationMs: 5,
  });
  const report = await tenant.conformanceReport.create({
    data: {
      tenantId: seeded.tenantId,
      serverId: seeded.serverId,
      suiteId: seeded.suiteId,
      runId: run.id,
      ...record,
      checks: record.checks as object[],
      createdAt: new Date(clock + 1000),
    },
    select: { id: true },
  });
  return { runId: run.id, reportId: report.id };
}
