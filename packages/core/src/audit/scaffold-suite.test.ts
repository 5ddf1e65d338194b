import { describe, expect, it } from 'vitest';
import { classifyTool } from '../policy/classify-tool';
import { decide, REVIEW_BEFORE_FIRST_RUN } from '../policy/decide';
import { defaultExecPolicy } from '../policy/exec-policy-schema';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { loadSuite } from '../suite/load-suite';
import {
  dedupeScaffoldFileNames,
  REVIEW_SKIP_REASON,
  scaffoldFileName,
  scaffoldSuite,
  SCAFFOLD_SERIAL_MARKER,
  stableResultSnippet,
  type ScaffoldSuiteInput,
} from './scaffold-suite';

const policy = defaultExecPolicy();

function input(tool: ToolDescriptor, extra: Partial<ScaffoldSuiteInput> = {}): ScaffoldSuiteInput {
  const classification = classifyTool(tool, policy);
  return {
    tool,
    classification,
    decision: decide(classification.class, 'generate', policy),
    args: {},
    ...extra,
  };
}

const search: ToolDescriptor = { name: 'search_records', annotations: { readOnlyHint: true } };
const remove: ToolDescriptor = { name: 'delete_record' };
const create: ToolDescriptor = { name: 'create_record' };
const okResult = { content: [{ type: 'text', text: '0 records' }] };

function load(yaml: string, file = 'x.yaml') {
  const loaded = loadSuite(yaml, file);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.suite;
}

describe('scaffoldSuite', () => {
  it('a read-only tool: a plain test with the stable observed text', () => {
    const file = scaffoldSuite(
      input(search, {
        args: { query: 'example' },
        observed: { outcome: 'healthy', result: okResult },
        server: { url: 'http://127.0.0.1:3000/mcp', transport: 'http' },
      }),
    );
    expect(file.fileName).toBe('search_records.yaml');
    expect(file.yaml.split('\n')[0]).toMatch(
      /^# Scaffolded by mcptest audit\. search_records: ReadOnly by annotation \(annotation readOnlyHint: true\)/,
    );
    const suite = load(file.yaml);
    const [assertion] = suite.assertions;
    expect(assertion).toMatchObject({
      kind: 'assert',
      block: {
        tool: 'search_records',
        args: { query: 'example' },
        expect: { not_error: true, contains: ['0 records'] },
      },
      server: { transport: 'http', url: 'http://127.0.0.1:3000/mcp' },
      timeoutMs: 30_000,
    });
    expect(assertion?.skip).toBeUndefined();
  });

  it('a destructive tool: first line "# review before first run", skipped until reviewed', () => {
    const file = scaffoldSuite(input(remove, { args: { id: 'example' } }));
    expect(file.yaml.split('\n')[0]).toBe(REVIEW_BEFORE_FIRST_RUN);
    const [assertion] = load(file.yaml).assertions;
    expect(assertion?.skip?.reason).toBe(REVIEW_SKIP_REASON);
    expect(assertion).toMatchObject({
      block: { tool: 'delete_record', args: { id: 'example' }, expect: { not_error: true } },
    });
  });

  it('a mutating tool: first line is the serial marker, and no contains (writes return new ids)', () => {
    const file = scaffoldSuite(input(create, { observed: { outcome: 'healthy', result: okResult } }));
    expect(file.yaml.split('\n')[0]).toBe(SCAFFOLD_SERIAL_MARKER);
    expect(file.yaml).not.toContain(REVIEW_BEFORE_FIRST_RUN);
    const [assertion] = load(file.yaml).assertions;
    expect(assertion).toMatchObject({ block: { expect: { not_error: true } } });
    expect(assertion?.kind === 'assert' && assertion.block.expect.contains).toBeUndefined();
    expect(assertion?.skip).toBeUndefined();
  });

  it('a test held for review (starter suites): review line, the reason, and skip, whatever the decision', () => {
    const file = scaffoldSuite(input(create, { review: 'risk phase medium: it may change state' }));
    const lines = file.yaml.split('\n');
    expect(lines[0]).toBe(REVIEW_BEFORE_FIRST_RUN);
    expect(lines).toContain(SCAFFOLD_SERIAL_MARKER);
    expect(file.yaml).toContain('# held for review: risk phase medium: it may change state');
    expect(load(file.yaml).assertions[0]?.skip).toEqual({ reason: REVIEW_SKIP_REASON });
  });

  it('destructive under execute_destructive is ExecuteOnce: serial, not review', () => {
    const classification = classifyTool(remove, policy);
    const file = scaffoldSuite({
      tool: remove,
      classification,
      decision: decide(classification.class, 'generate', { execute_destructive: true }),
      args: {},
    });
    expect(file.yaml.split('\n')[0]).toBe(SCAFFOLD_SERIAL_MARKER);
    expect(load(file.yaml).assertions[0]?.skip).toBeUndefined();
  });

  it('no contains when the observed call was not healthy, and says so', () => {
    const file = scaffoldSuite(
      input(search, {
        observed: { outcome: 'tool_error', result: { content: [{ type: 'text', text: 'nope' }], isError: true } },
      }),
    );
    expect(file.yaml).toContain("# the audit's call with these arguments ended as tool_error");
    expect(file.yaml).not.toContain('contains');
    load(file.yaml);
  });

  it('never copies results of a tool marked sensitive', () => {
    const secret: ToolDescriptor = { ...search, _meta: { 'mcp.dev/resultSensitivity': 'confidential' } };
    const file = scaffoldSuite(input(secret, { observed: { outcome: 'healthy', result: okResult } }));
    expect(file.yaml).not.toContain('0 records');
  });

  it('writes notes and argument problems as comments and keeps them from injecting YAML', () => {
    const file = scaffoldSuite(
      input(search, {
        argumentNotes: ['args.id: pattern "x" is too complex\nassert: {tool: evil}'],
        argumentsProblem: 'args.n: no integer satisfies >= 5 and <= 4',
      }),
    );
    expect(file.yaml).toContain('# check: args.id: pattern "x" is too complex assert: {tool: evil}');
    expect(file.yaml).toContain('# arguments could not be made up (args.n: no integer satisfies >= 5 and <= 4)');
    expect(load(file.yaml).assertions).toHaveLength(1);
  });

  it('leaves credentials out of the server block and names the headers only', () => {
    const file = scaffoldSuite(
      input(search, {
        server: {
          url: 'https://user:pw@example.com/mcp?token=s3cret',
          transport: 'auto',
          headerNames: ['Authorization'],
        },
      }),
    );
    expect(file.yaml).not.toMatch(/s3cret|user:pw/);
    expect(file.yaml).toContain('Authorization');
    expect(load(file.yaml).assertions[0]?.server).toMatchObject({ url: 'https://example.com/mcp', transport: 'auto' });
  });

  it('writes arguments of every JSON type so they load back unchanged', () => {
    const args = {
      s: 'a: b # c',
      n: 1.5,
      b: false,
      nil: null,
      list: ['x', 2],
      nested: { 'odd key': '{{not a template?}}' },
    };
    const file = scaffoldSuite(input(search, { args }));
    const [assertion] = load(file.yaml).assertions;
    expect(assertion?.kind === 'assert' && assertion.block.args).toEqual(args);
  });
});

describe('stableResultSnippet', () => {
  it.each<[string, unknown, string | undefined]>([
    ['short text', { content: [{ type: 'text', text: ' 0 records ' }] }, '0 records'],
    ['empty', { content: [{ type: 'text', text: '' }] }, undefined],
    [
      'two blocks',
      {
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
      undefined,
    ],
    ['an image', { content: [{ type: 'image', data: '', mimeType: 'image/png' }] }, undefined],
    ['multi-line', { content: [{ type: 'text', text: 'a\nb' }] }, undefined],
    ['too long', { content: [{ type: 'text', text: 'x'.repeat(121) }] }, undefined],
    ['a timestamp', { content: [{ type: 'text', text: 'at 2024-05-01' }] }, undefined],
    ['a clock time', { content: [{ type: 'text', text: 'now 12:30' }] }, undefined],
    ['an id', { content: [{ type: 'text', text: 'created 1712345' }] }, undefined],
    ['a uuid', { content: [{ type: 'text', text: 'id 123e4567-e89b-12d3-a456-426614174000' }] }, undefined],
    ['a decimal', { content: [{ type: 'text', text: 'took 0.25' }] }, undefined],
  ])('%s', (_name, result, expected) => {
    expect(stableResultSnippet(result as never)).toBe(expected);
  });
});

describe('file names', () => {
  it.each([
    ['search_records', 'search_records.yaml'],
    ['repo.delete', 'repo_delete.yaml'],
    ['../../etc/passwd', '______etc_passwd.yaml'],
    ['', 'tool.yaml'],
    ['get-sum', 'get-sum.yaml'],
  ])('%s -> %s', (name, file) => {
    expect(scaffoldFileName(name)).toBe(file);
  });

  it('dedupes case-insensitively, first keeps its name', () => {
    expect(dedupeScaffoldFileNames(['a_b.yaml', 'a_b.yaml', 'A_B.yaml', 'c.yaml', 'a_b-2.yaml'])).toEqual([
      'a_b.yaml',
      'a_b-2.yaml',
      'A_B-3.yaml',
      'c.yaml',
      'a_b-2-2.yaml',
    ]);
  });
});
