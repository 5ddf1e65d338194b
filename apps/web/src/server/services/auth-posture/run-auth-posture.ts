import type { ConformanceRevision } from '@mcptest/core';
import type { TriggerRunOptions } from '@/server/services/runs/trigger-run';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { runServerCheckSuite, type RunServerCheckSuiteOutcome } from '@/server/services/suites/run-server-check-suite';
import type { RunAuthPostureRequest } from './auth-posture-schemas';

/** The name of a server's auth-posture suite: how the tab and "Run auth-posture check" find it again. */
export const AUTH_POSTURE_SUITE_NAME = 'Auth posture';

/**
 * The YAML of a new posture suite: the block alone, so every run is the catalog's findings. The default revision is
 * left implicit (the block's own default); an older one is written down.
 */
export function authPostureSuiteYaml(revision: ConformanceRevision): string {
  return [
    '# Made by "Run auth-posture check": what an attacker finds at this server\'s authorization gate (docs/oauth.md).',
    '# It sends initialize/server/discover with crafted tokens and never calls a tool. Keep the name to keep the tab.',
    `name: ${AUTH_POSTURE_SUITE_NAME}`,
    revision === '2026-07-28' ? 'auth_posture: {}' : `auth_posture:\n  revision: '${revision}'`,
    '',
  ].join('\n');
}

/**
 * "Run auth-posture check" for a server: a run of its `Auth posture` suite, made the first time (which needs
 * `write`), through runServerCheckSuite, as "Run conformance" does.
 */
export async function runAuthPosture(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
  input: RunAuthPostureRequest,
  options: TriggerRunOptions,
): Promise<RunServerCheckSuiteOutcome> {
  return runServerCheckSuite(
    deps,
    actor,
    serverId,
    { name: AUTH_POSTURE_SUITE_NAME, yaml: authPostureSuiteYaml(input.revision) },
    input.wait,
    options,
  );
}
