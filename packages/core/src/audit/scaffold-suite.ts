import { stringify } from 'yaml';
import { resultText } from '../check/result-text';
import type { ToolCallResultData } from '../check/tool-observation';
import type { ToolClassification } from '../policy/classify-tool';
import { REVIEW_BEFORE_FIRST_RUN, type ExecDecision } from '../policy/decide';
import { shouldRedact } from '../policy/result-sensitivity';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { assertNever } from '../result/run-result';
import type { AuditOutcomeKind } from './classify-audit-outcome';

/**
 * First line of a scaffolded test for a tool that may be called at most once per run (ExecuteOnce: Mutating, or
 * Destructive under execute_destructive). Runners must not run it in parallel with others, repeat it across trials or
 * retry it; people reading the file see why.
 */
export const SCAFFOLD_SERIAL_MARKER =
  '# serial: mutating tool, run at most once per run (no retries, trials or parallel runs)';

/** The `skip:` reason written into tests of GenerateOnly tools, so they stay inert until someone has reviewed them. */
export const REVIEW_SKIP_REASON = 'review before first run: check the arguments, then delete this skip line';

/** Longest result text copied into a `contains` expectation. */
const MAX_CONTAINS_LENGTH = 120;

/** Text that differs between calls: dates, times, UUIDs, long hex or digit runs (ids, timestamps, counters). */
const VOLATILE = [
  /\d{4}-\d{2}-\d{2}/,
  /\d{1,2}:\d{2}/,
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
  /\b[0-9a-f]{8,}\b/i,
  /\d{4,}/,
  /\d+\.\d+/,
];

export interface ScaffoldServer {
  url: string;
  transport: 'auto' | 'http' | 'sse';
  /** Names of the headers the audit sent; their values are never written (they may hold secrets). */
  headerNames?: readonly string[];
}

export interface ScaffoldSuiteInput {
  tool: ToolDescriptor;
  classification: ToolClassification;
  /** `decide(class, 'generate', policy)`: GenerateOnly gets the review line, ExecuteOnce the serial marker. */
  decision: ExecDecision;
  /** The arguments the audit used (or would have used). */
  args: Record<string, unknown>;
  /** Notes from argument synthesis (placeholders that may be rejected); written as comments. */
  argumentNotes?: readonly string[];
  /** Why arguments could not be synthesized; the test then has `args: {}` and says so. */
  argumentsProblem?: string;
  /** What the audit's valid probe saw, when it called the tool. */
  observed?: { outcome: AuditOutcomeKind; result?: ToolCallResultData };
  /** Written as the test's `server:` block (without credentials) so `mcptest run DIR` works without `--url`. */
  server?: ScaffoldServer;
  /** Default 30 s. */
  timeoutMs?: number;
  /**
   * Why the test is held for review although the policy would run it (a starter suite holds every tool that is not
   * read-only, and read-only guesses whose description speaks of changing state): it gets the review line and `skip:`
   * as a GenerateOnly test does, and this reason as a comment.
   */
  review?: string;
}

export interface ScaffoldedFile {
  /** `<tool>.yaml`, the name made safe for every file system (see `scaffoldFileName`). */
  fileName: string;
  yaml: string;
}

/**
 * `<tool>.yaml` with every character outside `A-Z a-z 0-9 _ -` replaced by `_` (so `repo.delete` and `a/b` cannot
 * reach outside the output directory or hide as a dot file). `dedupeScaffoldFileNames` resolves collisions.
 */
export function scaffoldFileName(toolName: string): string {
  const safe = toolName.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 120);
  return `${safe === '' ? 'tool' : safe}.yaml`;
}

/**
 * Makes file names unique, case-insensitively (macOS and Windows file systems fold case): the second `a_b.yaml`
 * becomes `a_b-2.yaml`. Keeps order; the first of each name keeps it unchanged.
 */
export function dedupeScaffoldFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const stem = name.replace(/\.yaml$/, '');
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}.yaml`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** A comment line: newlines folded, so nothing a server wrote can end the comment and inject YAML. */
function comment(text: string): string {
  return `# ${text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim()}`;
}

/**
 * The result text, when it is short, single-line and free of values that change between calls; else undefined.
 * Conservative on purpose: a scaffolded test that fails on its first run teaches people to ignore it.
 */
export function stableResultSnippet(result: ToolCallResultData): string | undefined {
  const blocks = result.content ?? [];
  if (blocks.length !== 1 || blocks[0]?.type !== 'text') return undefined;
  const text = resultText(result).trim();
  if (text === '' || text.length > MAX_CONTAINS_LENGTH || /[\r\n]/.test(text)) return undefined;
  if (VOLATILE.some((pattern) => pattern.test(text))) return undefined;
  return text;
}

/** The server block as written: the URL without user info or query (both can hold credentials). */
function serverBlock(server: ScaffoldServer): { block: Record<string, unknown>; notes: string[] } {
  const notes: string[] = [];
  let url = server.url;
  try {
    const parsed = new URL(server.url);
    if (parsed.username !== '' || parsed.password !== '') {
      parsed.username = '';
      parsed.password = '';
      notes.push('the user info of the URL was left out (it may hold credentials)');
    }
    if (parsed.search !== '') {
      parsed.search = '';
      notes.push(
        'the query string of the URL was left out (it may hold credentials); add it back if the server needs it',
      );
    }
    url = parsed.toString();
  } catch {
    // Not a URL the audit could have used; written as given.
  }
  if (server.headerNames !== undefined && server.headerNames.length > 0) {
    notes.push(
      `the audit sent the headers ${server.headerNames.join(', ')}; add them under server.headers with \${ENV} placeholders (values are never written)`,
    );
  }
  return { block: { transport: server.transport, url }, notes };
}

function describeDecision(decision: ExecDecision): string {
  switch (decision.decision) {
    case 'Execute':
      return 'safe to run freely';
    case 'ExecuteOnce':
      return 'runs at most once per run';
    case 'GenerateOnly':
      return 'not run by the audit; review this test before running it';
    case 'Refuse':
      return 'never called';
    default:
      return assertNever(decision.decision);
  }
}

/**
 * One starter test for one tool, in the suite format (loads with `loadSuite`; mcp-assert's single-assertion layout).
 * - GenerateOnly (Destructive): the first line is `# review before first run`, and `skip:` keeps the test inert
 *   until someone has checked its arguments and deleted that line.
 * - ExecuteOnce (Mutating): the first line is `SCAFFOLD_SERIAL_MARKER`.
 * Expectations: `not_error: true` always (the test states the intended call); `contains` with the observed result text
 * only when the audit's valid probe was healthy, the tool is plain Execute, its results are not marked sensitive, and
 * the text is short and free of volatile values (see `stableResultSnippet`).
 */
export function scaffoldSuite(input: ScaffoldSuiteInput): ScaffoldedFile {
  const { tool, classification, decision, args, observed } = input;
  const header: string[] = [];
  const held = decision.decision === 'GenerateOnly' || input.review !== undefined;
  if (held) header.push(REVIEW_BEFORE_FIRST_RUN);
  if (decision.decision === 'ExecuteOnce') header.push(SCAFFOLD_SERIAL_MARKER);
  header.push(
    comment(
      `Scaffolded by mcptest audit. ${tool.name}: ${classification.class} by ${classification.source} (${classification.reason}); ${describeDecision(decision)}.`,
    ),
  );
  if (input.review !== undefined) header.push(comment(`held for review: ${input.review}`));
  if (input.argumentsProblem !== undefined) {
    header.push(comment(`arguments could not be made up (${input.argumentsProblem}); fill in args by hand`));
  }
  for (const note of input.argumentNotes ?? []) header.push(comment(`check: ${note}`));
  if (observed !== undefined && observed.outcome !== 'healthy') {
    header.push(
      comment(
        `the audit's call with these arguments ended as ${observed.outcome}; replace the placeholder values before relying on this test`,
      ),
    );
  }

  const expect: Record<string, unknown> = { not_error: true };
  if (
    decision.decision === 'Execute' &&
    observed?.outcome === 'healthy' &&
    observed.result !== undefined &&
    !shouldRedact(tool)
  ) {
    const snippet = stableResultSnippet(observed.result);
    if (snippet !== undefined) expect.contains = [snippet];
  }

  const document: Record<string, unknown> = { name: `${tool.name} responds without error` };
  if (input.server !== undefined) {
    const { block, notes } = serverBlock(input.server);
    for (const note of notes) header.push(comment(note));
    document.server = block;
  }
  if (held) document.skip = REVIEW_SKIP_REASON;
  document.assert = { tool: tool.name, args, expect };
  document.timeout = `${Math.max(1, Math.round((input.timeoutMs ?? 30_000) / 1000))}s`;

  const body = stringify(document, { lineWidth: 0 });
  return { fileName: scaffoldFileName(tool.name), yaml: `${header.join('\n')}\n${body}` };
}
