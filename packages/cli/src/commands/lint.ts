// `mcptest lint <tools.json> [--json]`: static checks over tool descriptors (a tools/list result) and the security
// lint of the surface, no calls made.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  EnvError,
  isRecord,
  lintSurface,
  lintTools,
  revealHidden,
  ServerSurface,
  type LintFinding,
  type ProtocolChoice,
  type SurfaceLintFinding,
  type ToolDescriptor,
} from '@mcptest/core';
import { createSafeFetch, openSession, readSurface } from '@mcptest/mcp';
import { parseHeaderFlags, parseProtocolFlag, PROTOCOL_FLAG_USAGE, UsageError } from '../cli-flags';
import { readCliEnv } from '../env';
import type { CliResult } from '../run-cli';
import { readToolsFile } from './classify';

export const LINT_USAGE = `usage: mcptest lint <tools.json | surface.json> [--json]
       mcptest lint --url URL [--transport auto|http|sse] [--protocol P] [--header "K: V"]... [--json]

Checks tool descriptors for problems that make tools unsafe or hard to use (malformed annotations,
missing descriptions or schemas, destructive tools without mcp.dev/requiresConfirmation, names that
contradict annotations; codes in docs/exec-policy.md), and runs the security lint over everything the
server tells an agent (hidden characters, markup, instructions aimed at the model, shadowing,
exfiltration shapes, secret parameters, destructive tools without destructiveHint, token cost; rules
in docs/health.md). The file is a tools/list result ({"tools":[...]}), an array of tool descriptors,
or a recorded server surface ({"format":1,"serverInfo":...}).

Options:
  --url URL       lint a live server's whole surface (tools, resources, templates, prompts, instructions)
  --transport T   auto (default), http or sse
  ${PROTOCOL_FLAG_USAGE}
                  MCP protocol era of --url (default auto: server/discover, then the 2025 handshake)
  --header "K: V" a request header for the server (repeatable)
  --json  print {"tools","summary":{"errors","warnings","infos"},"findings":[...],"surfaceFindings":[...],"warnings":[...]}
Exit 1 when any finding (tool or surface) is an error, 0 otherwise, 2 on a usage, input or connection error.
`;

/** `--json` output of `mcptest lint`. */
export interface LintReport {
  tools: number;
  /** Counts over both lists. */
  summary: { errors: number; warnings: number; infos: number };
  /** The tool descriptor lints (LINT_RULES). */
  findings: LintFinding[];
  /** The security lint of the surface (SURFACE_LINT_RULES); excerpts show hidden characters as ⟨U+XXXX⟩. */
  surfaceFindings: SurfaceLintFinding[];
  /** Lists of the surface that could not be read (--url): notes, not failures. */
  warnings: string[];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A surface holding only tools (a tools file), named after the file. */
function toolsOnlySurface(name: string, tools: readonly ToolDescriptor[]): ServerSurface {
  return {
    format: 1,
    serverInfo: { name, version: '' },
    protocolVersion: '',
    instructions: null,
    tools: [...tools],
    toolsTruncated: false,
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
}

/**
 * Lints a surface and renders the result as `mcptest lint` does, whatever it came from (a file here; a live server's
 * surface for `--url`, which the caller reads). Names and fields from the server are printed with hidden characters
 * written out, so nothing the server sent can reach the terminal unseen.
 */
export function renderLint(surface: ServerSurface, options: { json: boolean; warnings?: string[] }): CliResult {
  const { tools } = surface;
  const findings = lintTools(tools);
  const surfaceFindings = lintSurface(surface);
  const all = [...findings, ...surfaceFindings];
  const summary = {
    errors: all.filter((f) => f.severity === 'error').length,
    warnings: all.filter((f) => f.severity === 'warning').length,
    infos: all.filter((f) => f.severity === 'info').length,
  };
  const exitCode = summary.errors > 0 ? 1 : 0;
  const warnings = options.warnings ?? [];
  if (options.json) {
    const report: LintReport = { tools: tools.length, summary, findings, surfaceFindings, warnings };
    return { exitCode, stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: '' };
  }
  let stdout = '';
  let current = -1;
  for (const finding of findings) {
    if (finding.index !== current) {
      current = finding.index;
      stdout += `${stdout === '' ? '' : '\n'}[${finding.index}] ${revealHidden(finding.tool)}\n`;
    }
    const at = finding.field ? ` (${revealHidden(finding.field)})` : '';
    stdout += `  ${finding.severity.padEnd(7)}  ${finding.code}${at}: ${revealHidden(finding.message)}\n`;
  }
  let where = '';
  for (const finding of surfaceFindings) {
    const { kind, name, field } = finding.location;
    const label = kind === 'instructions' ? 'instructions' : `${kind} ${revealHidden(name)}`;
    if (label !== where) {
      where = label;
      stdout += `${stdout === '' ? '' : '\n'}${label}\n`;
    }
    const at = field && field !== 'instructions' ? ` (${revealHidden(field)})` : '';
    stdout += `  ${finding.severity.padEnd(7)}  ${finding.rule}${at}: ${finding.message}\n`;
    if (finding.excerpt !== undefined) stdout += `           | ${finding.excerpt}\n`;
  }
  const total = all.length;
  stdout +=
    total === 0
      ? `${plural(tools.length, 'tool')}: no problems\n`
      : `\n${plural(tools.length, 'tool')}: ${plural(total, 'problem')} (${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, ${plural(summary.infos, 'info')})\n`;
  const stderr = warnings.map((w) => `mcptest lint: note: ${w}\n`).join('');
  return { exitCode, stdout, stderr };
}

/** A recorded surface (`{"format":1,"serverInfo":...}`), or undefined when the file is a tools list. */
async function readSurfaceFile(file: string): Promise<ServerSurface | undefined | { error: string }> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined; // readToolsFile reports unreadable files and bad JSON.
  }
  if (!isRecord(value) || value.format === undefined || value.serverInfo === undefined) return undefined;
  const parsed = ServerSurface.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return { error: `${issue?.path.join('.') || '$'}: ${issue?.message ?? 'not a server surface'}` };
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
  const json = args.includes('--json');
  const surface = await readSurfaceFile(files[0]);
  if (surface !== undefined && 'error' in surface) {
    return { exitCode: 2, stdout: '', stderr: `mcptest lint: ${files[0]}: ${surface.error}\n` };
  }
  if (surface !== undefined) return renderLint(surface, { json });
  const read = await readToolsFile('lint', files[0]);
  if (!read.ok) return read.result;
  return renderLint(toolsOnlySurface(path.basename(files[0]), read.tools), { json });
}

/** `mcptest lint --url URL`: reads the live server's surface through the SSRF-safe fetch and lints it. */
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
      // The whole surface, through the one reader discovery and runs use; descriptors as sent, malformed included.
      const { surface, warnings } = await readSurface(session, { maxToolPages: 20, requestTimeoutMs: 15_000 });
      return renderLint(surface, { json: values.json === true, warnings });
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
