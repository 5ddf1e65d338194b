// `mcptest classify <tools.json> [--trust trust|ignore|cap] [--json]`: classify tool descriptors under the execution
// safety policy and show what mcptest would do with each, without calling anything.
import { readFile } from 'node:fs/promises';
import {
  AnnotationTrust,
  classifyTool,
  decide,
  ExecPolicy,
  formatToolListError,
  parseToolListJson,
  type ClassificationSource,
  type ExecDecisionKind,
  type ToolClass,
  type ToolDescriptor,
} from '@mcptest/core';
import type { CliResult } from '../run-cli';

export const CLASSIFY_USAGE = `usage: mcptest classify <tools.json> [--trust trust|ignore|cap] [--json]

Classifies each tool of a tools/list result ({"tools":[...]}) or an array of tool descriptors as
ReadOnly, ReadOnlyPresumed, Mutating or Destructive, and shows where the class came from and what
mcptest would do with a live call and when generating a test, under the default policy.

Options:
  --trust MODE  how far annotations and _meta hints are believed: trust (default), ignore, cap
  --json        print [{"name","class","source","live","generate"}] on stdout
Exit 0 when the file was classified, 2 on a usage or input error.
`;

/** One row of `--json` output (DESIGN.md CLI contract). */
export interface ClassifyRow {
  name: string;
  class: ToolClass;
  source: ClassificationSource;
  live: ExecDecisionKind;
  generate: ExecDecisionKind;
}

/**
 * Reads and parses a tools file for `classify` and `lint`: the tools, or the exit-2 result that explains why not
 * (unreadable file, invalid JSON, or each bad entry located as `file: tools[3].name: ...`).
 */
export async function readToolsFile(
  command: string,
  file: string,
): Promise<{ ok: true; tools: ToolDescriptor[] } | { ok: false; result: CliResult }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String((error as Error).message);
    return {
      ok: false,
      result: { exitCode: 2, stdout: '', stderr: `mcptest ${command}: ${file}: cannot read (${why})\n` },
    };
  }
  const parsed = parseToolListJson(text);
  if (!parsed.ok) {
    const stderr = parsed.errors.map((e) => `mcptest ${command}: ${file}: ${formatToolListError(e)}\n`).join('');
    return { ok: false, result: { exitCode: 2, stdout: '', stderr } };
  }
  return { ok: true, tools: parsed.tools };
}

/** Splits argv into the one file argument and known flags; `usage` is set when argv cannot be used. */
function parseArgs(args: readonly string[]): {
  file?: string | undefined;
  trust: string;
  json: boolean;
  help: boolean;
  usage?: string;
} {
  const out: { file?: string; trust: string; json: boolean; help: boolean; usage?: string } = {
    trust: 'trust',
    json: false,
    help: false,
  };
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-h' || arg === '--help') out.help = true;
    else if (arg === '--json') out.json = true;
    else if (arg === '--trust') {
      const value = args[++i];
      if (value === undefined) return { ...out, usage: '--trust needs a value (trust, ignore or cap)' };
      out.trust = value;
    } else if (arg.startsWith('--trust=')) out.trust = arg.slice('--trust='.length);
    else if (arg.startsWith('-') && arg !== '-') return { ...out, usage: `unknown option ${arg}` };
    else files.push(arg);
  }
  if (out.help) return out;
  if (files.length !== 1)
    return { ...out, usage: files.length === 0 ? 'no tools file given' : 'give exactly one tools file' };
  if (!AnnotationTrust.safeParse(out.trust).success) {
    return { ...out, usage: `--trust must be trust, ignore or cap, not "${out.trust}"` };
  }
  return { ...out, file: files[0] };
}

/** The rows `mcptest classify` prints, in input order: class and source under `policy`, decisions in both contexts. */
export function classifyRows(
  tools: readonly ToolDescriptor[],
  policy: ExecPolicy,
): (ClassifyRow & { reason: string })[] {
  return tools.map((tool) => {
    const classification = classifyTool(tool, policy);
    return {
      name: tool.name,
      class: classification.class,
      source: classification.source,
      live: decide(classification.class, 'live', policy).decision,
      generate: decide(classification.class, 'generate', policy).decision,
      reason: classification.reason,
    };
  });
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, c) => (c === cells.length - 1 ? cell : cell.padEnd(widths[c] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].map((l) => `${l}\n`).join('');
}

/** Runs `mcptest classify`; returns output instead of printing, like every command. */
export async function classifyCommand(args: readonly string[]): Promise<CliResult> {
  const parsed = parseArgs(args);
  if (parsed.help) return { exitCode: 0, stdout: CLASSIFY_USAGE, stderr: '' };
  if (parsed.usage !== undefined || parsed.file === undefined) {
    return {
      exitCode: 2,
      stdout: '',
      stderr: `mcptest classify: ${parsed.usage ?? 'no tools file given'}\n\n${CLASSIFY_USAGE}`,
    };
  }
  const read = await readToolsFile('classify', parsed.file);
  if (!read.ok) return read.result;

  const policy = ExecPolicy.parse({ annotation_trust: parsed.trust });
  const rows = classifyRows(read.tools, policy);
  if (parsed.json) {
    const json: ClassifyRow[] = rows.map(({ name, class: cls, source, live, generate }) => ({
      name,
      class: cls,
      source,
      live,
      generate,
    }));
    return { exitCode: 0, stdout: `${JSON.stringify(json, null, 2)}\n`, stderr: '' };
  }
  if (rows.length === 0) return { exitCode: 0, stdout: 'no tools\n', stderr: '' };
  const counts = (['ReadOnly', 'ReadOnlyPresumed', 'Mutating', 'Destructive'] as const)
    .map((cls) => [cls, rows.filter((r) => r.class === cls).length] as const)
    .filter(([, n]) => n > 0)
    .map(([cls, n]) => `${n} ${cls}`);
  const stdout =
    table(
      ['NAME', 'CLASS', 'SOURCE', 'LIVE', 'GENERATE', 'WHY'],
      rows.map((r) => [r.name, r.class, r.source, r.live, r.generate, r.reason]),
    ) +
    `\n${rows.length} tool${rows.length === 1 ? '' : 's'}: ${counts.join(', ')} (annotation trust: ${policy.annotation_trust})\n`;
  return { exitCode: 0, stdout, stderr: '' };
}
