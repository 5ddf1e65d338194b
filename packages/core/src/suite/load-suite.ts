import type { WireSchemaMode } from '../wire/wire-finding';
import type { ConformanceOptions } from '../conformance/conformance-types';
import type { SloConfig } from '../slo/slo-schema';
import type { AuthPostureOptions } from '../auth-posture/auth-posture-types';
import type { SuitePolicy } from '../policy/exec-policy-schema';
import type { ProtocolChoice } from '../protocol/protocol-choice';
import { type Document } from 'yaml';
import { type z } from 'zod';
import { EXPECT_KEYS } from '../check/expect-schema';
import { type Trace, type Trajectory, TRAJECTORY_ASSERTION_TYPES } from '../trajectory/trajectory-schema';
import { isRecord } from '../util/is-record';
import { formatSuitePath } from '../yaml/format-suite-path';
import { documentStart, locateKey, locatePath } from '../yaml/locate-path';
import {
  type ErrorSink,
  internalLoadError,
  type LocatedError,
  MAX_LOCATED_ERRORS,
  parseLocatedYaml,
} from '../yaml/located-yaml';
import { hasKey as has, valueAt } from '../yaml/value-at';
import { type AnySchema, defOf, EXPECTED_TYPE_NAMES, unwrapSchema } from '../yaml/zod-shape';
import { describeLocalFileUse, findLocalFileUses, LOCAL_FILES_HINT } from './local-file-uses';
import { suggestKey } from './suggest-key';
import {
  SUITE_BLOCK_KEYS,
  AssertionDocument,
  type SuiteClientCapabilities,
  type CompletionAssertBlock,
  describeSuiteValue,
  type LoggingAssertBlock,
  type NotificationsAssertBlock,
  type PromptsAssertBlock,
  type ResourcesAssertBlock,
  type SamplingAssertBlock,
  type SuiteSetupStep,
  type SuitePin,
  SuiteDocument,
  SuiteServerSchema,
  type SuiteTransport,
  type ToolAssertBlock,
  SUITE_TRAJECTORY_KEYS,
} from './suite-schema';

/** Timeout of an assertion when neither it nor its suite sets one (mcp-assert's default). */
export const DEFAULT_ASSERTION_TIMEOUT_MS = 30_000;

/** A YAML or schema error, located in the file. Lines and columns are 1-based (the located-YAML engine's shape). */
export type SuiteError = LocatedError;

export interface LoadSuiteOptions {
  /**
   * Report every key that reads the runner's local files (`file_*` expectations, `audit_log`, `fixture`,
   * `{{fixture}}`) as an error: hosted suites run on a shared worker, whose files are not the tenant's.
   */
  refuseLocalFiles?: boolean;
}

/** A normalized server block: defaults applied, `${VAR}` placeholders kept raw for the run-time templating. */
export interface SuiteServer {
  /** `stdio` when a command is given and no transport; `auto` (Streamable HTTP, then SSE) when none is given. */
  transport: SuiteTransport;
  /** The protocol era or revision; `auto` when none is given. */
  protocol: ProtocolChoice;
  command?: string;
  args: string[];
  env: Record<string, string>;
  url?: string;
  headers: Record<string, string>;
  /** mcp-assert's Docker image; carried through, not used by mcptest. */
  docker?: string;
  clientCapabilities?: SuiteClientCapabilities;
}

/** The trajectory block: the three keys `trace` / `audit_log` / `trajectory` taken together. */
export interface TrajectoryBlock {
  trace?: Trace;
  audit_log?: string;
  trajectory: Trajectory;
}

/** The one block of an assertion, discriminated by its YAML key (`trajectory` for the trajectory keys). */
export type LoadedAssertionBlock =
  | { kind: 'assert'; block: ToolAssertBlock }
  | { kind: 'assert_resources'; block: ResourcesAssertBlock }
  | { kind: 'assert_prompts'; block: PromptsAssertBlock }
  | { kind: 'assert_completion'; block: CompletionAssertBlock }
  | { kind: 'assert_sampling'; block: SamplingAssertBlock }
  | { kind: 'assert_logging'; block: LoggingAssertBlock }
  | { kind: 'assert_notifications'; block: NotificationsAssertBlock }
  | { kind: 'trajectory'; block: TrajectoryBlock };

export type AssertionKind = LoadedAssertionBlock['kind'];

/** One assertion, ready to run: its block plus the suite defaults merged in. */
export type LoadedAssertion = LoadedAssertionBlock & {
  /** `<file>#<name>`: stable while the assertion keeps its name (names are unique within a file). */
  key: string;
  /** Unique within the file: a repeated name gets " (2)", " (3)". Defaults to the file name without extension. */
  name: string;
  file: string;
  /** Where the assertion starts (its document, or its item of `assertions:`). */
  line: number;
  column: number;
  /**
   * The assertion's server, else the suite's (not for trajectory assertions, which call no server); absent when
   * neither sets one (`--url` or the hosted server supplies it).
   */
  server?: SuiteServer;
  /** The suite's setup steps (not for trajectory assertions), then the assertion's own. */
  setup: SuiteSetupStep[];
  timeoutMs: number;
  /** Present when the assertion (or its suite) is skipped unconditionally. */
  skip?: { reason: string };
  /** Environment variables that must all be set (non-empty) for the assertion to run; the suite's first. */
  skipUnlessEnv: string[];
  /** `setup`: a fixture the others need, run in the first phase (docs/health.md#coverage-and-risk-phases). */
  phase?: 'setup';
};

export interface LoadedSuite {
  /** The suite's `name`, else the file name without extension. */
  name: string;
  file: string;
  /** The suite-level default server (suite files only). */
  server?: SuiteServer;
  /** The suite-level default timeout, or DEFAULT_ASSERTION_TIMEOUT_MS. */
  timeoutMs: number;
  /** The suite's default fixture directory as written (relative to the file); the CLI resolves it. */
  fixture?: string;
  /** The suite's policy opt-ins (suite files only), merged with the tenant's policy at run time. */
  policy?: SuitePolicy;
  /** The suite's `wire_schema:` (suite files only); absent means DEFAULT_WIRE_SCHEMA_MODE. */
  wireSchema?: WireSchemaMode;
  /** The suite's `conformance:` block with its defaults (suite files only): the checks run once per suite run. */
  conformance?: ConformanceOptions;
  /** The suite's `auth_posture:` block with its defaults (suite files only): the check runs once per suite run. */
  authPosture?: AuthPostureOptions;
  /** The suite's `slo:` block, normalized (suite files only): judged by hosted runs when they finish. */
  slo?: SloConfig;
  /** The suite's `pin:` (suite files only): runs compare the server's surface with the approved one. */
  pin?: SuitePin;
  /** The suite's `order:`; absent means `risk` (assertions run by risk phase, reported in the order written). */
  order?: 'risk' | 'as_written';
  /** Empty only when the suite has a `conformance:` or `auth_posture:` block. */
  assertions: LoadedAssertion[];
}

export type LoadSuiteResult = { ok: true; suite: LoadedSuite } | { ok: false; errors: SuiteError[] };

type Segment = string | number;

const LINE_BREAKS: Readonly<Record<string, string>> = {
  '\r': '\\r',
  '\n': '\\n',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * `file:line:col: message (hint)`, the form editors and CI annotations understand: always one line, since messages
 * quote keys and values from the file, which may hold line breaks (escaped here as `\n`; fuzzing found them).
 */
export function formatSuiteError(error: SuiteError): string {
  const text = `${error.file}:${error.line}:${error.column}: ${error.message}${error.hint ? ` (${error.hint})` : ''}`;
  return text.replace(/[\r\n\u2028\u2029]/g, (c) => LINE_BREAKS[c] ?? c);
}

/** The file name without directories and without a .yaml/.yml extension. */
function fileStem(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  const stem = base.replace(/\.ya?ml$/i, '');
  return stem === '' ? 'suite' : stem;
}

/** Errors reported per file at most (the located-YAML engine's bound). */
export const MAX_SUITE_ERRORS = MAX_LOCATED_ERRORS;

// --- schema introspection, for the keys allowed where an unknown key was found ---------------------------------

/** The object schemas that can apply at `path` of `value` (unions: the options matching the discriminator). */
function schemasAt(schema: AnySchema, path: readonly Segment[], value: unknown): AnySchema[] {
  let level: AnySchema[] = [schema];
  let current = value;
  for (const segment of [...path, undefined]) {
    const expanded: AnySchema[] = [];
    for (const candidate of level.map(unwrapSchema)) {
      const def = defOf(candidate);
      if (def.type !== 'union') {
        expanded.push(candidate);
        continue;
      }
      const options = (def.options as AnySchema[]).map(unwrapSchema);
      const discriminator = typeof def.discriminator === 'string' ? def.discriminator : undefined;
      const wanted = discriminator !== undefined && isRecord(current) ? current[discriminator] : undefined;
      const matching = options.filter((option) => {
        const shape = defOf(option).shape as Record<string, AnySchema> | undefined;
        const field = discriminator !== undefined && shape ? shape[discriminator] : undefined;
        const values = field ? (defOf(field).values as unknown[] | undefined) : undefined;
        return values?.includes(wanted) ?? false;
      });
      expanded.push(...(matching.length > 0 ? matching : options));
    }
    if (segment === undefined) return expanded;
    const next: AnySchema[] = [];
    for (const candidate of expanded) {
      const def = defOf(candidate);
      if (def.type === 'object') {
        const child = (def.shape as Record<string, AnySchema>)[String(segment)];
        if (child) next.push(child);
      } else if (def.type === 'array') next.push(def.element as AnySchema);
      else if (def.type === 'record') next.push(def.valueType as AnySchema);
    }
    level = next;
    current = valueAt(current, [segment]);
  }
  return level;
}

function knownKeysAt(schema: AnySchema, path: readonly Segment[], value: unknown): string[] {
  const keys = new Set<string>();
  for (const candidate of schemasAt(schema, path, value)) {
    const def = defOf(candidate);
    if (def.type === 'object') for (const key of Object.keys(def.shape as object)) keys.add(key);
  }
  return [...keys];
}

// --- zod issues -> located errors -----------------------------------------------------------------------------

const SERVER_KEYS = Object.keys(SuiteServerSchema.shape);
const BLOCK_AND_TRAJECTORY_KEYS: readonly string[] = [...SUITE_BLOCK_KEYS, ...SUITE_TRAJECTORY_KEYS];

function quoteList(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}

function unknownKeyHint(key: string, known: readonly string[]): string {
  if (EXPECT_KEYS.includes(key) && known.includes('expect') && !known.includes('assertions')) {
    return `\`${key}\` is an expectation: move it under \`expect:\``;
  }
  if (BLOCK_AND_TRAJECTORY_KEYS.includes(key) && known.includes('assertions')) {
    return `in a suite file, blocks go inside the items of \`assertions:\``;
  }
  if (key === 'assertions') return 'suites do not nest: `assertions:` belongs at the top of a suite file';
  if (SERVER_KEYS.includes(key) && known.includes('server')) return `\`${key}\` belongs under \`server:\``;
  const suggestion = suggestKey(key, known);
  if (suggestion !== undefined) return `did you mean \`${suggestion}\`?`;
  return `allowed here: ${known.join(', ')}`;
}

function typeHint(expected: string, value: unknown, key: Segment | undefined): string | undefined {
  if (expected === 'boolean' && typeof value === 'string' && /^(true|false|yes|no|on|off)$/i.test(value.trim())) {
    return 'write true or false, without quotes';
  }
  if (expected === 'number' && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return 'write the number without quotes';
  }
  if (expected === 'array' && (typeof value === 'string' || typeof value === 'number')) {
    return `write a list, e.g. ${typeof key === 'string' ? `${key}: ` : ''}[${JSON.stringify(value)}]`;
  }
  return undefined;
}

function expectedTypes(issue: z.core.$ZodIssue): string[] | undefined {
  if (issue.code === 'invalid_type') return [issue.expected];
  if (issue.code !== 'invalid_union') return undefined;
  const types: string[] = [];
  for (const branch of issue.errors) {
    for (const inner of branch) {
      if (inner.path.length !== 0) return undefined;
      const nested = expectedTypes(inner);
      if (!nested) return undefined;
      types.push(...nested);
    }
  }
  return types;
}

function sizeMessage(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): string {
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive !== false;
  if (issue.origin === 'array' || issue.origin === 'set') {
    if (small && Number(limit) === 1) return 'must not be empty';
    return `must have ${small ? 'at least' : 'at most'} ${String(limit)} item(s)`;
  }
  if (issue.origin === 'string') {
    if (small && Number(limit) === 1) return 'must not be empty';
    return `must be ${small ? 'at least' : 'at most'} ${String(limit)} characters`;
  }
  const op = small ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<';
  return `must be ${op} ${String(limit)}`;
}

function addIssue(
  sink: ErrorSink,
  doc: Document,
  schema: AnySchema,
  root: unknown,
  base: readonly Segment[],
  issue: z.core.$ZodIssue,
): void {
  if (sink.full) {
    sink.noteOverflow(locatePath(doc, base).offset);
    return;
  }
  const path = [...base, ...(issue.path as Segment[])];
  const label = formatSuitePath(path);
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];

  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(schema, path, root);
    const where = label === '' ? 'at the top level' : `in \`${label}\``;
    for (const key of issue.keys) {
      if (sink.full) {
        sink.noteOverflow(locatePath(doc, path).offset);
        return;
      }
      const offset = locateKey(doc, path, key) ?? locatePath(doc, path).offset;
      sink.add(offset, [...path, key], `unknown key \`${key}\` ${where}`, unknownKeyHint(key, known));
    }
    return;
  }

  // A required field that is absent: say so, at the parent (zod reports it as a type error on `undefined`).
  if (last !== undefined && typeof last === 'string' && !has(valueAt(root, parentPath), last)) {
    const parent = valueAt(root, parentPath);
    if (isRecord(parent)) {
      const where = parentPath.length === 0 ? '' : ` in \`${formatSuitePath(parentPath)}\``;
      const parentAt = locatePath(doc, parentPath);
      sink.add(parentAt.keyOffset ?? parentAt.offset, path, `missing required key \`${last}\`${where}`);
      return;
    }
  }

  const value = valueAt(root, path);
  const { offset } = locatePath(doc, path);
  const at = label === '' ? '' : `\`${label}\`: `;
  const got = describeSuiteValue(value);

  switch (issue.code) {
    case 'invalid_type':
      sink.add(
        offset,
        path,
        `${at}expected ${EXPECTED_TYPE_NAMES[issue.expected] ?? issue.expected}, got ${got}`,
        typeHint(issue.expected, value, last),
      );
      return;
    case 'invalid_value': {
      const suggestion = typeof value === 'string' ? suggestKey(value, issue.values.map(String)) : undefined;
      sink.add(
        offset,
        path,
        `${at}expected one of ${quoteList(issue.values)}, got ${typeof value === 'string' ? `"${value}"` : got}`,
        suggestion === undefined ? undefined : `did you mean \`${suggestion}\`?`,
      );
      return;
    }
    case 'invalid_union': {
      if ((issue as { discriminator?: unknown }).discriminator !== undefined) {
        const options = ((issue as { options?: unknown[] }).options ?? TRAJECTORY_ASSERTION_TYPES) as unknown[];
        const suggestion = typeof value === 'string' ? suggestKey(value, options.map(String)) : undefined;
        sink.add(
          offset,
          path,
          `${at}expected one of ${quoteList(options)}, got ${typeof value === 'string' ? `"${value}"` : got}`,
          suggestion === undefined ? undefined : `did you mean \`${suggestion}\`?`,
        );
        return;
      }
      const types = expectedTypes(issue);
      if (types) {
        const names = [...new Set(types.map((t) => EXPECTED_TYPE_NAMES[t] ?? t))];
        sink.add(offset, path, `${at}expected ${names.join(' or ')}, got ${got}`);
        return;
      }
      // Report the branch that got furthest (its issues are the informative ones).
      const branches = [...issue.errors].sort((a, b) => depth(b) - depth(a));
      for (const inner of branches[0] ?? []) addIssue(sink, doc, schema, root, path, inner);
      if ((branches[0] ?? []).length === 0) sink.add(offset, path, `${at}invalid value`);
      return;
    }
    case 'too_small':
    case 'too_big':
      sink.add(offset, path, `${at}${sizeMessage(issue)}`);
      return;
    case 'invalid_key': {
      const keyOffset = typeof last === 'string' ? locateKey(doc, parentPath, last) : undefined;
      sink.add(
        keyOffset ?? offset,
        path,
        `\`${formatSuitePath(parentPath)}\`: invalid name \`${String(last)}\``,
        'a capture name is letters, digits and _, not starting with a digit, and is used as {{name}}',
      );
      return;
    }
    case 'invalid_format':
      sink.add(offset, path, `${at}${issue.message}`);
      return;
    case 'custom': {
      const hint = (issue.params as { hint?: unknown } | undefined)?.hint;
      sink.add(offset, path, `${at}${issue.message}`, typeof hint === 'string' ? hint : undefined);
      return;
    }
    default:
      sink.add(offset, path, `${at}${issue.message}`);
  }
}

/** How far a union branch got: deeper issues, and issues other than a plain type mismatch, mean a closer match. */
function depth(issues: readonly z.core.$ZodIssue[]): number {
  return Math.max(0, ...issues.map((i) => i.path.length + (i.code === 'invalid_type' ? 0 : 0.5)));
}

// --- rules across fields -----------------------------------------------------------------------------------------

/** Exactly one block; the trajectory keys form one block and need both a source and `trajectory`. */
function checkBlocks(sink: ErrorSink, doc: Document, value: Record<string, unknown>, base: readonly Segment[]): void {
  const present: string[] = SUITE_BLOCK_KEYS.filter((key) => has(value, key));
  const trajectoryKeys = SUITE_TRAJECTORY_KEYS.filter((key) => has(value, key));
  if (trajectoryKeys.length > 0) present.push(trajectoryKeys[0] ?? 'trajectory');
  const keyOffset = (key: string): number => locateKey(doc, base, key) ?? locatePath(doc, base).offset;
  const lineOf = (key: string): number => sink.lineOf(keyOffset(key));

  if (present.length === 0) {
    sink.add(
      locatePath(doc, base).offset,
      base,
      `${base.length === 0 ? '' : `\`${formatSuitePath(base)}\`: `}no assertion block`,
      `add one of ${SUITE_BLOCK_KEYS.join(', ')}, or trace/audit_log with trajectory`,
    );
  }
  // Ordered by position so "already has" names the one written first.
  const ordered = [...present].sort((a, b) => keyOffset(a) - keyOffset(b));
  const first = ordered[0];
  for (const key of ordered.slice(1)) {
    sink.add(
      keyOffset(key),
      [...base, key],
      `an assertion has exactly one block, and this one already has \`${first ?? ''}\` (line ${first === undefined ? '?' : lineOf(first)})`,
      'split it into separate assertions; a suite file holds several under `assertions:`',
    );
  }

  if (trajectoryKeys.length > 0) {
    if (!has(value, 'trajectory')) {
      const key = trajectoryKeys[0] ?? 'trace';
      sink.add(
        keyOffset(key),
        [...base, key],
        `\`${key}\` needs a \`trajectory:\` list of checks`,
        'e.g. trajectory: [{type: presence, tools: [my_tool]}]',
      );
    } else if (!has(value, 'trace') && !has(value, 'audit_log')) {
      sink.add(
        keyOffset('trajectory'),
        [...base, 'trajectory'],
        '`trajectory` needs a `trace:` (inline tool calls) or an `audit_log:` (JSONL file) to check',
      );
    }
  }

  const resources = value.assert_resources;
  if (isRecord(resources)) {
    const at = [...base, 'assert_resources'];
    if (!has(resources, 'list') && !has(resources, 'read') && !has(resources, 'subscribe')) {
      sink.add(keyOffset('assert_resources'), at, '`assert_resources` needs `list`, `read` or `subscribe`');
    } else if (has(resources, 'list') && has(resources, 'read')) {
      sink.add(
        locateKey(doc, at, 'read') ?? keyOffset('assert_resources'),
        [...at, 'read'],
        '`assert_resources` takes `list` or `read`, not both',
        'split it into two assertions',
      );
    }
  }
  const prompts = value.assert_prompts;
  if (isRecord(prompts)) {
    const at = [...base, 'assert_prompts'];
    if (!has(prompts, 'list') && !has(prompts, 'get')) {
      sink.add(keyOffset('assert_prompts'), at, '`assert_prompts` needs `list` or `get`');
    } else if (has(prompts, 'list') && has(prompts, 'get')) {
      sink.add(
        locateKey(doc, at, 'get') ?? keyOffset('assert_prompts'),
        [...at, 'get'],
        '`assert_prompts` takes `list` or `get`, not both',
        'split it into two assertions',
      );
    }
  }
  const server = value.server;
  if (isRecord(server) && typeof server.transport === 'string' && server.transport.trim().toLowerCase() === 'stdio') {
    if (!has(server, 'command')) {
      sink.add(keyOffset('server'), [...base, 'server', 'command'], 'a stdio server needs a `command`');
    }
  }
}

// --- normalization ---------------------------------------------------------------------------------------------

function normalizeServer(server: z.output<typeof SuiteServerSchema> | null | undefined): SuiteServer | undefined {
  if (!server) return undefined;
  const transport: SuiteTransport = server.transport ?? (server.command !== undefined ? 'stdio' : 'auto');
  return {
    transport,
    protocol: server.protocol ?? 'auto',
    ...(server.command === undefined ? {} : { command: server.command }),
    args: server.args ?? [],
    env: server.env ?? {},
    ...(server.url === undefined ? {} : { url: server.url }),
    headers: server.headers ?? {},
    ...(server.docker === undefined ? {} : { docker: server.docker }),
    ...(server.client_capabilities === undefined ? {} : { clientCapabilities: server.client_capabilities }),
  };
}

function blockOf(doc: AssertionDocument): LoadedAssertionBlock | undefined {
  if (doc.assert) return { kind: 'assert', block: doc.assert };
  if (doc.assert_resources) return { kind: 'assert_resources', block: doc.assert_resources };
  if (doc.assert_prompts) return { kind: 'assert_prompts', block: doc.assert_prompts };
  if (doc.assert_completion) return { kind: 'assert_completion', block: doc.assert_completion };
  if (doc.assert_sampling) return { kind: 'assert_sampling', block: doc.assert_sampling };
  if (doc.assert_logging) return { kind: 'assert_logging', block: doc.assert_logging };
  if (doc.assert_notifications) return { kind: 'assert_notifications', block: doc.assert_notifications };
  if (doc.trajectory) {
    return {
      kind: 'trajectory',
      block: {
        trajectory: doc.trajectory,
        ...(doc.trace === undefined ? {} : { trace: doc.trace }),
        ...(doc.audit_log === undefined ? {} : { audit_log: doc.audit_log }),
      },
    };
  }
  return undefined;
}

interface SuiteDefaults {
  server?: SuiteServer | undefined;
  setup: SuiteSetupStep[];
  timeoutMs?: number;
  skip?: string;
  skipUnlessEnv: string[];
}

interface PendingAssertion {
  doc: AssertionDocument;
  offset: number;
  defaults: SuiteDefaults;
}

const NO_DEFAULTS: SuiteDefaults = { setup: [], skipUnlessEnv: [] };

/** Gives repeated names " (2)", " (3)", ..., skipping any suffix another assertion already uses. */
function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set(names);
  const seen = new Set<string>();
  // The next suffix to try per name: restarting at 2 for each repeat was quadratic in the number of repeats.
  const nextSuffix = new Map<string, number>();
  return names.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let n = nextSuffix.get(name) ?? 2;
    while (taken.has(`${name} (${n})`) || seen.has(`${name} (${n})`)) n++;
    nextSuffix.set(name, n + 1);
    const unique = `${name} (${n})`;
    seen.add(unique);
    return unique;
  });
}

// --- the loader ------------------------------------------------------------------------------------------------

function loadUnsafe(text: string, file: string, options: LoadSuiteOptions): LoadSuiteResult {
  const { lines, sink, documents: docs, valueOf } = parseLocatedYaml(text, file);
  const pending: PendingAssertion[] = [];
  let suiteInfo: { doc: SuiteDocument; defaults: SuiteDefaults } | undefined;
  let suiteDocs = 0;
  let contentDocs = 0;

  for (const doc of docs) {
    const value = valueOf(doc)?.value;
    if (value === null || value === undefined) continue;
    contentDocs++;
    if (!isRecord(value)) {
      sink.add(
        documentStart(doc),
        [],
        `expected a mapping (an assertion with \`name:\` and a block such as \`assert:\`, or a suite with \`assertions:\`), got ${describeSuiteValue(value)}`,
      );
      continue;
    }
    if (options.refuseLocalFiles === true) {
      for (const use of findLocalFileUses(value)) {
        const parent = use.path.slice(0, -1);
        const last = use.path[use.path.length - 1];
        const keyOffset = use.at === 'key' ? locateKey(doc, parent, String(last)) : undefined;
        const offset = keyOffset ?? locatePath(doc, use.path).offset;
        sink.add(offset, use.path, describeLocalFileUse(use), LOCAL_FILES_HINT, 'local_files');
      }
    }

    if (has(value, 'assertions') || has(value, 'conformance') || has(value, 'auth_posture')) {
      suiteDocs++;
      if (suiteDocs > 1 || contentDocs > 1) {
        sink.add(
          documentStart(doc),
          [],
          'a suite file holds one document',
          'put every assertion under one `assertions:`',
        );
        continue;
      }
      const parsed = SuiteDocument.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) addIssue(sink, doc, SuiteDocument, value, [], issue);
      }
      const items = value.assertions;
      if (Array.isArray(items)) {
        items.forEach((item, index) => {
          if (isRecord(item)) checkBlocks(sink, doc, item, ['assertions', index]);
        });
      }
      if (!parsed.success) continue;
      const suite = parsed.data;
      const defaults: SuiteDefaults = {
        setup: suite.setup ?? [],
        skipUnlessEnv: suite.skip_unless_env ?? [],
        ...(suite.server ? { server: normalizeServer(suite.server) } : {}),
        ...(suite.timeout === undefined ? {} : { timeoutMs: suite.timeout }),
        ...(suite.skip === undefined ? {} : { skip: suite.skip }),
      };
      suiteInfo = { doc: suite, defaults };
      (suite.assertions ?? []).forEach((item, index) => {
        pending.push({ doc: item, offset: locatePath(doc, ['assertions', index]).offset, defaults });
      });
    } else {
      if (suiteDocs > 0) {
        sink.add(
          documentStart(doc),
          [],
          'a suite file holds one document',
          'put every assertion under one `assertions:`',
        );
        continue;
      }
      const parsed = AssertionDocument.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) addIssue(sink, doc, AssertionDocument, value, [], issue);
      }
      checkBlocks(sink, doc, value, []);
      if (parsed.success) pending.push({ doc: parsed.data, offset: documentStart(doc), defaults: NO_DEFAULTS });
    }
  }

  if (sink.errors.length === 0 && contentDocs === 0) {
    sink.add(
      0,
      [],
      'empty file: no assertion found',
      'add `name:` and a block such as `assert:`, or `assertions: [...]`',
    );
  }
  if (sink.errors.length > 0) {
    return { ok: false, errors: sink.sorted() };
  }

  const stem = fileStem(file);
  const names = uniqueNames(
    pending.map((p) => (p.doc.name !== undefined && p.doc.name.trim() !== '' ? p.doc.name : stem)),
  );
  const assertions: LoadedAssertion[] = [];
  pending.forEach((p, index) => {
    const block = blockOf(p.doc);
    if (!block) return; // unreachable: checkBlocks reported it
    const name = names[index] ?? stem;
    const pos = lines.linePos(p.offset);
    // A trajectory assertion never contacts a server, so the suite's server and setup are not its defaults.
    const inherits = block.kind !== 'trajectory';
    const server = p.doc.server ? normalizeServer(p.doc.server) : inherits ? p.defaults.server : undefined;
    const skipReason = p.doc.skip ?? p.defaults.skip;
    assertions.push({
      ...block,
      key: `${file}#${name}`,
      name,
      file,
      line: Math.max(1, pos.line),
      column: Math.max(1, pos.col),
      ...(server ? { server } : {}),
      setup: [...(inherits ? p.defaults.setup : []), ...(p.doc.setup ?? [])],
      timeoutMs: p.doc.timeout ?? p.defaults.timeoutMs ?? DEFAULT_ASSERTION_TIMEOUT_MS,
      ...(skipReason === undefined ? {} : { skip: { reason: skipReason } }),
      skipUnlessEnv: [...new Set([...p.defaults.skipUnlessEnv, ...(p.doc.skip_unless_env ?? [])])],
      ...(p.doc.phase === undefined ? {} : { phase: p.doc.phase }),
    });
  });

  const suiteName = suiteInfo?.doc.name;
  return {
    ok: true,
    suite: {
      name: suiteName !== undefined && suiteName.trim() !== '' ? suiteName : stem,
      file,
      ...(suiteInfo?.defaults.server ? { server: suiteInfo.defaults.server } : {}),
      timeoutMs: suiteInfo?.defaults.timeoutMs ?? DEFAULT_ASSERTION_TIMEOUT_MS,
      ...(suiteInfo?.doc.fixture === undefined ? {} : { fixture: suiteInfo.doc.fixture }),
      ...(suiteInfo?.doc.policy === undefined ? {} : { policy: suiteInfo.doc.policy }),
      ...(suiteInfo?.doc.wire_schema === undefined ? {} : { wireSchema: suiteInfo.doc.wire_schema }),
      ...(suiteInfo?.doc.conformance === undefined ? {} : { conformance: suiteInfo.doc.conformance }),
      ...(suiteInfo?.doc.auth_posture === undefined ? {} : { authPosture: suiteInfo.doc.auth_posture }),
      ...(suiteInfo?.doc.slo === undefined ? {} : { slo: suiteInfo.doc.slo }),
      ...(suiteInfo?.doc.pin === undefined ? {} : { pin: suiteInfo.doc.pin }),
      ...(suiteInfo?.doc.order === undefined ? {} : { order: suiteInfo.doc.order }),
      assertions,
    },
  };
}

/**
 * Parses and validates one suite file: one or more single-assertion documents (mcp-assert's format), or one suite
 * document with `assertions:`. Pure and total: it never throws; every YAML or schema problem comes back as a
 * SuiteError located by line and column, all of them at once.
 *
 * @param text the file's content
 * @param file the file's path as it should appear in errors and results (also the source of the default name)
 * @param options `refuseLocalFiles` for suites that run hosted
 */
export function loadSuite(text: string, file: string, options: LoadSuiteOptions = {}): LoadSuiteResult {
  try {
    return loadUnsafe(text, file, options);
  } catch (error) {
    return { ok: false, errors: [internalLoadError(file, error)] };
  }
}
