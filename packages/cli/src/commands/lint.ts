// `mcptest lint <tools.json> [--json]`: static checks over tool descriptors (a tools/list result), no calls made.
import { lintTools, type LintFinding, type ToolDescriptor } from '@mcptest/core';
import type { CliResult } from '../run-cli';
import { readToolsFile } from './classify';

export const LINT_USAGE = `usage: mcptest lint <tools.json> [--json]

Checks a tools/list result ({"tools":[...]}) or an array of tool descriptors for problems that
make tools unsafe or hard to use: malformed annotations, missing descriptions or schemas,
destructive tools without mcp.dev/requiresConfirmation, names that contradict annotations, and
more (codes in docs/exec-policy.md).

Options:
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
