import {
  budgetExhaustedMessage,
  type BudgetExhausted,
  type CallBudget,
  checksFor,
  conformanceAssertionResults,
  CONFORMANCE_RESULT_PREFIX,
  evaluateConformance,
  expandEnv,
  type LoadedSuite,
} from '@mcptest/core';
import { type ConformanceRunReport, runConformance } from '../conformance';
import type { FetchLike } from '../net';
import type { CallGate } from './call-gate';
import type { ExecutedAssertion, ExecuteSuiteOptions } from './types';

/** What the executor lends the conformance run: the same gate, fetch and budget accounting its assertions use. */
export interface SuiteConformanceContext {
  options: ExecuteSuiteOptions;
  /** The run's fetch behind its request gate (request allowance, and politeness in the worker). */
  fetch: FetchLike | undefined;
  gate: CallGate;
  /** The SKIP reason of a cancelled run (RUN_CANCELLED). */
  cancelledReason: string;
  onBudgetExhausted(exhausted: BudgetExhausted): void;
  onToolCall(): void;
}

export interface SuiteConformanceOutcome {
  results: ExecutedAssertion[];
  /** Absent when the run was cancelled or the budget was gone before the checks could run. */
  report?: ConformanceRunReport;
}

type Target = { ok: true; url: string; transport: 'http' | 'sse' | 'auto'; headers: Record<string, string> };

/**
 * The server a suite-level check (`conformance:`, `auth_posture:`) runs against, as for assertions: the override (the
 * registered server, `--url`) wins, else the suite's `server:` (with `${VAR}` expanded). Those checks speak HTTP only:
 * a stdio server cannot be checked.
 */
export function suiteCheckTarget(
  suite: LoadedSuite,
  options: ExecuteSuiteOptions,
  what = 'conformance checks',
): Target | { ok: false; detail: string } {
  const override = options.serverOverride;
  if (override) return { ok: true, url: override.url, transport: override.transport, headers: override.headers ?? {} };
  const server = suite.server;
  if (!server)
    return { ok: false, detail: 'no server to test: the suite has no `server:` and no server URL was given' };
  if (server.transport === 'stdio' || server.url === undefined) {
    return { ok: false, detail: `${what} run over HTTP: give the suite a server \`url\` (or --url)` };
  }
  const url = expandEnv(server.url, options.env);
  if (!url.ok) return { ok: false, detail: `server.url: ${url.error.message}` };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(server.headers)) {
    const expanded = expandEnv(value, options.env);
    if (!expanded.ok) return { ok: false, detail: `server.headers.${name}: ${expanded.error.message}` };
    headers[name] = expanded.value;
  }
  return { ok: true, url: url.value, transport: server.transport, headers };
}

/**
 * Runs a suite's `conformance:` block once: `runConformance` against the suite's server through the run's fetch, gate
 * (in-flight limit, pacing), call budget and exec policy, in the era of the block's revision (not the suite's
 * `protocol`: a 2025 server must not be judged by 2026 rules or the reverse). Each check becomes a result; when the run
 * is cancelled, or the budget refuses what the checks need, they are SKIP with that reason, as assertions are.
 */
export async function runSuiteConformance(
  suite: LoadedSuite,
  context: SuiteConformanceContext,
): Promise<SuiteConformanceOutcome> {
  const block = suite.conformance;
  if (block === undefined) return { results: [] };
  const { options, gate } = context;
  const started = performance.now();
  // A function, not a narrowed property: the signal may abort while the checks run.
  const cancelled = (): boolean => options.signal?.aborted === true;
  const base = (name: string) => ({ key: `${suite.file}#${name}`, trial: 0, file: suite.file });
  /** Every check of the set, SKIP with one reason (nothing was judged). */
  const skipped = (detail: string): SuiteConformanceOutcome => ({
    results: checksFor(block.revision).map((check) => {
      const name = `${CONFORMANCE_RESULT_PREFIX}${check.id}`;
      return { ...base(name), name, status: 'SKIP', detail, durationMs: 0 };
    }),
  });
  if (cancelled()) return skipped(context.cancelledReason);
  if (gate.exhausted) {
    context.onBudgetExhausted(gate.exhausted);
    return skipped(budgetExhaustedMessage(gate.exhausted));
  }

  const target = suiteCheckTarget(suite, options);
  if (!target.ok) {
    // Judged as an unreachable server is: every check FAILs with the reason, so the run cannot pass.
    const summary = evaluateConformance(
      { revision: block.revision, connect: { ok: false, message: target.detail } },
      block.expected_failures,
    );
    return {
      results: conformanceAssertionResults(summary).map((result) => ({ ...base(result.name), ...result })),
    };
  }

  // Tool calls take from the run's budget through the gate, so they count in callsUsed and stop the run when refused.
  const budget: CallBudget = {
    acquire: async () => {
      const acquired = await gate.acquireToolCall();
      if (acquired.ok) context.onToolCall();
      else context.onBudgetExhausted(acquired.exhausted);
      return acquired;
    },
    acquireRequest: () => options.budget.acquireRequest(),
    used: () => options.budget.used(),
    requestsUsed: () => options.budget.requestsUsed(),
  };
  const report = await runConformance({
    url: target.url,
    transport: target.transport,
    revision: block.revision,
    headers: target.headers,
    ...(context.fetch === undefined ? {} : { fetch: context.fetch }),
    policy: options.policy,
    budget,
    fixtures: block.fixtures,
    expectedFailures: block.expected_failures,
    timeoutMs: suite.timeoutMs,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    send: (request) => gate.send(request),
  });
  if (cancelled()) return skipped(context.cancelledReason);
  // A request the allowance refused is not the server's failure: SKIP with the budget's reason, as for assertions.
  const refused = gate.requestsExhausted;
  if (refused) context.onBudgetExhausted(refused);
  const connection = report.protocolVersion === undefined ? ('failed' as const) : ('opened' as const);
  const durationMs = Math.round(performance.now() - started);
  const results = conformanceAssertionResults(report).map((result, index): ExecutedAssertion => {
    const outcome =
      refused && result.status === 'FAIL' ? { status: 'SKIP' as const, detail: budgetExhaustedMessage(refused) } : {};
    // The checks share one session: its time is on the first result, so the run's durations still add up.
    return { ...base(result.name), ...result, ...outcome, durationMs: index === 0 ? durationMs : 0, connection };
  });
  return { results, report };
}
