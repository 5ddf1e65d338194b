import {
  AUTH_POSTURE_CATALOG,
  AUTH_POSTURE_RESULT_PREFIX,
  authPostureAssertionResults,
  budgetExhaustedMessage,
  evaluateAuthPosture,
  expandEnv,
  type AuthPostureReport,
  type LoadedSuite,
} from '@mcptest/core';
import { runAuthPosture, type PostureCredentials } from '../auth-posture';
import type { FetchLike } from '../net';
import type { CallGate } from './call-gate';
import { suiteCheckTarget } from './run-suite-conformance';
import type { ExecutedAssertion, ExecuteSuiteOptions } from './types';

/** What the executor lends the posture check: the run's fetch (request allowance, politeness) and gate. */
export interface SuiteAuthPostureContext {
  options: ExecuteSuiteOptions;
  fetch: FetchLike | undefined;
  gate: CallGate;
  cancelledReason: string;
  onBudgetExhausted(exhausted: NonNullable<CallGate['exhausted']>): void;
}

export interface SuiteAuthPostureOutcome {
  results: ExecutedAssertion[];
  /** Absent when the run was cancelled or out of budget before the check ran. */
  report?: AuthPostureReport;
}

/**
 * Runs a suite's `auth_posture:` block once, before the assertions: `runAuthPosture` against the suite's server
 * through the run's fetch and gate. It calls no tool, so it takes nothing from the call budget, but each request takes
 * from the run's request allowance. Each finding becomes a result `auth_posture <id>`; a cancelled run, or a request
 * the allowance refused, makes them SKIP with that reason, as for assertions. The credentials' `${VAR}`s are expanded
 * here, from the run's environment, and go nowhere but the token endpoint.
 */
export async function runSuiteAuthPosture(
  suite: LoadedSuite,
  context: SuiteAuthPostureContext,
): Promise<SuiteAuthPostureOutcome> {
  const block = suite.authPosture;
  if (block === undefined) return { results: [] };
  const { options, gate } = context;
  const started = performance.now();
  const cancelled = (): boolean => options.signal?.aborted === true;
  const base = (name: string) => ({ key: `${suite.file}#${name}`, trial: 0, file: suite.file });
  const skipped = (detail: string): SuiteAuthPostureOutcome => ({
    results: AUTH_POSTURE_CATALOG.map((finding) => {
      const name = `${AUTH_POSTURE_RESULT_PREFIX}${finding.id}`;
      return { ...base(name), name, status: 'SKIP', detail, durationMs: 0 };
    }),
  });
  /** Every finding FAILs with one reason: the check could not run, so the run must not pass. */
  const failed = (detail: string): SuiteAuthPostureOutcome => {
    const none = { kind: 'failed', message: detail } as const;
    const summary = evaluateAuthPosture({
      serverUrl: '',
      noToken: none,
      metadata: none,
      tokens: { garbage: none, expired: none, alg_none: none, unknown_key: none, other_resource: none },
      queryToken: none,
    });
    return { results: authPostureAssertionResults(summary).map((result) => ({ ...base(result.name), ...result })) };
  };
  if (cancelled()) return skipped(context.cancelledReason);
  if (gate.exhausted) {
    context.onBudgetExhausted(gate.exhausted);
    return skipped(budgetExhaustedMessage(gate.exhausted));
  }
  const target = suiteCheckTarget(suite, options, 'auth-posture checks');
  if (!target.ok) return failed(target.detail);
  if (context.fetch === undefined) return failed('the auth-posture check is sent only through the SSRF-safe fetch');

  let credentials: PostureCredentials | undefined;
  const from = block.other_resource_token_from;
  if (from !== undefined) {
    const expanded: Record<string, string> = {};
    for (const [key, value] of Object.entries(from)) {
      if (typeof value !== 'string') continue;
      const result = expandEnv(value, options.env);
      if (!result.ok) return failed(`auth_posture.other_resource_token_from.${key}: ${result.error.message}`);
      expanded[key] = result.value;
    }
    credentials = {
      clientId: expanded['client_id'] ?? '',
      clientSecret: expanded['client_secret'] ?? '',
      resource: expanded['resource'],
      scope: expanded['scope'],
    };
  }

  const report = await runAuthPosture({
    url: target.url,
    revision: block.revision,
    headers: target.headers,
    fetch: context.fetch,
    ...(credentials === undefined ? {} : { credentials }),
    timeoutMs: suite.timeoutMs,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    send: (request) => gate.send(request),
  });
  if (cancelled()) return skipped(context.cancelledReason);
  const refused = gate.requestsExhausted;
  if (refused) context.onBudgetExhausted(refused);
  const durationMs = Math.round(performance.now() - started);
  const results = authPostureAssertionResults(report).map((result, index): ExecutedAssertion => {
    const outcome =
      refused && result.status === 'FAIL' ? { status: 'SKIP' as const, detail: budgetExhaustedMessage(refused) } : {};
    // The findings share the requests: their time is on the first result, so the run's durations still add up.
    return { ...base(result.name), ...result, ...outcome, durationMs: index === 0 ? durationMs : 0 };
  });
  return { results, report };
}
