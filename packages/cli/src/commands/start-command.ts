import { EnvError } from '@mcptest/core';
import { UsageError } from '../cli-flags';
import { readCliEnv } from '../env';
import type { CliResult } from '../run-cli';

export type CommandFail = (message: string, usage?: boolean) => CliResult;

/** How a network command answers an error before it runs: exit 2, its name, and its usage after a usage error. */
export function commandFail(name: string, usage: string): CommandFail {
  return (message, withUsage = false) => ({
    exitCode: 2,
    stdout: '',
    stderr: `mcptest ${name}: ${message}\n${withUsage ? `\n${usage}` : ''}`,
  });
}

/**
 * The start that commands reaching a server share: the arguments parsed (`--help` answered, a usage error reported
 * with the usage) and the private networks the environment allows the SSRF-safe fetch to reach (an invalid variable
 * reported), with the whole environment (for a secret a flag names by variable). Either what the command needs to
 * run, or the result to return at once.
 */
export function startCommand<A>(
  fail: CommandFail,
  usage: string,
  parse: () => { help: true } | { help: false; args: A },
  env: Record<string, string | undefined> | undefined,
): { args: A; allowPrivateNetworks: string[]; env: Record<string, string | undefined> } | { result: CliResult } {
  let args: A;
  try {
    const parsed = parse();
    if (parsed.help) return { result: { exitCode: 0, stdout: usage, stderr: '' } };
    args = parsed.args;
  } catch (error) {
    if (error instanceof UsageError) return { result: fail(error.message, true) };
    throw error;
  }
  try {
    const cliEnv = env ? readCliEnv(env) : readCliEnv();
    return { args, allowPrivateNetworks: cliEnv.allowPrivateNetworks, env: cliEnv.raw };
  } catch (error) {
    if (error instanceof EnvError) return { result: fail(error.message) };
    throw error;
  }
}
