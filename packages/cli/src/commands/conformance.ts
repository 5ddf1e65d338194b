// `mcptest conformance --url URL`: the conformance checks of one MCP revision (packages/core/src/conformance), run
// through mcptest's own session and exec policy (docs/protocol.md, "Conformance"). Exit 0 when nothing failed
// unexpectedly and no expected-failure entry is stale, 1 otherwise, 2 on usage errors.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  CONFORMANCE_REVISIONS,
  ConformanceRevision,
  formatConformanceJunit,
  type ConformanceFixture,
  type ProtocolChoice,
} from '@mcptest/core';
import { createMemoryCallBudget, createSafeFetch, runConformance, type ConformanceRunReport } from '@mcptest/mcp';
import { commandFail, startCommand } from './start-command';
import { cliExecPolicy } from '../run/cli-policy';
import type { CliResult } from '../run-cli';
import { describeParseError, parseHeaderFlags, parseProtocolFlag, UsageError } from '../cli-flags';

export const CONFORMANCE_USAGE = `usage: mcptest conformance --url URL [options]

Runs mcptest's MCP conformance checks (ids as in @modelcontextprotocol/conformance) against a server, through
the same SSRF-safe session as a run. A check that must call a tool calls only a read-only tool or a tool you
name with --fixture; otherwise it is SKIPPED with the reason (docs/protocol.md, "Conformance").

  --url URL                     the MCP endpoint (Streamable HTTP; required)
  --requirements REV            ${CONFORMANCE_REVISIONS.join('|')} (default 2026-07-28)
  --protocol P                  the session's era (default: the requirements revision)
  --header "Name: value"        HTTP header for every request (repeatable)
  --fixture KEY=TOOL            the tool a fixture check calls, e.g. simple_text_tool=echo (repeatable);
                                header_name_tool=TOOL: the Mcp-Name header cases' tool (used only when the
                                server has no resource and no prompt)
  --fixture-args KEY=JSON       arguments for that fixture's call, e.g. simple_text_tool='{"message":"hi"}'
  --expected-failure ENTRY      a known failure: scenario or scenario:check (repeatable)
  --execute-destructive         let a named Destructive fixture be called
  --timeout MS                  per request (default 30000)
  --json                        print the report as JSON
  --junit FILE                  also write a JUnit XML report
Exit 0 conformant (expected failures allowed), 1 an unexpected failure or a stale expected failure, 2 usage error.
`;

const OPTIONS = {
  url: { type: 'string' },
  requirements: { type: 'string' },
  protocol: { type: 'string' },
  header: { type: 'string', multiple: true },
  fixture: { type: 'string', multiple: true },
  'fixture-args': { type: 'string', multiple: true },
  'expected-failure': { type: 'string', multiple: true },
  'execute-destructive': { type: 'boolean' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  junit: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface ConformanceArgs {
  url: string;
  revision: ConformanceRevision;
  protocol?: ProtocolChoice;
  headers: Record<string, string>;
  fixtures: Record<string, ConformanceFixture>;
  expectedFailures: string[];
  executeDestructive: boolean;
  timeoutMs: number;
  json: boolean;
  junit?: string;
}

function keyValue(flag: string, raw: string): [string, string] {
  const eq = raw.indexOf('=');
  if (eq <= 0 || eq === raw.length - 1) throw new UsageError(`--${flag} must look like KEY=VALUE, not "${raw}"`);
  return [raw.slice(0, eq).trim(), raw.slice(eq + 1).trim()];
}

function parseFixtures(tools: readonly string[], args: readonly string[]): Record<string, ConformanceFixture> {
  const fixtures: Record<string, ConformanceFixture> = {};
  for (const raw of tools) {
    const [key, tool] = keyValue('fixture', raw);
    fixtures[key] = tool;
  }
  for (const raw of args) {
    const [key, json] = keyValue('fixture-args', raw);
    const tool = fixtures[key];
    if (tool === undefined || typeof tool !== 'string')
      throw new UsageError(`--fixture-args ${key}: name the tool first with --fixture ${key}=TOOL`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new UsageError(`--fixture-args ${key}: not JSON`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new UsageError(`--fixture-args ${key}: must be a JSON object`);
    }
    fixtures[key] = { tool, arguments: parsed as Record<string, unknown> };
  }
  return fixtures;
}

function parseConformanceArgs(
  argv: readonly string[],
  cwd: string,
): { help: true } | { help: false; args: ConformanceArgs } {
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
  let scheme: string | undefined;
  try {
    scheme = new URL(url).protocol;
  } catch {
    scheme = undefined;
  }
  if (scheme !== 'http:' && scheme !== 'https:') throw new UsageError(`--url must be an http(s) URL, not "${url}"`);
  const revision = ConformanceRevision.safeParse(values.requirements ?? '2026-07-28');
  if (!revision.success) {
    throw new UsageError(`--requirements must be ${CONFORMANCE_REVISIONS.join(' or ')}, not "${values.requirements}"`);
  }
  const protocol = parseProtocolFlag(values.protocol);
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
      ...(protocol === undefined ? {} : { protocol }),
      headers: parseHeaderFlags(values.header),
      fixtures: parseFixtures(values.fixture ?? [], values['fixture-args'] ?? []),
      expectedFailures: values['expected-failure'] ?? [],
      executeDestructive: values['execute-destructive'] ?? false,
      timeoutMs: timeout,
      json: values.json ?? false,
      ...(values.junit === undefined ? {} : { junit: path.resolve(cwd, values.junit) }),
    },
  };
}

/** The human report: one line per check, then the counts and any stale baseline entries. */
export function formatConformanceText(report: ConformanceRunReport, url: string): string {
  const lines = [
    `MCP ${report.revision} conformance of ${url}${report.protocolVersion ? ` (negotiated ${report.protocolVersion})` : ''}`,
    '',
  ];
  const width = Math.max(...report.results.map((r) => r.id.length), 5);
  for (const result of report.results) {
    // A check the revision does not score (pending upstream) is marked: its FAIL does not fail the run.
    const note = result.notScored === undefined ? '' : '(not scored) ';
    lines.push(`  ${result.status.padEnd(7)}  ${result.id.padEnd(width)}  ${note}${result.message ?? ''}`.trimEnd());
  }
  const c = report.counts;
  lines.push('');
  lines.push(
    `${c.PASS} passed, ${c.FAIL} failed, ${c.WARN} warnings, ${c.SKIPPED} skipped, ${c.XFAIL} expected failures; ${report.toolCalls.length} tool calls (${report.durationMs} ms)`,
  );
  for (const entry of report.staleExpectedFailures)
    lines.push(`stale expected failure: ${entry} (it did not fail; remove it)`);
  return `${lines.join('\n')}\n`;
}

/** `mcptest conformance`. */
export async function conformanceCommand(
  argv: readonly string[],
  io: { env?: Record<string, string | undefined>; cwd?: string } = {},
): Promise<CliResult> {
  const fail = commandFail('conformance', CONFORMANCE_USAGE);
  const started = startCommand(
    fail,
    CONFORMANCE_USAGE,
    () => parseConformanceArgs(argv, io.cwd ?? process.cwd()),
    io.env,
  );
  if ('result' in started) return started.result;
  const { args, allowPrivateNetworks } = started;
  const policy = cliExecPolicy({ executeDestructive: args.executeDestructive });
  const report = await runConformance({
    url: args.url,
    revision: args.revision,
    ...(args.protocol === undefined ? {} : { protocol: args.protocol }),
    headers: args.headers,
    fetch: createSafeFetch({ allowPrivateNetworks }) as typeof fetch,
    policy,
    budget: createMemoryCallBudget({}),
    fixtures: args.fixtures,
    expectedFailures: args.expectedFailures,
    timeoutMs: args.timeoutMs,
  });
  if (args.junit !== undefined) {
    try {
      await writeFile(args.junit, formatConformanceJunit(report, args.url), 'utf8');
    } catch (error) {
      return fail(`--junit ${args.junit}: cannot write (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const stdout = args.json ? `${JSON.stringify(report, null, 2)}\n` : formatConformanceText(report, args.url);
  return { exitCode: report.ok ? 0 : 1, stdout, stderr: '' };
}
