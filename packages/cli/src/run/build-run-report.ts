import {
  aggregateTrials,
  findRegressions,
  summarize,
  type AssertionResult,
  type Baseline,
  type RunReport,
  type SuiteConformanceReport,
} from '@mcptest/core';

/** What the report needs of an executed trial (`ExecutedAssertion` from packages/mcp has it all). */
export type TrialResult = AssertionResult & { key: string };

/**
 * The run's report from every trial of every suite. Trials are folded per assertion key rather than per name (core's
 * `aggregateTrialsByName`), because two suite files may hold assertions of the same name and must not be merged.
 * Only the result fields reach the report (the transcript and policy decisions stay out of the JSON contract).
 * Regressions are computed against the baseline when one is given.
 */
export function buildRunReport(input: {
  name: string;
  trials: readonly TrialResult[];
  baseline?: Pick<Baseline, 'entries'> | undefined;
  durationMs: number;
  /** The MCP protocol version(s) the sessions negotiated (ExecuteSuiteResult.protocolVersion). */
  protocolVersion?: string;
  /** The suites' conformance reports (ExecuteSuiteResult.conformance with the suite file). */
  conformance?: SuiteConformanceReport[];
}): RunReport {
  const groups = new Map<string, [AssertionResult, ...AssertionResult[]]>();
  for (const trial of input.trials) {
    const result = pickResult(trial);
    const group = groups.get(trial.key);
    if (group) group.push(result);
    else groups.set(trial.key, [result]);
  }
  const results = [...groups.values()].map(aggregateTrials);
  return {
    name: input.name,
    summary: summarize(results),
    results,
    regressions: input.baseline ? findRegressions(input.baseline, results) : [],
    durationMs: input.durationMs,
    ...(input.protocolVersion === undefined ? {} : { protocolVersion: input.protocolVersion }),
    ...(input.conformance === undefined || input.conformance.length === 0 ? {} : { conformance: input.conformance }),
  };
}

function pickResult(trial: TrialResult): AssertionResult {
  const { name, status, detail, durationMs, file, tool, trials, wireFindings, conformance, authPosture } = trial;
  return {
    name,
    status,
    detail,
    durationMs,
    ...(file !== undefined && { file }),
    ...(tool !== undefined && { tool }),
    ...(trials !== undefined && { trials }),
    ...(wireFindings !== undefined && { wireFindings }),
    ...(conformance !== undefined && { conformance }),
    ...(authPosture !== undefined && { authPosture }),
  };
}
