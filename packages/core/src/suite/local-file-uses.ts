import { mentionsFixture } from '../template/render-template';
import { formatSuitePath } from '../yaml/format-suite-path';
import type { LoadedAssertion } from './load-suite';
import { SUITE_BLOCK_KEYS } from './suite-schema';
import { isRecord } from '../util/is-record';

/*
 * The suite keys that make the machine running a suite read its own disk. On a user's machine (the CLI) that is the
 * point of them; on a hosted worker the disk is the worker's, so a tenant could read /etc/passwd or
 * /proc/self/environ through a result detail. The API refuses them when a suite is saved (loadSuite's
 * `refuseLocalFiles`), and the executor refuses them again when it runs without `allowLocalFiles`.
 */

type Segment = string | number;

/** The expectations that read a file (every other expectation looks only at what the server answered). */
export const LOCAL_FILE_EXPECT_KEYS = [
  'file_contains',
  'file_not_contains',
  'file_not_exists',
  'file_unchanged',
] as const;

/** The end of every refusal, after the key it names. */
export const LOCAL_FILES_REFUSED = "reads the runner's local files; only the CLI may";

/** The loader's hint for a refused key. */
export const LOCAL_FILES_HINT =
  'hosted runs reach the server only through MCP; run this suite with `mcptest run` on your machine to check files';

/** One place where a suite reaches for the runner's files. */
export interface LocalFileUse {
  /**
   * Where, as the loader's error paths (`assertions[0].assert.expect.file_contains`): the key that reads files
   * (`file_*`, `audit_log`, the suite's `fixture`), or the string (or key) holding a `{{fixture}}` placeholder.
   */
  path: Segment[];
  /** `key`: the last segment is a mapping key to point at; `value`: the string at `path`. */
  at: 'key' | 'value';
  /** A `{{fixture}}` placeholder (a path inside the fixture directory, which only the CLI has). */
  placeholder: boolean;
}

/** More are not reported: the loader keeps at most 100 errors per file anyway. */
const MAX_USES = 100;

/**
 * Every local-file use in one parsed YAML document (a suite with `assertions:`, or one assertion).
 * Structural: a `file_contains` inside a tool's `args` is data for the server, not an expectation, and `{{fixture}}`
 * counts only where the executor renders placeholders (setup and block arguments, resource URIs, prompt and completion
 * names and values, stdio arguments, roots), not in texts the checker compares. Total on any value.
 */
export function findLocalFileUses(document: unknown): LocalFileUse[] {
  const out: LocalFileUse[] = [];
  if (!isRecord(document)) return out;
  if (has(document, 'assertions')) {
    if (has(document, 'fixture')) out.push({ path: ['fixture'], at: 'key', placeholder: false });
    sharedUses(document, [], out);
    const items = document.assertions;
    if (Array.isArray(items)) items.forEach((item, index) => assertionUses(item, ['assertions', index], out));
  } else {
    assertionUses(document, [], out);
  }
  return out.slice(0, MAX_USES);
}

/**
 * The first local-file use of a loaded assertion (its suite's setup and server included, as the executor runs it),
 * with a path relative to the assertion (`assert.expect.file_contains`, `audit_log`, `setup[0].args.path`).
 */
export function assertionLocalFileUse(assertion: LoadedAssertion): LocalFileUse | undefined {
  const shape: Record<string, unknown> =
    assertion.kind === 'trajectory' ? { ...assertion.block } : { [assertion.kind]: assertion.block };
  shape.setup = assertion.setup;
  if (assertion.server) {
    shape.server = { args: assertion.server.args, client_capabilities: assertion.server.clientCapabilities };
  }
  const out: LocalFileUse[] = [];
  assertionUses(shape, [], out);
  return out[0];
}

/** "`assert.expect.file_contains` reads the runner's local files; only the CLI may" (or "`{{fixture}}` in `…`"). */
export function describeLocalFileUse(use: LocalFileUse): string {
  const label = formatSuitePath(use.path);
  return use.placeholder
    ? `\`{{fixture}}\` in \`${label}\` ${LOCAL_FILES_REFUSED}`
    : `\`${label}\` ${LOCAL_FILES_REFUSED}`;
}

function assertionUses(assertion: unknown, base: readonly Segment[], out: LocalFileUse[]): void {
  if (!isRecord(assertion)) return;
  sharedUses(assertion, base, out);
  for (const key of SUITE_BLOCK_KEYS) {
    const block = assertion[key];
    if (!has(assertion, key) || !isRecord(block)) continue;
    const expect = block.expect;
    if (isRecord(expect)) {
      for (const name of LOCAL_FILE_EXPECT_KEYS) {
        if (has(expect, name)) out.push({ path: [...base, key, 'expect', name], at: 'key', placeholder: false });
      }
    }
    // The expectations and the sampling mock's reply are compared or returned as written, never rendered.
    for (const [field, value] of Object.entries(block)) {
      if (field === 'expect' || field === 'mock_text' || field === 'mock_model') continue;
      placeholders(value, [...base, key, field], out);
    }
  }
  if (has(assertion, 'audit_log')) out.push({ path: [...base, 'audit_log'], at: 'key', placeholder: false });
}

/** The fields a suite and an assertion share that are rendered: setup arguments, stdio arguments and roots. */
function sharedUses(holder: Record<string, unknown>, base: readonly Segment[], out: LocalFileUse[]): void {
  const setup = holder.setup;
  if (Array.isArray(setup)) {
    setup.forEach((step, index) => {
      if (isRecord(step) && has(step, 'args')) placeholders(step.args, [...base, 'setup', index, 'args'], out);
    });
  }
  const server = holder.server;
  if (isRecord(server)) {
    if (has(server, 'args')) placeholders(server.args, [...base, 'server', 'args'], out);
    const capabilities = server.client_capabilities;
    if (isRecord(capabilities) && has(capabilities, 'roots')) {
      placeholders(capabilities.roots, [...base, 'server', 'client_capabilities', 'roots'], out);
    }
  }
}

function placeholders(value: unknown, path: Segment[], out: LocalFileUse[]): void {
  if (out.length >= MAX_USES) return;
  if (typeof value === 'string') {
    if (mentionsFixture(value)) out.push({ path, at: 'value', placeholder: true });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => placeholders(item, [...path, index], out));
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      // Keys are rendered too (the template renderer walks them), so a `{{fixture}}` key counts.
      if (mentionsFixture(key)) out.push({ path: [...path, key], at: 'key', placeholder: true });
      placeholders(item, [...path, key], out);
    }
  }
}

function has(value: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}
