import type { TenantDb } from '@mcptest/db';
import type { ExecutedAssertion } from '@mcptest/mcp';
import { capTranscript, EXEC_DECISION_TO_DB, TOOL_CLASS_TO_DB, transcriptNotStored } from '@mcptest/core';
import { SUITE_FILE } from './load-run-plan';

/** A hosted suite is one file, so the loader's `file#name` key is just the (de-duplicated) name. */
export function hostedAssertionKey(key: string): string {
  return key.startsWith(`${SUITE_FILE}#`) ? key.slice(SUITE_FILE.length + 1) : key;
}

/** The tenant's transcript storage: its plan's quota and what its stored transcripts take now. */
export interface TranscriptQuota {
  quotaBytes: number;
  usedBytes(): Promise<number>;
}

/** What happened to the result's transcript: stored whole, stored cut to the per-assertion cap, or left out. */
export type TranscriptOutcome = 'stored' | 'truncated' | 'not_stored' | 'none';

/**
 * Writes one assertion result keyed by (run, assertion, trial). An upsert, so a run resumed by another worker after a
 * crash overwrites what the dead worker wrote instead of adding a second row.
 *
 * The transcript is cut to `TRANSCRIPT_MAX_BYTES_PER_ASSERTION` with a marker, and stored only while the tenant's
 * stored transcripts (Tenant.transcriptBytes, kept by a trigger) plus this one fit its quota; otherwise a small
 * `transcript_not_stored` marker takes its place and the result itself is recorded as usual. Concurrent runs of one
 * tenant may overshoot the quota by at most one capped transcript each.
 */
export async function recordAssertion(
  db: TenantDb,
  runId: string,
  result: ExecutedAssertion,
  quota?: TranscriptQuota,
): Promise<TranscriptOutcome> {
  const assertionKey = hostedAssertionKey(result.key);
  let outcome: TranscriptOutcome = 'none';
  let transcript: { transcript: unknown[]; bytes: number } | undefined;
  if (result.transcript !== undefined) {
    const capped = capTranscript(result.transcript);
    outcome = capped.truncated ? 'truncated' : 'stored';
    transcript = capped;
    if (quota && (await quota.usedBytes()) + capped.bytes > quota.quotaBytes) {
      outcome = 'not_stored';
      transcript = transcriptNotStored(capped.bytes, quota.quotaBytes);
    }
  }
  const fields = {
    name: result.name,
    status: result.status,
    detail: result.detail || null,
    durationMs: Math.max(0, Math.round(result.durationMs)),
    tool: result.tool ?? null,
    toolClass: result.toolClass === undefined ? null : TOOL_CLASS_TO_DB[result.toolClass],
    decision: result.decision === undefined ? null : EXEC_DECISION_TO_DB[result.decision],
    // Absent, not null: a retried upsert without a transcript keeps the one stored.
    ...(transcript === undefined ? {} : { transcript: transcript.transcript as object }),
    transcriptBytes: transcript?.bytes ?? 0,
    wireRevision: result.wireRevision ?? null,
    // Absent when clean: no JSON column written for the common case.
    ...(result.wireFindings?.length ? { wireFindings: result.wireFindings as object[] } : {}),
  };
  await db.assertionResult.upsert({
    where: { runId_assertionKey_trial: { runId, assertionKey, trial: result.trial } },
    create: { tenantId: db.tenantId, runId, assertionKey, trial: result.trial, ...fields },
    update: fields,
  });
  return outcome;
}
