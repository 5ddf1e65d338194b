import { loadEnv } from '@mcptest/core';
import { z } from 'zod';

/** The variables `mcptest ci` reads, from the environment the CLI's env module hands over (`CliEnv.raw`). */
const CiEnvSchema = z.object({
  /** The API token, when `--token` is not given (the recommended way: a CI secret). */
  MCPTEST_TOKEN: z.string().optional(),
  /** The API's base URL, when `--api` is not given. */
  MCPTEST_API_URL: z.string().optional(),
  // GitHub Actions (https://docs.github.com/actions/reference/variables-reference)
  GITHUB_SHA: z.string().optional(),
  GITHUB_HEAD_REF: z.string().optional(),
  GITHUB_REF_NAME: z.string().optional(),
  GITHUB_RUN_ID: z.string().optional(),
  GITHUB_RUN_ATTEMPT: z.string().optional(),
  // GitLab CI/CD (https://docs.gitlab.com/ci/variables/predefined_variables/)
  CI_COMMIT_SHA: z.string().optional(),
  CI_COMMIT_REF_NAME: z.string().optional(),
  CI_PIPELINE_ID: z.string().optional(),
  CI_JOB_ID: z.string().optional(),
});
export type CiEnv = z.infer<typeof CiEnvSchema>;

/** Picks and validates the `mcptest ci` variables; empty values count as unset (`loadEnv`). */
export function readCiEnv(raw: Record<string, string | undefined>): CiEnv {
  return loadEnv(CiEnvSchema, raw);
}

/** What a trigger sends when the flags do not say: taken from the CI system's variables. */
export interface TriggerDefaults {
  commitSha?: string;
  branch?: string;
  /** Derived from the CI run, so a retried step reuses the run; absent outside a known CI system. */
  idempotencyKey?: string;
  /** Which CI system the key came from, for the log line. */
  ci?: 'github' | 'gitlab';
}

/**
 * Commit, branch and idempotency key from GitHub Actions or GitLab CI variables.
 *
 * - Commit: GITHUB_SHA, else CI_COMMIT_SHA.
 * - Branch: GITHUB_HEAD_REF (the PR's source branch; set only on pull_request events), else GITHUB_REF_NAME, else
 *   CI_COMMIT_REF_NAME.
 * - Idempotency key: `github:<run id>:<run attempt>:<suite>` or `gitlab:<pipeline id>:<job id>:<suite>`. The same
 *   step retried inside one workflow attempt (a retry action, a re-run of the command) sends the same key and gets
 *   the same run back; "Re-run jobs" in GitHub bumps the attempt and a GitLab retry creates a new job id, so those
 *   start a fresh run. The suite id keeps two suites triggered from one job apart.
 */
export function deriveTriggerDefaults(env: CiEnv, suiteId: string): TriggerDefaults {
  const defaults: TriggerDefaults = {};
  const commitSha = env.GITHUB_SHA ?? env.CI_COMMIT_SHA;
  if (commitSha !== undefined) defaults.commitSha = commitSha;
  const branch = env.GITHUB_HEAD_REF ?? env.GITHUB_REF_NAME ?? env.CI_COMMIT_REF_NAME;
  if (branch !== undefined) defaults.branch = branch;
  if (env.GITHUB_RUN_ID !== undefined) {
    defaults.idempotencyKey = `github:${env.GITHUB_RUN_ID}:${env.GITHUB_RUN_ATTEMPT ?? '1'}:${suiteId}`;
    defaults.ci = 'github';
  } else if (env.CI_PIPELINE_ID !== undefined && env.CI_JOB_ID !== undefined) {
    defaults.idempotencyKey = `gitlab:${env.CI_PIPELINE_ID}:${env.CI_JOB_ID}:${suiteId}`;
    defaults.ci = 'gitlab';
  }
  return defaults;
}
