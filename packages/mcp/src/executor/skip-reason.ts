import type { LoadedAssertion } from '@mcptest/core';

/**
 * Why an assertion is skipped before anything runs, or undefined when it runs: `skip:` (the loader normalizes it to a
 * reason), else `skip_unless_env` naming every variable that is unset or empty in `env`.
 */
export function staticSkipReason(
  assertion: Pick<LoadedAssertion, 'skip' | 'skipUnlessEnv'>,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (assertion.skip) return assertion.skip.reason;
  const missing = assertion.skipUnlessEnv.filter((name) => (env[name] ?? '') === '');
  if (missing.length === 0) return undefined;
  return missing.length === 1
    ? `skipped: env var ${missing[0]} not set`
    : `skipped: env vars ${missing.join(', ')} not set`;
}
