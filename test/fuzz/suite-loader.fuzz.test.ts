// Fuzzes the suite loader (packages/core loadSuite: what `mcptest validate`, the worker and the API's
// validateSuiteYaml use) with arbitrary text, YAML token soup, arbitrary values serialized as YAML, structural and
// textual mutations of the real suites in test/compat/mcp-assert and examples/, and YAML bombs. Every case runs in a
// worker thread with a deadline, so an input that hangs the loader fails its property instead of freezing the run.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LoadSuiteResult } from '@mcptest/core';
import { build } from 'esbuild';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CreateNodeOptions, type DocumentOptions, parse, stringify, type ToStringOptions } from 'yaml';
import { validateCommand } from '../../packages/cli/src/commands/validate';
import {
  formatSuiteError,
  loadSuite,
  MAX_SUITE_ERRORS,
  type SuiteError,
} from '../../packages/core/src/suite/load-suite';
import { MAX_ALIAS_EXPANSION, MAX_YAML_DEPTH } from '../../packages/core/src/yaml/yaml-guards';
import { ApiError } from '../../apps/web/src/server/api/api-error';
import { validateSuiteYaml } from '../../apps/web/src/server/services/suites/validate-suite-input';
import { FUZZ_TEST_TIMEOUT_MS, fuzzRuns } from './fuzz-config';
import { applyMutations, hostileJson, mutation } from './json-arbitraries';

/**
 * A generous bound that only a hang reaches: the largest input here (600 KB) loads in about 3 s on a loaded 2-core
 * machine. Not a performance assertion.
 */
const HANG_DEADLINE_MS = 30_000;

/** loadSuite in a worker thread, restarted after a deadline expires or the thread dies. */
class LoaderThread {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (r: LoadSuiteResult) => void; reject: (e: Error) => void }>();

  constructor(private readonly bundle: string) {}

  private start(): Worker {
    const worker = new Worker(this.bundle);
    worker.on('message', (message: { id: number; result: LoadSuiteResult }) => {
      this.waiting.get(message.id)?.resolve(message.result);
      this.waiting.delete(message.id);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the loader thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  async load(text: string, file: string): Promise<LoadSuiteResult> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<LoadSuiteResult>((resolve, reject) => {
        this.waiting.set(id, { resolve, reject });
        timer = setTimeout(() => {
          this.waiting.delete(id);
          this.worker = undefined;
          void worker.terminate();
          reject(new Error(`loadSuite hangs: no answer within ${HANG_DEADLINE_MS} ms for ${text.length} characters`));
        }, HANG_DEADLINE_MS);
        worker.postMessage({ id, text, file });
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

let loader: LoaderThread;
let bundleDir: string;

beforeAll(async () => {
  bundleDir = await mkdtemp(path.join(os.tmpdir(), 'mcptest-fuzz-'));
  // CommonJS: yaml is CommonJS and requires `process`, which an ESM bundle cannot.
  const outfile = path.join(bundleDir, 'suite-loader-worker.cjs');
  await build({
    entryPoints: [path.resolve('test/fuzz/suite-loader-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    logLevel: 'silent',
  });
  loader = new LoaderThread(outfile);
});

afterAll(async () => {
  await loader.close();
  await rm(bundleDir, { recursive: true, force: true });
});

/** Every position the loader reports lies inside the text: lines split on \n (as yaml counts them), 1-based. */
function positionChecker(text: string): (line: number, column: number, what: string) => void {
  const lengths = text.split('\n').map((l) => l.length);
  return (line, column, what) => {
    expect(Number.isInteger(line) && line >= 1 && line <= lengths.length, `${what}: line ${line}`).toBe(true);
    const length = lengths[line - 1] ?? 0;
    expect(Number.isInteger(column) && column >= 1 && column <= length + 1, `${what}: column ${column}`).toBe(true);
  };
}

/** The loader's contract, whatever the input: a plain-data suite, or located errors (never its internal-error path). */
function expectContract(text: string, file: string, result: LoadSuiteResult): void {
  const expectInside = positionChecker(text);
  if (result.ok) {
    expect(result.suite.file).toBe(file);
    expect(result.suite.assertions.length).toBeGreaterThan(0);
    for (const a of result.suite.assertions) expectInside(a.line, a.column, `assertion ${a.name}`);
    const names = result.suite.assertions.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    // Plain data: no cycles (JSON.stringify throws on one) and no alias-multiplied bulk.
    expect(JSON.stringify(result.suite).length).toBeLessThan(2_000_000 + 50 * text.length);
    return;
  }
  expect(result.errors.length).toBeGreaterThan(0);
  expect(result.errors.length).toBeLessThanOrEqual(MAX_SUITE_ERRORS + 1);
  for (const error of result.errors) {
    expect(error.file).toBe(file);
    expectInside(error.line, error.column, error.message);
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.message).not.toMatch(/^internal error|call stack/i);
  }
}

async function check(text: string, file = 'fuzz.yaml'): Promise<LoadSuiteResult> {
  const result = await loader.load(text, file);
  expectContract(text, file, result);
  return result;
}

/** The real suites (mcp-assert's corpus) and the mock-server examples, as mutation seeds. */
async function seedFiles(): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = [];
  for (const root of ['test/compat/mcp-assert', 'examples']) {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !/\.ya?ml$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      out.push({ file, text: await readFile(file, 'utf8') });
    }
  }
  return out;
}
const SEEDS = await seedFiles();
const seed = fc.constantFrom(...SEEDS.map((_, i) => i)).map((i) => SEEDS[i] as { file: string; text: string });

/** Pieces of YAML syntax: indicators, anchors and aliases, tags (1.1 types included), directives, odd whitespace. */
const PIECES = [
  'a',
  'name',
  'assert',
  'tool',
  'args',
  'expect',
  'assertions',
  'server',
  'url',
  'trace',
  'trajectory',
  ':',
  ': ',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '- ',
  '[',
  ']',
  '{',
  '}',
  ',',
  '? ',
  '&a ',
  '*a',
  '&b ',
  '*b',
  '<<: ',
  '!!str ',
  '!!int ',
  '!!map ',
  '!!seq ',
  '!!set ',
  '!!omap ',
  '!!binary ',
  '!!timestamp ',
  '!!float ',
  '!local ',
  '!<tag:x> ',
  '"',
  "'",
  '\\',
  '#',
  '|',
  '|-',
  '>+',
  '---\n',
  '...\n',
  '%YAML 1.1\n',
  '%YAML 1.2\n',
  '%TAG ! tag:x,2000:\n',
  '@',
  '`',
  '\ufeff',
  '\u0000',
  '\u2028',
  '\u0085',
  '\ud800',
  '0x1F',
  '.nan',
  '-.inf',
  '~',
  'null',
  'yes',
  '1e9',
  '2001-12-14',
];
const soup = fc.array(fc.constantFrom(...PIECES), { maxLength: 80 }).map((pieces) => pieces.join(''));

/** Text edits of a seed: insert syntax, delete a range, duplicate or swap lines, shift a line's indentation. */
const textEdit = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: soup }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant('dup-line' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap-lines' as const), at: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant('indent' as const), at: fc.nat(), by: fc.integer({ min: -3, max: 3 }) }),
);
type TextEdit = typeof textEdit extends fc.Arbitrary<infer T> ? T : never;

function applyTextEdit(text: string, edit: TextEdit): string {
  const lines = text.split('\n');
  const line = edit.at % Math.max(1, lines.length);
  switch (edit.kind) {
    case 'insert': {
      const at = edit.at % (text.length + 1);
      return text.slice(0, at) + edit.text + text.slice(at);
    }
    case 'delete': {
      const at = edit.at % (text.length + 1);
      return text.slice(0, at) + text.slice(at + edit.length);
    }
    case 'dup-line':
      lines.splice(line, 0, lines[line] ?? '');
      return lines.join('\n');
    case 'swap-lines': {
      const other = edit.other % Math.max(1, lines.length);
      [lines[line], lines[other]] = [lines[other] ?? '', lines[line] ?? ''];
      return lines.join('\n');
    }
    case 'indent': {
      const current = lines[line] ?? '';
      lines[line] = edit.by >= 0 ? ' '.repeat(edit.by) + current : current.replace(new RegExp(`^ {0,${-edit.by}}`), '');
      return lines.join('\n');
    }
  }
}

/** Values of every kind yaml can write (dates, maps, sets, bigints, binary) at suite positions and elsewhere. */
const anyValue = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withTypedArray: true,
  withSparseArray: true,
  withBoxedValues: true,
});
const suiteShaped = fc.oneof(
  anyValue,
  fc.record({ name: fc.string(), assert: fc.record({ tool: fc.string(), args: anyValue, expect: anyValue }) }),
  fc.record({ name: fc.string(), assertions: fc.array(anyValue, { maxLength: 4 }), server: anyValue }),
  fc.record({ trace: anyValue, trajectory: fc.array(anyValue, { maxLength: 3 }) }),
);
const stringifyOptions = fc.record({
  collectionStyle: fc.constantFrom('any' as const, 'block' as const, 'flow' as const),
  aliasDuplicateObjects: fc.boolean(),
  version: fc.constantFrom('1.1' as const, '1.2' as const),
});

/** Stringifies, or undefined for the rare value yaml itself cannot write (that is yaml's business, not ours). */
function toYaml(value: unknown, options: CreateNodeOptions & DocumentOptions & ToStringOptions): string | undefined {
  try {
    return stringify(value, options);
  } catch {
    return undefined;
  }
}

describe('loadSuite, fuzzed', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('returns a suite or located errors for arbitrary text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 })),
        async (text) => {
          await check(text);
        },
      ),
      fuzzRuns(300),
    );
  });

  it('returns a suite or located errors for YAML token soup', async () => {
    await fc.assert(
      fc.asyncProperty(soup, async (text) => {
        await check(text);
      }),
      fuzzRuns(400),
    );
  });

  it('returns a suite or located errors for arbitrary values written as YAML (1.1 and 1.2, flow and block)', async () => {
    await fc.assert(
      fc.asyncProperty(suiteShaped, stringifyOptions, async (value, options) => {
        const text = toYaml(value, options);
        if (text !== undefined) await check(text);
      }),
      fuzzRuns(300),
    );
  });

  it('returns a suite or located errors for structural mutations of the real suites', async () => {
    await fc.assert(
      fc.asyncProperty(
        seed,
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        stringifyOptions,
        async ({ file, text }, mutations, options) => {
          const mutated = toYaml(applyMutations(parse(text) as unknown, mutations), options);
          if (mutated !== undefined) await check(mutated, file);
        },
      ),
      fuzzRuns(300),
    );
  });

  it('returns a suite or located errors for text edits of the real suites', async () => {
    await fc.assert(
      fc.asyncProperty(seed, fc.array(textEdit, { minLength: 1, maxLength: 5 }), async ({ file, text }, edits) => {
        await check(
          edits.reduce((t, e) => applyTextEdit(t, e), text),
          file,
        );
      }),
      fuzzRuns(300),
    );
  });

  it('loads every seed unchanged (so the mutations start from valid suites)', async () => {
    const suites = SEEDS.filter((s) => s.file.startsWith('test/compat'));
    expect(suites.length).toBeGreaterThan(50);
    for (const { file, text } of suites) expect((await check(text, file)).ok, file).toBe(true);
  });
});

/** A line of `depth` nested collections of one style, closed or not. */
const nesting = fc.record({
  depth: fc.integer({ min: 1, max: 20_000 }),
  style: fc.constantFrom('flow-seq', 'flow-map', 'block-seq', 'block-map', 'mixed'),
  closed: fc.boolean(),
  inArgs: fc.boolean(),
});

function nestedText({ depth, style, closed, inArgs }: typeof nesting extends fc.Arbitrary<infer T> ? T : never) {
  let body: string;
  if (style === 'flow-seq') body = '['.repeat(depth) + (closed ? ']'.repeat(depth) : '');
  else if (style === 'flow-map') body = '{a: '.repeat(depth) + '1' + (closed ? '}'.repeat(depth) : '');
  else if (style === 'block-seq') body = '- '.repeat(depth) + 'x';
  else if (style === 'block-map') {
    body = Array.from({ length: Math.min(depth, 2_000) }, (_, i) => `${' '.repeat(i)}k:`).join('\n');
  } else body = '{a: [- '.repeat(depth);
  // Under `args:`, the body starts on its own line, indented below `v:`.
  return inArgs ? `name: deep\nassert:\n  tool: t\n  args:\n    v:\n      ${body.replace(/\n/g, '\n      ')}\n` : body;
}

/** `levels` anchors, each aliasing the one before `width` times: width^levels values once expanded. */
const laughs = fc.record({
  levels: fc.integer({ min: 2, max: 12 }),
  width: fc.integer({ min: 2, max: 12 }),
  asMap: fc.boolean(),
  inArgs: fc.boolean(),
});

function laughsText({ levels, width, asMap, inArgs }: typeof laughs extends fc.Arbitrary<infer T> ? T : never) {
  const lines = ['l0: &l0 {lol: lol}'];
  for (let i = 1; i <= levels; i++) {
    const refs = Array.from({ length: width }, (_, j) => (asMap ? `k${j}: *l${i - 1}` : `*l${i - 1}`));
    lines.push(asMap ? `l${i}: &l${i} {${refs.join(', ')}}` : `l${i}: &l${i} [${refs.join(', ')}]`);
  }
  return inArgs
    ? `name: bomb\nassert:\n  tool: t\n  args:\n${lines.map((l) => `    ${l}`).join('\n')}\n`
    : lines.join('\n');
}

/** Anchors each nesting `depth` levels around an alias to the previous one: `chain * depth` levels once expanded. */
const chain = fc.record({ chain: fc.integer({ min: 1, max: 60 }), depth: fc.integer({ min: 1, max: 70 }) });

function chainText({ chain: length, depth }: { chain: number; depth: number }) {
  const lines = [`a0: &a0 ${'['.repeat(depth)}1${']'.repeat(depth)}`];
  for (let i = 1; i < length; i++) lines.push(`a${i}: &a${i} ${'['.repeat(depth)}*a${i - 1}${']'.repeat(depth)}`);
  return `name: chain\nassert:\n  tool: t\n  args:\n${lines.map((l) => `    ${l}`).join('\n')}\n`;
}

/** An anchored value that contains an alias to itself, `depth` levels down. */
const cycle = fc.record({ depth: fc.integer({ min: 0, max: 10 }), flow: fc.boolean() });

function cycleText({ depth, flow }: { depth: number; flow: boolean }) {
  const inner = '['.repeat(depth) + '*self' + ']'.repeat(depth);
  return flow
    ? `name: loop\nassert: &self {tool: t, args: {again: ${inner}}}\n`
    : `name: loop\nassert: &self\n  tool: t\n  args:\n    again: ${inner}\n`;
}

/** Wide files: many keys (duplicates among them), many same-named assertions, many documents. */
const wide = fc.record({
  kind: fc.constantFrom('keys-flow', 'keys-block', 'assertions', 'documents'),
  count: fc.integer({ min: 1, max: 8_000 }),
  duplicate: fc.boolean(),
});

function wideText({ kind, count, duplicate }: { kind: string; count: number; duplicate: boolean }) {
  const keys = Array.from({ length: count }, (_, i) => `k${duplicate && i === count - 1 ? 0 : i}: 1`);
  if (kind === 'keys-flow') return `name: wide\nassert: {tool: t, args: {${keys.join(', ')}}}\n`;
  if (kind === 'keys-block')
    return `name: wide\nassert:\n  tool: t\n  args:\n${keys.map((k) => `    ${k}`).join('\n')}\n`;
  if (kind === 'assertions') {
    return `assertions:\n${Array.from({ length: count }, () => '  - {name: same, assert: {tool: t}}').join('\n')}\n`;
  }
  return Array.from({ length: count }, () => 'name: same\nassert: {tool: t}').join('\n---\n');
}

describe('loadSuite against YAML bombs and pathological sizes', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it(`refuses nesting deeper than ${MAX_YAML_DEPTH} levels with a located error, at any depth`, async () => {
    await fc.assert(
      fc.asyncProperty(nesting, async (n) => {
        const result = await check(nestedText(n));
        // Deep enough that the nesting itself is over the limit, whatever else is wrong with the text.
        if (n.depth > MAX_YAML_DEPTH + 2 && n.style !== 'mixed') {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.errors[0]?.message).toContain(`nested more than ${MAX_YAML_DEPTH} levels deep`);
        }
      }),
      fuzzRuns(30),
    );
  });

  it('refuses alias expansion bombs ("billion laughs") in lists and mappings', async () => {
    await fc.assert(
      fc.asyncProperty(laughs, async (l) => {
        const result = await check(laughsText(l));
        if (l.width ** l.levels > 2 * MAX_ALIAS_EXPANSION) expect(result.ok).toBe(false);
      }),
      fuzzRuns(40),
    );
  });

  it('refuses alias chains that nest deeper than the limit once expanded', async () => {
    await fc.assert(
      fc.asyncProperty(chain, async (c) => {
        const result = await check(chainText(c));
        if (c.chain * c.depth > MAX_YAML_DEPTH + 5) expect(result.ok).toBe(false);
      }),
      fuzzRuns(40),
    );
  });

  it('refuses an alias inside the value it names (a cycle), naming it', async () => {
    await fc.assert(
      fc.asyncProperty(cycle, async (c) => {
        const result = await check(cycleText(c));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.errors[0]?.message).toContain('*self refers to a value that contains it');
      }),
      fuzzRuns(20),
    );
  });

  it('loads wide files (many keys, assertions, documents) without hanging', async () => {
    await fc.assert(
      fc.asyncProperty(wide, async (w) => {
        const result = await check(wideText(w));
        if (w.duplicate && w.count > 1 && w.kind.startsWith('keys')) {
          expect(result.ok).toBe(false);
          if (!result.ok)
            expect(result.errors.map((e) => e.message)).toContain('invalid YAML: Map keys must be unique');
        }
      }),
      fuzzRuns(12),
    );
  });
});

describe('regressions found by fuzzing the loader', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('refuses 100,000 open brackets (a stack overflow in the yaml composer) with a located error, repeatedly', async () => {
    // Before the depth limit the loader reported "Maximum call stack size exceeded", and a process that overflowed
    // its stack twice in a row died (V8 "RegExpCompiler Allocation failed").
    for (let i = 0; i < 3; i++) {
      const result = await check('['.repeat(100_000));
      expect(result).toMatchObject({ ok: false, errors: [{ line: 1, column: MAX_YAML_DEPTH + 1 }] });
    }
  });

  it('refuses a self-referencing alias, which used to load as a cyclic object', async () => {
    const result = await check('name: x\nassert: &a\n  tool: t\n  args: {self: *a}\n');
    expect(result).toMatchObject({
      ok: false,
      errors: [{ line: 4, column: 16, message: expect.stringContaining('*a') }],
    });
  });

  it('refuses one big anchor aliased a thousand times, which used to load as a 60-million-value suite', async () => {
    const anchor = `[${Array.from({ length: 60_000 }, () => '1').join(',')}]`;
    const text = `name: x\nassert:\n  tool: t\n  args:\n    x: &a ${anchor}\n    y: [${Array(1000).fill('*a').join(',')}]\n`;
    const result = await check(text);
    expect(result).toMatchObject({ ok: false, errors: [{ message: expect.stringContaining('aliases expand') }] });
  });

  it('answers at the size limit of the API (512 KiB) for files that were quadratic: keys, names, documents', async () => {
    // 45,000 keys took ~70 s (yaml's duplicate-key check), 20,000 same-named documents ~100 s (name suffixes).
    const keys = Array.from({ length: 45_000 }, (_, i) => `k${i}: 1`).join(', ');
    const manyKeys = await check(`name: x\nassert: {tool: t, args: {${keys}}}\n`);
    expect(manyKeys.ok).toBe(true);
    const unknown = await check(Array.from({ length: 45_000 }, (_, i) => `k${i}: 1`).join('\n'));
    expect(unknown).toMatchObject({ ok: false });
    if (!unknown.ok) expect(unknown.errors).toHaveLength(MAX_SUITE_ERRORS + 1);
    const docs = await check(Array.from({ length: 20_000 }, () => 'name: same\nassert: {tool: t}').join('\n---\n'));
    expect(docs.ok && docs.suite.assertions.at(-1)?.name).toBe('same (20000)');
  });
});

describe('regressions found by fuzzing the loader, in process', () => {
  it('places errors on the right line when a malformed token hides a line break from yaml', () => {
    // yaml's own line count missed the \n here and put the `@` error at line 1, column 16 of an 11-character line.
    const result = loadSuite('*a%YAML 1.1\na: @', 'l.yaml');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toContainEqual(expect.objectContaining({ line: 2, column: 4 }));
  });

  it('prints one line per error even when a key or value holds line breaks', () => {
    const result = loadSuite('"a\\nb": 1\nname: x\nserver: {transport: "ht\\u2028tp"}\nassert: {tool: t}\n', 'n.yaml');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      for (const line of result.errors.map(formatSuiteError))
        expect(line).toMatch(/^n\.yaml:\d+:\d+: [^\n\r\u2028\u2029]+$/);
      expect(formatSuiteError(result.errors[0] as SuiteError)).toContain('unknown key `a\\nb`');
    }
  });

  it('loads a collection used as a key without printing a process warning each time', () => {
    const warn = vi.spyOn(process, 'emitWarning');
    try {
      expect(loadSuite('name: x\nassert: {tool: t, args: {? [a, b] : 1}}\n', 'k.yaml').ok).toBe(true);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the loader behind `mcptest validate` and the API', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('validateSuiteYaml answers nothing or a 400 whose every detail has a line and column', () => {
    fc.assert(
      fc.property(fc.oneof(soup, fc.string({ unit: 'binary', maxLength: 200 })), (text) => {
        try {
          validateSuiteYaml(text);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          const apiError = error as ApiError;
          expect(apiError.code).toBe('validation_failed');
          const details = apiError.details as { path: string; line: number; column: number }[];
          expect(details.length).toBeGreaterThan(0);
          const expectInside = positionChecker(text);
          for (const d of details) {
            expect(d.path).toBe('yaml');
            expectInside(d.line, d.column, 'detail');
          }
        }
      }),
      fuzzRuns(200),
    );
  });

  it('`mcptest validate` exits 0 or 2 and prints every error as file:line:col', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mcptest-fuzz-validate-'));
    try {
      await fc.assert(
        fc.asyncProperty(seed, fc.array(textEdit, { maxLength: 3 }), hostileJson, async ({ text }, edits, value) => {
          const file = path.join(dir, 'suite.yaml');
          await writeFile(
            file,
            edits.reduce((t, e) => applyTextEdit(t, e), text),
          );
          await writeFile(path.join(dir, 'value.yaml'), toYaml(value, {}) ?? '');
          const result = await validateCommand([dir]);
          expect([0, 2]).toContain(result.exitCode);
          for (const line of result.stderr.split('\n').filter(Boolean)) {
            expect(line).toMatch(/^(\S+\.yaml:\d+:\d+: .+|mcptest validate: .+)$/);
          }
        }),
        fuzzRuns(30),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
