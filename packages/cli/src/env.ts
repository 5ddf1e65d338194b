// The one env module of the `mcptest` command: the only place in packages/cli that reads process.env.
import { CidrList, loadEnv } from '@mcptest/core';
import { z } from 'zod';

/**
 * Private ranges `mcptest run` may reach by default. The CLI runs on the user's own machine against servers they run
 * themselves (localhost, a box on the LAN, a container network), so unlike the hosted service it admits loopback and
 * the private ranges. Link-local and cloud metadata addresses stay refused whatever is listed (packages/mcp/src/net).
 */
export const CLI_PRIVATE_NETWORKS = [
  '127.0.0.0/8',
  '::1/128',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  'fc00::/7',
].join(',');

const CliEnvSchema = z.object({
  /** Overrides CLI_PRIVATE_NETWORKS; "none" admits public addresses only. */
  MCPTEST_ALLOW_PRIVATE_NETWORKS: z
    .string()
    .default(CLI_PRIVATE_NETWORKS)
    .transform((v) => (v.trim() === 'none' ? '' : v))
    .pipe(CidrList),
  /** Set by GitHub Actions: the job summary file that `--markdown` also appends to. */
  GITHUB_STEP_SUMMARY: z.string().optional(),
});

export interface CliEnv {
  allowPrivateNetworks: string[];
  githubStepSummary?: string;
  /** The whole environment, for `${VAR}` in suites, `skip_unless_env` and colour decisions. */
  raw: Record<string, string | undefined>;
}

/** Reads and validates the environment; throws `EnvError` listing every invalid variable. */
export function readCliEnv(source: Record<string, string | undefined> = process.env): CliEnv {
  const parsed = loadEnv(CliEnvSchema, source);
  return {
    allowPrivateNetworks: parsed.MCPTEST_ALLOW_PRIVATE_NETWORKS,
    ...(parsed.GITHUB_STEP_SUMMARY !== undefined && { githubStepSummary: parsed.GITHUB_STEP_SUMMARY }),
    raw: { ...source },
  };
}
