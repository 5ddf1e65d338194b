// `mcptest auth-posture --url URL`: what an attacker finds at an OAuth-protected MCP server's gate (docs/oauth.md,
// "Auth-posture check"): core's findings, gathered by packages/mcp through the SSRF-safe fetch with requests that call
// no tool. Exit 0 when no finding failed, 1 otherwise, 2 on usage errors.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  CONFORMANCE_REVISIONS,
  ConformanceRevision,
  formatAuthPostureJunit,
  type AuthPostureReport,
} from '@mcptest/core';
import { createSafeFetch, runAuthPosture, DEFAULT_OTHER_RESOURCE, type PostureCredentials } from '@mcptest/mcp';
import { commandFail, startCommand } from './start-command';
import type { CliResult } from '../run-cli';
import { describeParseError, parseHeaderFlags, UsageError } from '../cli-flags';

export const AUTH_POSTURE_USAGE = `usage: mcptest auth-posture --url URL [options]

Checks an OAuth-protected MCP server's gate as an attacker would: a request without a token, a garbage token,
an expired JWT, an alg: none JWT, a JWT signed by an unknown key, a real token for another resource (with
client credentials), a token in the query string, and the protected-resource metadata. Only the session's
first request (server/discover or initialize) is sent; no tool is called (docs/oauth.md, "Auth-posture check").

  --url URL                     the MCP endpoint (required)
  --revision REV                ${CONFORMANCE_REVISIONS.join('|')}: whose first request carries the tokens (default 2026-07-28)
  --header "Name: value"        HTTP header for every request (repeatable; an Authorization header is dropped)
  --client-id ID                a client at the server's authorization server allowed the client-credentials grant:
                                mcptest obtains a token for another resource with it
  --client-secret-env VAR       the environment variable holding that client's secret (never on the command line)
  --other-resource URL          the resource to ask that token for (default ${DEFAULT_OTHER_RESOURCE})
  --scope SCOPES                the scopes to ask for (default the metadata's scopes_supported)
  --timeout MS                  per request (default 30000)
  --json                        print the report as JSON
  --junit FILE                  also write a JUnit XML report
Exit 0 when no finding failed, 1 when one did, 2 usage error.
`;

const OPTIONS = {
  url: { type: 'string' },
  revision: { type: 'string' },
  header: { type: 'string', multiple: true },
  'client-id': { type: 'string' },
  'client-secret-env': { type: 'string' },
  'other-resource': { type: 'string' },
  scope: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  junit: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface AuthPostureArgs {
  url: string;
  revision: ConformanceRevision;
  headers: Record<string, string>;
  clientId?: string;
  clientSecretEnv?: string;
  otherResource?: string;
  scope?: string;
  timeoutMs: number;
  json: boolean;
  junit?: string;
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);
}

function parseAuthPostureArgs(
  argv: readonly string[],
  cwd: string,
): { help: true } | { help: false; args: AuthPostureArgs } {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true }));
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
  if (values.help) return { help: true };
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const url = values.url;
  if (url === undefined || url.trim() === '') throw new UsageError('--url URL is required');
  if (!isHttpUrl(url)) throw new UsageError(`--url must be an http(s) URL, not "${url}"`);
  const revision = ConformanceRevision.safeParse(values.revision ?? '2026-07-28');
  if (!revision.success) {
    throw new UsageError(`--revision must be ${CONFORMANCE_REVISIONS.join(' or ')}, not "${values.revision}"`);
  }
  if ((values['client-id'] === undefined) !== (values['client-secret-env'] === undefined)) {
    throw new UsageError('--client-id and --client-secret-env go together');
  }
  const other = values['other-resource'];
  if (other !== undefined && !isHttpUrl(other)) {
    throw new UsageError(`--other-resource must be an http(s) URL, not "${other}"`);
  }
  if (other !== undefined && values['client-id'] === undefined) {
    throw new UsageError('--other-resource needs --client-id and --client-secret-env');
  }
  const timeout = values.timeout === undefined ? 30_000 : Number(values.timeout);
  if (!Number.isSafeInteger(timeout) || timeout < 1 || timeout > 600_000) {
    throw new UsageError(`--timeout must be an integer from 1 to 600000, not "${values.timeout}"`);
  }
  if (values.junit !== undefined && values.junit.trim() === '') throw new UsageError('--junit needs a file');
  return {
    help: false,
    args: {
      url,
      revision: revision.data,
      headers: parseHeaderFlags(values.header),
      ...(values['client-id'] === undefined ? {} : { clientId: values['client-id'] }),
      ...(values['client-secret-env'] === undefined ? {} : { clientSecretEnv: values['client-secret-env'] }),
      ...(other === undefined ? {} : { otherResource: other }),
      ...(values.scope === undefined ? {} : { scope: values.scope }),
      timeoutMs: timeout,
      json: values.json ?? false,
      ...(values.junit === undefined ? {} : { junit: path.resolve(cwd, values.junit) }),
    },
  };
}

/** The human report: one line per finding (status, severity, id, what was seen), then the counts. */
export function formatAuthPostureText(report: AuthPostureReport): string {
  const lines = [`Auth posture of ${report.url}`, ''];
  const width = Math.max(...report.results.map((r) => r.id.length));
  for (const result of report.results) {
    const severity = result.status === 'FAIL' ? `[${result.severity}] ` : '';
    lines.push(
      `  ${result.status.padEnd(7)}  ${result.id.padEnd(width)}  ${severity}${result.message ?? ''}`.trimEnd(),
    );
    if (result.status === 'FAIL')
      for (const ref of result.specRefs) lines.push(`             ${ref.label}: ${ref.url}`);
  }
  const c = report.counts;
  lines.push('');
  lines.push(
    `${c.PASS} passed, ${c.FAIL} failed, ${c.WARN} warnings, ${c.SKIPPED} skipped; ${report.methodsSent.length} requests to the server, no tool called (${report.durationMs} ms)`,
  );
  return `${lines.join('\n')}\n`;
}

/** `mcptest auth-posture`. */
export async function authPostureCommand(
  argv: readonly string[],
  io: { env?: Record<string, string | undefined>; cwd?: string } = {},
): Promise<CliResult> {
  const fail = commandFail('auth-posture', AUTH_POSTURE_USAGE);
  const started = startCommand(
    fail,
    AUTH_POSTURE_USAGE,
    () => parseAuthPostureArgs(argv, io.cwd ?? process.cwd()),
    io.env,
  );
  if ('result' in started) return started.result;
  const { args, allowPrivateNetworks, env } = started;
  let credentials: PostureCredentials | undefined;
  if (args.clientId !== undefined && args.clientSecretEnv !== undefined) {
    const secret = env[args.clientSecretEnv];
    if (secret === undefined || secret === '') return fail(`--client-secret-env: ${args.clientSecretEnv} is not set`);
    credentials = { clientId: args.clientId, clientSecret: secret, resource: args.otherResource, scope: args.scope };
  }
  const report = await runAuthPosture({
    url: args.url,
    revision: args.revision,
    headers: args.headers,
    fetch: createSafeFetch({ allowPrivateNetworks }) as typeof fetch,
    ...(credentials === undefined ? {} : { credentials }),
    timeoutMs: args.timeoutMs,
  });
  if (args.junit !== undefined) {
    try {
      await writeFile(args.junit, formatAuthPostureJunit(report, args.url), 'utf8');
    } catch (error) {
      return fail(`--junit ${args.junit}: cannot write (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const stdout = args.json ? `${JSON.stringify(report, null, 2)}\n` : formatAuthPostureText(report);
  return { exitCode: report.ok ? 0 : 1, stdout, stderr: '' };
}
