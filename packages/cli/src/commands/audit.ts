// `mcptest audit --url URL`: probe every tool under the execution policy with made-up arguments, classify the
// outcomes, score the server, and optionally write a starter suite (docs/audit.md). Exit 0 when the audit ran and no
// probe crashed or timed out, 1 when one did, 2 on usage, connection or output-directory errors.
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { LintFinding, ProtocolChoice } from '@mcptest/core';
import {
  createMemoryCallBudget,
  createSafeFetch,
  runAudit,
  type AuditEvent,
  type AuditProbeReport,
  type AuditReport,
  type AuditTransport,
  type OpenAuditSession,
} from '@mcptest/mcp';
import { commandFail, startCommand } from './start-command';
import { cliExecPolicy } from '../run/cli-policy';
import type { CliResult } from '../run-cli';
import { parseHeaderFlags, parseProtocolFlag, PROTOCOL_FLAG_USAGE, UsageError } from '../cli-flags';

export const AUDIT_USAGE = `usage: mcptest audit --url URL [options]

Lists the server's tools, lints and classifies them, calls every tool the execution policy allows once
with arguments made up from its inputSchema (read-only first, destructive tools never unless
--execute-destructive), classifies each outcome (healthy, tool_error, crash, timeout, refused) and
scores the server (docs/audit.md). With --out, writes a starter suite: one YAML test per tool.

Server:
  --url URL                 the MCP endpoint (required)
  --transport auto|http|sse default auto: Streamable HTTP, then legacy SSE
  ${PROTOCOL_FLAG_USAGE}
                            MCP protocol era (default auto: server/discover, then the 2025 handshake)
  --header "Name: value"    HTTP header for every request (repeatable); never written to files
  --timeout MS              per request (default 30000)
Policy:
  --execute-destructive     also call Destructive tools (once each)
  --invalid-probes          also call read-only tools with deliberately invalid arguments
  --max-calls N             stop calling after N tool calls (the rest are refused)
  --concurrency N           read-only calls in flight at once, 1-32 (default 2)
  --call-delay MS           least time between calls (default 100)
Output:
  --json                    print the report as JSON on stdout
  --out DIR                 write one <tool>.yaml per tool into DIR (created if missing)
  --force                   overwrite files that already exist in DIR
Exit 0 the audit ran and nothing crashed or timed out, 1 a probe crashed or timed out,
2 usage error, server unreachable, tools/list failed, or files in DIR would be overwritten.
`;

/** How `auditCommand` talks to the world; every field is optional (the process is the default). */
export interface AuditCommandIo {
  /** Receives one progress line per probe. Default: process.stderr. */
  stderr?: (text: string) => void;
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Replaces the real session (tests). */
  openSession?: OpenAuditSession;
}

interface AuditArgs {
  url: string;
  transport: AuditTransport;
  protocol?: ProtocolChoice;
  headers: Record<string, string>;
  timeoutMs: number;
  executeDestructive: boolean;
  invalidProbes: boolean;
  maxCalls?: number;
  concurrency?: number;
  callDelayMs?: number;
  json: boolean;
  out?: string;
  force: boolean;
}

const OPTIONS = {
  url: { type: 'string' },
  transport: { type: 'string' },
  protocol: { type: 'string' },
  header: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  'execute-destructive': { type: 'boolean' },
  'invalid-probes': { type: 'boolean' },
  'max-calls': { type: 'string' },
  concurrency: { type: 'string' },
  'call-delay': { type: 'string' },
  json: { type: 'boolean' },
  out: { type: 'string' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function intFlag(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`--${flag} must be an integer from ${min} to ${max}, not "${value}"`);
  }
  return n;
}

function parseAuditArgs(argv: readonly string[], cwd: string): { help: true } | { help: false; args: AuditArgs } {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.replace(/\. To specify .*$/s, '') : String(error));
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
  const transport = values.transport ?? 'auto';
  if (transport !== 'auto' && transport !== 'http' && transport !== 'sse') {
    throw new UsageError(`--transport must be auto, http or sse, not "${transport}"`);
  }
  const protocol = parseProtocolFlag(values.protocol);
  if (values.out !== undefined && values.out.trim() === '') throw new UsageError('--out needs a directory');
  const maxCalls = intFlag('max-calls', values['max-calls'], 1, Number.MAX_SAFE_INTEGER);
  const concurrency = intFlag('concurrency', values.concurrency, 1, 32);
  const callDelayMs = intFlag('call-delay', values['call-delay'], 0, 60_000);
  return {
    help: false,
    args: {
      url,
      transport,
      ...(protocol === undefined ? {} : { protocol }),
      headers: parseHeaderFlags(values.header),
      timeoutMs: intFlag('timeout', values.timeout, 1, 600_000) ?? 30_000,
      executeDestructive: values['execute-destructive'] ?? false,
      invalidProbes: values['invalid-probes'] ?? false,
      ...(maxCalls === undefined ? {} : { maxCalls }),
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(callDelayMs === undefined ? {} : { callDelayMs }),
      json: values.json ?? false,
      ...(values.out === undefined ? {} : { out: path.resolve(cwd, values.out) }),
      force: values.force ?? false,
    },
  };
}

/** The URL as printed: user info dropped and query values masked (tokens often ride there). */
function printableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    for (const key of [...parsed.searchParams.keys()]) parsed.searchParams.set(key, '***');
    return parsed.toString();
  } catch {
    return url;
  }
}

/** `--json` output of `mcptest audit`. */
export interface AuditJson {
  server: AuditReport['server'];
  score: AuditReport['score'];
  tools: AuditReport['tools'];
  lints: LintFinding[];
  /** Files written with --out (absolute paths), in tool order; [] without --out. */
  files: string[];
  callsMade: number;
  durationMs: number;
}

function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

function probeLine(tool: string, probe: AuditProbeReport): string {
  const which = probe.id === 'valid' ? '' : ` [invalid: ${probe.id}]`;
  const time = probe.durationMs === undefined ? '' : ` (${probe.durationMs} ms)`;
  return `${tool}${which}: ${probe.outcome}${time}`;
}

/** The human report: one line per tool (and per invalid probe), the lints, the score, the files written. */
export function formatAuditText(report: AuditReport, files: readonly string[]): string {
  const { server } = report;
  const about = [
    server.name && `${server.name}${server.version ? ` ${server.version}` : ''}`,
    server.transport,
    server.protocolVersion && `protocol ${server.protocolVersion}`,
  ]
    .filter(Boolean)
    .join(', ');
  const lines: string[] = [`Audit of ${server.url}${about ? ` (${about})` : ''}`, ''];
  const width = Math.max(4, ...report.tools.map((tool) => tool.name.length));
  lines.push(
    `  ${'TOOL'.padEnd(width)}  ${'CLASS'.padEnd(16)}  ${'LIVE'.padEnd(11)}  ${'OUTCOME'.padEnd(10)}  ${'TIME'.padStart(8)}  DETAIL`,
  );
  for (const tool of report.tools) {
    for (const probe of tool.probes) {
      const name = probe.id === 'valid' ? tool.name : `  invalid: ${probe.id}`;
      const cls = probe.id === 'valid' ? tool.class : '';
      const live = probe.id === 'valid' ? tool.live : '';
      const time = probe.durationMs === undefined ? '-' : `${probe.durationMs} ms`;
      lines.push(
        `  ${name.padEnd(width)}  ${cls.padEnd(16)}  ${live.padEnd(11)}  ${probe.outcome.padEnd(10)}  ${time.padStart(8)}  ${probe.detail}`,
      );
    }
    for (const note of tool.argumentNotes) lines.push(`  ${''.padEnd(width)}  note: ${note}`);
  }
  if (report.tools.length === 0) lines.push('  (the server lists no tools)');

  lines.push('');
  if (report.lints.length === 0) {
    lines.push('Lints: none');
  } else {
    lines.push(`Lints (${report.lints.length}):`);
    for (const lint of report.lints) {
      lines.push(
        `  ${lint.severity.padEnd(7)}  ${lint.code}  ${lint.tool}${lint.field ? ` (${lint.field})` : ''}: ${lint.message}`,
      );
    }
  }

  const { score } = report;
  const c = score.counts;
  lines.push('');
  lines.push(
    `Score: ${score.score}/100 (base ${score.base}, lint penalty ${score.lintPenalty}); ${plural(score.probedTools, 'tool')} probed: ` +
      `${c.healthy} healthy, ${plural(c.tool_error, 'tool error')}, ${plural(c.crash, 'crash', 'crashes')}, ` +
      `${plural(c.timeout, 'timeout')}, ${c.refused} refused`,
  );
  if (files.length > 0) {
    lines.push(`Wrote ${plural(files.length, 'file')} to ${path.dirname(files[0] ?? '.')}`);
    const review = report.scaffold.filter((file) => file.yaml.startsWith('# review before first run'));
    if (review.length > 0) {
      lines.push(`  review before running: ${review.map((file) => file.fileName).join(', ')} (skipped until reviewed)`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Writes the scaffolded files into `dir`. Nothing is written when any file exists and `force` is off, so a re-run
 * never half-overwrites a suite someone has edited; `wx` also refuses a file created in the meantime.
 */
async function writeScaffold(
  report: AuditReport,
  dir: string,
  force: boolean,
): Promise<{ ok: true; files: string[] } | { ok: false; message: string }> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    return { ok: false, message: `--out ${dir}: cannot create the directory (${messageOf(error)})` };
  }
  const targets = report.scaffold.map((file) => ({ file, target: path.join(dir, file.fileName) }));
  if (!force) {
    const existing: string[] = [];
    for (const { target } of targets) {
      try {
        await access(target);
        existing.push(path.basename(target));
      } catch {
        // Absent: fine.
      }
    }
    if (existing.length > 0) {
      return {
        ok: false,
        message: `--out ${dir}: ${existing.join(', ')} already ${existing.length === 1 ? 'exists' : 'exist'}; nothing was written (pass --force to overwrite)`,
      };
    }
  }
  const written: string[] = [];
  for (const { file, target } of targets) {
    try {
      await writeFile(target, file.yaml, { encoding: 'utf8', flag: force ? 'w' : 'wx' });
      written.push(target);
    } catch (error) {
      return { ok: false, message: `--out ${target}: cannot write (${messageOf(error)})` };
    }
  }
  return { ok: true, files: written };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs `mcptest audit`; progress goes to `io.stderr`, the report comes back as the result's stdout. */
export async function auditCommand(argv: readonly string[], io: AuditCommandIo = {}): Promise<CliResult> {
  const fail = commandFail('audit', AUDIT_USAGE);
  const started = startCommand(fail, AUDIT_USAGE, () => parseAuditArgs(argv, io.cwd ?? process.cwd()), io.env);
  if ('result' in started) return started.result;
  const { args, allowPrivateNetworks } = started;

  const writeErr = io.stderr ?? ((text: string) => void process.stderr.write(text));
  const onEvent = (event: AuditEvent) => {
    if (event.type === 'audit.tools_listed') writeErr(`mcptest audit: ${plural(event.count, 'tool')} listed\n`);
    if (event.type === 'audit.probe_finished') writeErr(`  ${probeLine(event.tool, event.result)}\n`);
  };
  const policy = cliExecPolicy({
    executeDestructive: args.executeDestructive,
    maxCalls: args.maxCalls,
    concurrency: args.concurrency,
    callDelayMs: args.callDelayMs,
  });
  const result = await runAudit({
    url: args.url,
    transport: args.transport,
    ...(args.protocol === undefined ? {} : { protocol: args.protocol }),
    headers: args.headers,
    fetch: createSafeFetch({ allowPrivateNetworks }) as typeof fetch,
    policy,
    budget: createMemoryCallBudget(policy.max_calls === undefined ? {} : { maxCalls: policy.max_calls }),
    timeoutMs: args.timeoutMs,
    invalidProbes: args.invalidProbes,
    onEvent,
    ...(io.openSession === undefined ? {} : { openSession: io.openSession }),
  });
  // The session's messages name the (printable) URL already.
  if (!result.ok) return fail(result.error.message);
  const report: AuditReport = { ...result.report, server: { ...result.report.server, url: printableUrl(args.url) } };

  let files: string[] = [];
  let outError: string | undefined;
  if (args.out !== undefined) {
    const written = await writeScaffold(report, args.out, args.force);
    if (written.ok) files = written.files;
    else outError = written.message;
  }

  const stdout = args.json
    ? `${JSON.stringify(
        {
          server: report.server,
          score: report.score,
          tools: report.tools,
          lints: report.lints,
          files,
          callsMade: report.callsMade,
          durationMs: report.durationMs,
        } satisfies AuditJson,
        null,
        2,
      )}\n`
    : formatAuditText(report, files);
  if (outError !== undefined) return { exitCode: 2, stdout, stderr: `mcptest audit: ${outError}\n` };
  const broken = report.score.counts.crash + report.score.counts.timeout;
  return { exitCode: broken > 0 ? 1 : 0, stdout, stderr: '' };
}
