// `mcptest lint <tools.json> [--json]`: static checks over tool descriptors (a tools/list result), no calls made.
import { parseArgs } from 'node:util';
import { EnvError, lintTools, type LintFinding, type ProtocolChoice, type ToolDescriptor } from '@mcptest/core';
import { createSafeFetch, openSession } from '@mcptest/mcp';
import { parseHeaderFlags, parseProtocolFlag, PROTOCOL_FLAG_USAGE, UsageError } from '../cli-flags';
import { readCliEnv } from '../env';
import type { CliResult } from '../run-cli';
import { readToolsFile } from './classify';

export const LINT_USAGE = `usage: mcptest lint <tools.json> [--json]
       mcptest lint --url URL [--transport auto|http|sse] [--protocol P] [--header "K: V"]... [--json]

Checks a tools/list result ({"tools":[...]}) or an array of tool descriptors for problems that
make tools unsafe or hard to use: malformed annotations, missing descriptions or schemas,
destructive tools without mcp.dev/requiresConfirmation, names that contradict annotations, and
more (codes in docs/exec-policy.md).

Options:
  --url URL       lint a live server's tools/list instead of a file
  --transport T   auto (default), http or sse
  ${PROTOCOL_FLAG_USAGE}
                  MCP protocol era of --url (default auto: server/discover, then the 2025 handshake)
  --header "K: V" a request header for the server (repeatable)
  --json  print {"tools","summary":{"errors","warnings","infos"},"findings":[...]} on stdout
Exit 1 when any finding is an error, 0 otherwise, 2 on a usage or input error.
`;

/** `--json` output of `mcptest lint`. */
export interface LintReport {
  tools: number;
  summary: { errors: number; warnings: number; infos: number };
  findings: LintFinding[];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Lints tools and renders the result as `mcptest lint` does, whatever the tools came from (a file here; a live
 * server's tools/list for `--url`, which the caller connects to).
 */
export function renderLint(tools: readonly ToolDescriptor[], options: { json: boolean }): CliResult {
  const findings = lintTools(tools);
  const summary = {
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
    infos: findings.filter((f) => f.severity === 'info').length,
  };
  const exitCode = summary.errors > 0 ? 1 : 0;
  if (options.json) {
    const report: LintReport = { tools: tools.length, summary, findings };
    return { exitCode, stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: '' };
  }
  let stdout = '';
  let current = -1;
  for (const finding of findings) {
    if (finding.index !== current) {
      current = finding.index;
      stdout += `${stdout === '' ? '' : '\n'}[${finding.index}] ${finding.tool}\n`;
    }
    const at = finding.field ? ` (${finding.field})` : '';
    stdout += `  ${finding.severity.padEnd(7)}  ${finding.code}${at}: ${finding.message}\n`;
  }
  const total = findings.length;
  stdout +=
    total === 0
      ? `${plural(tools.length, 'tool')}: no problems\n`
      : `\n${plural(tools.length, 'tool')}: ${plural(total, 'problem')} (${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, ${plural(summary.infos, 'info')})\n`;
  return { exitCode, stdout, stderr: '' };
}

/** Runs `mcptest lint` on a file; returns output instead of printing, like every command. */
export async function lintCommand(args: readonly string[]): Promise<CliResult> {
  if (args.includes('-h') || args.includes('--help')) return { exitCode: 0, stdout: LINT_USAGE, stderr: '' };
  const usage = (why: string): CliResult => ({
    exitCode: 2,
    stdout: '',
    stderr: `mcptest lint: ${why}\n\n${LINT_USAGE}`,
  });
  if (args.includes('--url')) return lintUrl(args, usage);
  const unknown = args.find((arg) => arg.startsWith('-') && arg !== '-' && arg !== '--json');
  if (unknown !== undefined) return usage(`unknown option ${unknown}`);
  const files = args.filter((arg) => arg !== '--json');
  if (files.length !== 1 || files[0] === undefined) {
    return usage(files.length === 0 ? 'no tools file given' : 'give exactly one tools file');
  }
  const read = await readToolsFile('lint', files[0]);
  if (!read.ok) return read.result;
  return renderLint(read.tools, { json: args.includes('--json') });
}

/** `mcptest lint --url URL`: lists the live server's tools through the SSRF-safe fetch and lints them. */
async function lintUrl(args: readonly string[], usage: (why: string) => CliResult): Promise<CliResult> {
  let values: { url?: string; transport?: string; protocol?: string; header?: string[]; json?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        url: { type: 'string' },
        transport: { type: 'string' },
        protocol: { type: 'string' },
        header: { type: 'string', multiple: true },
        json: { type: 'boolean' },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  const url = values.url ?? '';
  if (!/^https?:\/\//.test(url)) return usage(`--url must be an http(s) URL, got "${url}"`);
  const transport = values.transport ?? 'auto';
  if (transport !== 'auto' && transport !== 'http' && transport !== 'sse') {
    return usage(`--transport must be auto, http or sse, got "${transport}"`);
  }
  let headers: Record<string, string>;
  let protocol: ProtocolChoice | undefined;
  try {
    headers = parseHeaderFlags(values.header);
    protocol = parseProtocolFlag(values.protocol);
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    throw error;
  }
  let allowPrivateNetworks: string[];
  try {
    allowPrivateNetworks = readCliEnv().allowPrivateNetworks;
  } catch (error) {
    if (error instanceof EnvError) return { exitCode: 2, stdout: '', stderr: `mcptest lint: ${error.message}\n` };
    throw error;
  }
  const safeFetch = createSafeFetch({ allowPrivateNetworks });
  try {
    const session = await openSession({
      url,
      transport,
      ...(protocol === undefined ? {} : { protocol }),
      headers,
      fetch: safeFetch as typeof fetch,
      clientInfo: { name: 'mcptest-lint', version: '0.1.0' },
      connectTimeoutMs: 15_000,
      requestTimeoutMs: 15_000,
    });
    try {
      const { tools } = await session.listAllTools();
      // Descriptors are linted as the server sent them, malformed fields included.
      return renderLint(tools as unknown as ToolDescriptor[], { json: values.json === true });
    } finally {
      await session.close();
    }
  } catch (error) {
    return {
      exitCode: 2,
      stdout: '',
      stderr: `mcptest lint: ${error instanceof Error ? error.message : String(error)}\n`,
    };
  } finally {
    await safeFetch.close();
  }
}
