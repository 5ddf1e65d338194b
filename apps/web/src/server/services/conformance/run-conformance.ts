import type { ConformanceRevision } from '@mcptest/core';
import type { TriggerRunOptions } from '@/server/services/runs/trigger-run';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { runServerCheckSuite, type RunServerCheckSuiteOutcome } from '@/server/services/suites/run-server-check-suite';
import type { RunConformanceRequest } from './conformance-schemas';

/** The name of a server's conformance suite for one revision: how "Run conformance" finds it again. */
export function conformanceSuiteName(revision: ConformanceRevision): string {
  return `Conformance ${revision}`;
}

/** The YAML of a new conformance suite: the block alone, so every run is the catalog's checks of that revision. */
export function conformanceSuiteYaml(revision: ConformanceRevision): string {
  return [
    `# Made by "Run conformance": mcptest's conformance checks of MCP ${revision} (docs/protocol.md#conformance).`,
    '# Name fixture tools and expected_failures here; keep the suite name to keep the Conformance tab on it.',
    `name: ${conformanceSuiteName(revision)}`,
    'conformance:',
    `  revision: '${revision}'`,
    '',
  ].join('\n');
}

export type RunConformanceOutcome = RunServerCheckSuiteOutcome;

/**
 * "Run conformance" for a server: a run of its conformance suite for the revision (a normal suite named
 * `Conformance <revision>` on this server), made the first time (which needs `write`), through runServerCheckSuite.
 */
export async function runConformance(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
  input: RunConformanceRequest,
  options: TriggerRunOptions,
): Promise<RunConformanceOutcome> {
  return runServerCheckSuite(
    deps,
    actor,
    serverId,
    { name: conformanceSuiteName(input.revision), yaml: conformanceSuiteYaml(input.revision) },
    input.wait,
    options,
  );
}
