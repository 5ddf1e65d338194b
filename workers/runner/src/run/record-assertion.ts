import type { TenantDb } from '@mcptest/db';
import type { ExecutedAssertion } from '@mcptest/mcp';
import { assertNever } from '@mcptest/core';
import { SUITE_FILE } from './load-run-plan';

type DbToolClass = 'READ_ONLY' | 'READ_ONLY_PRESUMED' | 'MUTATING' | 'DESTRUCTIVE';
type DbDecision = 'EXECUTE' | 'EXECUTE_ONCE' | 'GENERATE_ONLY' | 'REFUSE';

function toolClassOf(c: ExecutedAssertion['toolClass']): DbToolClass | undefined {
  switch (c) {
    case undefined:
      return undefined;
    case 'ReadOnly':
      return 'READ_ONLY';
    case 'ReadOnlyPresumed':
      return 'READ_ONLY_PRESUMED';
    case 'Mutating':
      return 'MUTATING';
    case 'Destructive':
      return 'DESTRUCTIVE';
    default:
      return assertNever(c);
  }
}

function decisionOf(d: ExecutedAssertion['decision']): DbDecision | undefined {
  switch (d) {
    case undefined:
      return undefined;
    case 'Execute':
      return 'EXECUTE';
    case 'ExecuteOnce':
      return 'EXECUTE_ONCE';
    case 'GenerateOnly':
      return 'GENERATE_ONLY';
    case 'Refuse':
      return 'REFUSE';
    default:
      return assertNever(d);
  }
}

/** A hosted suite is one file, so the loader's `file#name` key is just the (de-duplicated) name. */
export function hostedAssertionKey(key: string): string {
  return key.startsWith(`${SUITE_FILE}#`) ? key.slice(SUITE_FILE.length + 1) : key;
}

/**
 * Writes one assertion result keyed by (run, assertion, trial). An upsert, so a run resumed by another worker after a
 * crash overwrites what the dead worker wrote instead of adding a second row.
 */
export async function recordAssertion(db: TenantDb, runId: string, result: ExecutedAssertion): Promise<void> {
  const assertionKey = hostedAssertionKey(result.key);
  const fields = {
    name: result.name,
    status: result.status,
    detail: result.detail || null,
    durationMs: Math.max(0, Math.round(result.durationMs)),
    tool: result.tool ?? null,
    toolClass: toolClassOf(result.toolClass) ?? null,
    decision: decisionOf(result.decision) ?? null,
    transcript: (result.transcript ?? undefined) as object | undefined,
  };
  await db.assertionResult.upsert({
    where: { runId_assertionKey_trial: { runId, assertionKey, trial: result.trial } },
    create: { tenantId: db.tenantId, runId, assertionKey, trial: result.trial, ...fields },
    update: fields,
  });
}
