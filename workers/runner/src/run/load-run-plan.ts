import {
  capByPlan,
  ExecPolicy,
  isProtocolChoice,
  loadSuite,
  formatSuiteError,
  mergeSuitePolicy,
  PlanName,
  type LoadedSuite,
  type PlanLimits,
} from '@mcptest/core';
import type { TenantDb } from '@mcptest/db';
import type { ExecutorServerOverride } from '@mcptest/mcp';
import type { WorkerDeps } from '../worker-deps';
import { openServerHeaders } from './open-server-headers';

/** Everything needed to execute a run, loaded from Postgres by id (the job carries ids only). */
export interface RunPlan {
  suite: LoadedSuite;
  server: ExecutorServerOverride;
  policy: ExecPolicy;
  limits: PlanLimits;
  /** The run's effective call limits (policy capped by the plan). */
  maxCalls: number;
  dailyCalls: number;
}

export type LoadRunPlanResult = { ok: true; plan: RunPlan } | { ok: false; error: string };

/** The file name a hosted suite is loaded under: it appears in error locations and prefixes assertion keys. */
export const SUITE_FILE = 'suite.yaml';

/**
 * Loads the suite at the run's version, the server with its headers decrypted (here and only here: secrets never
 * travel in jobs), and the tenant's policy merged with the suite's opt-ins and capped by the plan. A problem that no
 * retry can fix comes back as `ok: false` with a reason for the run's error field.
 */
export async function loadRunPlan(
  deps: Pick<WorkerDeps, 'db' | 'secretBox' | 'plans'>,
  db: TenantDb,
  run: { suiteId: string; serverId: string; suiteVersion: number },
): Promise<LoadRunPlanResult> {
  const tenant = await deps.db.global.tenant.findUnique({
    where: { id: db.tenantId },
    select: { plan: true, execPolicy: true },
  });
  if (!tenant) return { ok: false, error: 'the tenant no longer exists' };
  const version = await db.suiteVersion.findFirst({
    where: { suiteId: run.suiteId, version: run.suiteVersion },
    select: { yaml: true },
  });
  const suiteRow = version
    ? undefined
    : await db.suite.findFirst({ where: { id: run.suiteId }, select: { yaml: true, version: true, name: true } });
  const yaml = version?.yaml ?? (suiteRow?.version === run.suiteVersion ? suiteRow.yaml : undefined);
  if (yaml === undefined) return { ok: false, error: `version ${run.suiteVersion} of the suite no longer exists` };

  const loaded = loadSuite(yaml, SUITE_FILE);
  if (!loaded.ok) {
    return { ok: false, error: `the suite does not load: ${loaded.errors.map(formatSuiteError).join('; ')}` };
  }

  const server = await db.server.findFirst({
    where: { id: run.serverId },
    select: { url: true, transport: true, protocol: true, headersEncrypted: true, headersKeyId: true },
  });
  if (!server) return { ok: false, error: 'the server no longer exists' };
  let headers: Record<string, string> | undefined;
  try {
    headers = openServerHeaders(deps.secretBox, db.tenantId, server);
  } catch (error) {
    // The message names the key id or the failure, never the secret.
    return { ok: false, error: `the server's headers cannot be decrypted: ${(error as Error).message}` };
  }

  const tenantPolicy = ExecPolicy.safeParse(tenant.execPolicy);
  if (!tenantPolicy.success) {
    return { ok: false, error: `the tenant's exec policy is invalid: ${tenantPolicy.error.issues[0]?.message}` };
  }
  const merged = mergeSuitePolicy(tenantPolicy.data, loaded.suite.policy);
  if (!merged.ok) return { ok: false, error: merged.error.message };
  const limits = deps.plans[PlanName.parse(tenant.plan)];
  const maxCalls = capByPlan(merged.policy.max_calls, limits.maxCallsPerRun);
  const dailyCalls = capByPlan(merged.policy.daily_call_budget, limits.dailyCalls);
  return {
    ok: true,
    plan: {
      suite: loaded.suite,
      server: {
        url: server.url,
        transport: server.transport === 'HTTP' ? 'http' : server.transport === 'SSE' ? 'sse' : 'auto',
        // A value written before PROTOCOL_CHOICES knew it (or by hand) falls back to auto rather than failing runs.
        protocol: isProtocolChoice(server.protocol) ? server.protocol : 'auto',
        headers,
      },
      policy: { ...merged.policy, max_calls: maxCalls, daily_call_budget: dailyCalls },
      limits,
      maxCalls,
      dailyCalls,
    },
  };
}
