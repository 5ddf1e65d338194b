import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSERTION_TIMEOUT_MS, formatSuiteError, type LoadedSuite, loadSuite } from './load-suite';

/** Lines joined with "\n", so the line numbers in the tables below are easy to count. */
const yaml = (...lines: string[]): string => `${lines.join('\n')}\n`;

function loaded(text: string, file = 'suites/echo.yaml'): LoadedSuite {
  const result = loadSuite(text, file);
  if (!result.ok) throw new Error(result.errors.map(formatSuiteError).join('\n'));
  return result.suite;
}

function errorsOf(text: string, file = 'bad.yaml'): string[] {
  const result = loadSuite(text, file);
  if (result.ok) throw new Error('expected errors, got a suite');
  return result.errors.map(formatSuiteError);
}

const ECHO = ['assert:', '  tool: echo', '  args: {message: hi}'];

describe('loadSuite: broken files are located and explained', () => {
  it.each([
    [
      'typo in an expect key',
      yaml('name: x', ...ECHO, '  expect:', '    contians: [hi]'),
      ['bad.yaml:6:5: unknown key `contians` in `assert.expect` (did you mean `contains`?)'],
    ],
    [
      'typo in a top-level key (and so no block)',
      yaml('name: x', 'asert:', '  tool: echo'),
      [
        'bad.yaml:1:1: no assertion block (add one of assert, assert_resources, assert_prompts, assert_completion, assert_sampling, assert_logging, assert_notifications, or trace/audit_log with trajectory)',
        'bad.yaml:2:1: unknown key `asert` at the top level (did you mean `assert`?)',
      ],
    ],
    [
      'a transposed, differently cased key',
      yaml('name: x', ...ECHO, 'Skip_Unles_Env: [A]'),
      ['bad.yaml:5:1: unknown key `Skip_Unles_Env` at the top level (did you mean `skip_unless_env`?)'],
    ],
    [
      'an expectation outside expect',
      yaml('name: x', ...ECHO, '  not_error: true'),
      ['bad.yaml:5:3: unknown key `not_error` in `assert` (`not_error` is an expectation: move it under `expect:`)'],
    ],
    [
      'a server key at the top level',
      yaml('name: x', 'url: https://example.com/mcp', ...ECHO),
      ['bad.yaml:2:1: unknown key `url` at the top level (`url` belongs under `server:`)'],
    ],
    [
      'an unknown key far from every known one',
      yaml('name: x', ...ECHO, '  zzzzzzzz: 1'),
      ['bad.yaml:5:3: unknown key `zzzzzzzz` in `assert` (allowed here: tool, args, expect, capture_progress)'],
    ],
    [
      'bad YAML: wrong indentation',
      yaml('name: x', 'assert:', '  tool: echo', '   args: {}'),
      [
        'bad.yaml:3:9: invalid YAML: Nested mappings are not allowed in compact mappings (is a `:` missing, or does a value contain `: ` that needs quotes?)',
      ],
    ],
    [
      'bad YAML: unclosed flow sequence',
      yaml('name: x', ...ECHO, '  expect:', '    contains: [hi'),
      ['bad.yaml:6:15: invalid YAML: this `[` is never closed (a `]` is missing) (add the missing `]`)'],
    ],
    [
      'bad YAML: an unclosed flow mapping with lines after it (at the `{`, not the next line)',
      yaml('name: x', 'assert:', '  tool: echo', '  args: {message: hi', '  expect:', '    contains: [hi]'),
      ['bad.yaml:4:9: invalid YAML: this `{` is never closed (a `}` is missing) (add the missing `}`)'],
    ],
    [
      'bad YAML: an unclosed flow mapping on line 6 of a list of assertions',
      yaml(
        'name: x',
        'assertions:',
        '  - name: a',
        '    assert:',
        '      tool: echo',
        '      args: { message: hi',
        '      expect: { contains: [hi] }',
      ),
      ['bad.yaml:6:13: invalid YAML: this `{` is never closed (a `}` is missing) (add the missing `}`)'],
    ],
    [
      'bad YAML: an unclosed quote',
      yaml('name: x', 'assert:', '  tool: "echo', '  args: {}'),
      ['bad.yaml:3:9: invalid YAML: this `"` is never closed (a `"` is missing) (add the missing `"`)'],
    ],
    [
      'bad YAML: a tab for indentation',
      yaml('name: x', 'assert:', '\ttool: echo'),
      [
        'bad.yaml:3:1: invalid YAML: Tabs are not allowed as indentation (indent with spaces; YAML does not allow tabs)',
      ],
    ],
    [
      'duplicate key',
      yaml('name: x', ...ECHO, '  tool: other'),
      ['bad.yaml:5:3: invalid YAML: Map keys must be unique (a key may appear only once in a mapping)'],
    ],
    [
      'wrong type: quoted boolean',
      yaml('name: x', ...ECHO, '  expect:', '    not_error: "true"'),
      [
        'bad.yaml:6:16: `assert.expect.not_error`: expected a boolean, got a string (write true or false, without quotes)',
      ],
    ],
    [
      'wrong type: a string where a list goes',
      yaml('name: x', ...ECHO, '  expect:', '    contains: hi'),
      ['bad.yaml:6:15: `assert.expect.contains`: expected a list, got a string (write a list, e.g. contains: ["hi"])'],
    ],
    [
      'wrong type: a list where a mapping goes',
      yaml('name: x', 'assert:', '  tool: echo', '  args: [1, 2]'),
      ['bad.yaml:4:9: `assert.args`: expected a mapping, got a list'],
    ],
    [
      'missing required key',
      yaml('name: x', 'assert:', '  args: {}'),
      ['bad.yaml:2:1: missing required key `tool` in `assert`'],
    ],
    [
      'two blocks',
      yaml('name: x', ...ECHO, 'assert_prompts:', '  list: {}'),
      [
        'bad.yaml:5:1: an assertion has exactly one block, and this one already has `assert` (line 2) (split it into separate assertions; a suite file holds several under `assertions:`)',
      ],
    ],
    [
      'a block and a trajectory',
      yaml('name: x', 'trace: [{tool: a}]', 'trajectory: [{type: presence, tools: [a]}]', ...ECHO),
      [
        'bad.yaml:4:1: an assertion has exactly one block, and this one already has `trace` (line 2) (split it into separate assertions; a suite file holds several under `assertions:`)',
      ],
    ],
    [
      'no block',
      yaml('name: x', 'timeout: 5s'),
      [
        'bad.yaml:1:1: no assertion block (add one of assert, assert_resources, assert_prompts, assert_completion, assert_sampling, assert_logging, assert_notifications, or trace/audit_log with trajectory)',
      ],
    ],
    [
      'unknown transport',
      yaml('name: x', 'server:', '  url: http://127.0.0.1:3001/mcp', '  transport: websocket', ...ECHO),
      [
        'bad.yaml:4:14: `server.transport`: unknown transport "websocket" (allowed: stdio, auto, http or streamable-http, sse)',
      ],
    ],
    [
      'misspelt transport',
      yaml('name: x', 'server:', '  url: http://127.0.0.1:3001/mcp', '  transport: streamble-http', ...ECHO),
      [
        'bad.yaml:4:14: `server.transport`: unknown transport "streamble-http" (did you mean `streamable-http`? allowed: stdio, auto, http or streamable-http, sse)',
      ],
    ],
    [
      'bad duration',
      yaml('name: x', ...ECHO, 'timeout: 15 seconds'),
      [
        'bad.yaml:5:10: `timeout`: invalid duration "15 seconds" (e.g. 15s, 2m, 500ms or 1h30m; a bare number means seconds)',
      ],
    ],
    [
      'zero duration',
      yaml('name: x', ...ECHO, 'timeout: 0s'),
      [
        'bad.yaml:5:10: `timeout`: a duration must be greater than 0, got "0s" (e.g. 15s, 2m, 500ms or 1h30m; a bare number means seconds)',
      ],
    ],
    [
      'empty duration',
      yaml('name: x', ...ECHO, 'timeout:'),
      [
        'bad.yaml:5:1: `timeout`: expected a duration, got an empty value (null) (e.g. 15s, 2m, 500ms or 1h30m; a bare number means seconds)',
      ],
    ],
    [
      'bad skip',
      yaml('name: x', ...ECHO, 'skip: 3'),
      ['bad.yaml:5:7: `skip`: expected true, false or a reason string, got a number'],
    ],
    [
      'bad skip_unless_env',
      yaml('name: x', ...ECHO, 'skip_unless_env: [API-TOKEN]'),
      [
        'bad.yaml:5:18: `skip_unless_env`: "API-TOKEN" is not an environment variable name (letters, digits and _, e.g. API_TOKEN)',
      ],
    ],
    [
      'bad trajectory type',
      yaml('name: x', 'trace: [{tool: a}]', 'trajectory:', '  - type: ordr', '    tools: [a]'),
      [
        'bad.yaml:4:11: `trajectory[0].type`: expected one of order, presence, absence, args_contain, got "ordr" (did you mean `order`?)',
      ],
    ],
    [
      'trace without trajectory',
      yaml('name: x', 'trace: [{tool: a}]'),
      [
        'bad.yaml:2:1: `trace` needs a `trajectory:` list of checks (e.g. trajectory: [{type: presence, tools: [my_tool]}])',
      ],
    ],
    [
      'resources with both list and read',
      yaml('name: x', 'assert_resources:', '  list: {}', '  read: test://a'),
      ['bad.yaml:4:3: `assert_resources` takes `list` or `read`, not both (split it into two assertions)'],
    ],
    [
      'prompts with neither list nor get',
      yaml('name: x', 'assert_prompts:', '  expect: {not_empty: true}'),
      ['bad.yaml:2:1: `assert_prompts` needs `list` or `get`'],
    ],
    [
      'logging level',
      yaml('name: x', 'assert_logging:', '  set_level: debgu'),
      [
        'bad.yaml:3:14: `assert_logging.set_level`: expected one of debug, info, notice, warning, error, critical, alert, emergency, got "debgu" (did you mean `debug`?)',
      ],
    ],
    [
      'a document that is not a mapping',
      yaml('- name: x'),
      [
        'bad.yaml:1:1: expected a mapping (an assertion with `name:` and a block such as `assert:`, or a suite with `assertions:`), got a list',
      ],
    ],
    [
      'an empty file',
      '# nothing but a comment\n',
      [
        'bad.yaml:1:1: empty file: no assertion found (add `name:` and a block such as `assert:`, or `assertions: [...]`)',
      ],
    ],
    [
      'a block key at suite level',
      yaml('name: s', 'assert: {tool: echo}', 'assertions:', '  - assert: {tool: echo}'),
      [
        'bad.yaml:2:1: unknown key `assert` at the top level (in a suite file, blocks go inside the items of `assertions:`)',
      ],
    ],
    [
      'errors inside suite items name their index',
      yaml('name: s', 'assertions:', '  - assert: {tool: echo}', '  - assert: {tool: echo, expect: {is_eror: true}}'),
      ['bad.yaml:4:35: unknown key `is_eror` in `assertions[1].assert.expect` (did you mean `is_error`?)'],
    ],
    [
      'two blocks inside a suite item',
      yaml('name: s', 'assertions:', '  - assert: {tool: echo}', '    assert_sampling: {tool: ask, mock_text: hi}'),
      [
        'bad.yaml:4:5: an assertion has exactly one block, and this one already has `assert` (line 3) (split it into separate assertions; a suite file holds several under `assertions:`)',
      ],
    ],
    [
      'an empty assertions list',
      yaml('name: s', 'assertions: []'),
      [
        'bad.yaml:2:13: `assertions`: must not be empty (add an assertion, or a `conformance:` or `auth_posture:` block)',
      ],
    ],
    [
      'a second document after a suite document',
      yaml('assertions:', '  - assert: {tool: echo}', '---', 'assert: {tool: echo}'),
      ['bad.yaml:4:1: a suite file holds one document (put every assertion under one `assertions:`)'],
    ],
    [
      'a capture name that cannot be used as a placeholder',
      yaml('setup:', '  - tool: login', '    capture: {session-id: $.id}', ...ECHO),
      [
        'bad.yaml:3:15: `setup[0].capture`: invalid name `session-id` (a capture name is letters, digits and _, not starting with a digit, and is used as {{name}})',
      ],
    ],
    [
      'a stdio server without a command',
      yaml('name: x', 'server:', '  transport: stdio', ...ECHO),
      ['bad.yaml:2:1: a stdio server needs a `command`'],
    ],
    [
      'a URL that is not http(s)',
      yaml('name: x', 'server:', '  url: ftp://example.com', ...ECHO),
      ['bad.yaml:3:8: `server.url`: "ftp://example.com" is not an http(s) URL (e.g. https://example.com/mcp)'],
    ],
  ])('%s', (_label, text, expected) => {
    expect(errorsOf(text)).toEqual(expected);
  });

  it('reports every problem of a file at once, in file order', () => {
    const errors = errorsOf(
      yaml(
        'name: x',
        'server:',
        '  transport: carrier-pigeon',
        ...ECHO,
        '  expect:',
        '    contians: [a]',
        'timeout: soon',
      ),
    );
    expect(errors.map((e) => e.split(': ')[0])).toEqual(['bad.yaml:3:14', 'bad.yaml:8:5', 'bad.yaml:9:10']);
  });

  it('gives each error a field path', () => {
    const result = loadSuite(yaml('name: x', ...ECHO, '  expect:', '    contians: [a]'), 'bad.yaml');
    expect(result.ok ? [] : result.errors).toEqual([
      {
        file: 'bad.yaml',
        line: 6,
        column: 5,
        path: 'assert.expect.contians',
        message: 'unknown key `contians` in `assert.expect`',
        hint: 'did you mean `contains`?',
      },
    ]);
  });

  it('locates errors reached through an alias or a merge key at the anchor', () => {
    const errors = errorsOf(
      yaml(
        'name: s',
        'x-defaults: &d {tool: echo, expect: {contians: [a]}}',
        'assertions:',
        '  - assert:',
        '      <<: *d',
      ),
    );
    expect(errors).toEqual([
      'bad.yaml:2:1: unknown key `x-defaults` at the top level (allowed here: name, server, setup, timeout, skip, skip_unless_env, fixture, policy, wire_schema, conformance, auth_posture, slo, pin, order, assertions)',
      'bad.yaml:2:38: unknown key `contians` in `assertions[0].assert.expect` (did you mean `contains`?)',
    ]);
  });
});

describe('loadSuite: order and phase', () => {
  const items = [
    'assertions:',
    '  - name: a',
    '    phase: setup',
    '    assert: { tool: seed }',
    '  - name: b',
    '    assert: { tool: echo }',
  ];
  it("carries `order:` and an assertion's `phase: setup`; absent means risk order and no phase", () => {
    const suite = loaded(yaml('order: as_written', ...items));
    expect(suite.order).toBe('as_written');
    expect(suite.assertions.map((a) => a.phase)).toEqual(['setup', undefined]);
    expect(loaded(yaml(...items)).order).toBeUndefined();
  });

  it('refuses another order or phase', () => {
    expect(errorsOf(yaml('order: random', ...items)).join('\n')).toContain('order');
    expect(errorsOf(yaml('assertions:', '  - phase: high', '    assert: { tool: echo }')).join('\n')).toContain(
      'phase',
    );
  });
});

describe('loadSuite: the auth_posture block', () => {
  const SERVER = ['name: p', 'server: { url: https://a.example/mcp }'];
  it('loads a suite with only the block, with its defaults', () => {
    expect(loaded(yaml(...SERVER, 'auth_posture: {}')).authPosture).toEqual({ revision: '2026-07-28' });
  });

  it('keeps credentials as written, ${VAR}s unexpanded (the executor expands them)', () => {
    const suite = loaded(
      yaml(
        ...SERVER,
        'auth_posture:',
        '  revision: 2025-11-25',
        '  other_resource_token_from: { client_id: "${ID}", client_secret: "${SECRET}", resource: "https://x.example/mcp" }',
      ),
    );
    expect(suite.authPosture).toEqual({
      revision: '2025-11-25',
      other_resource_token_from: { client_id: '${ID}', client_secret: '${SECRET}', resource: 'https://x.example/mcp' },
    });
  });

  it('refuses a client secret written inline', () => {
    const result = loadSuite(
      yaml(...SERVER, 'auth_posture:', '  other_resource_token_from: { client_id: a, client_secret: hunter2 }'),
      'bad.yaml',
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.map((e) => e.message).join('\n')).toMatch(
        /client_secret`: must be an environment reference such as \$\{POSTURE_CLIENT_SECRET\}/,
      );
    }
  });

  it('refuses an unknown credentials key with a suggestion', () => {
    const result = loadSuite(
      yaml(...SERVER, 'auth_posture:', '  other_resource_token_from: { client_id: a, client_secrt: "${B}" }'),
      'bad.yaml',
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.message).join('\n')).toMatch(/client_secrt/);
  });
});

describe('loadSuite: the conformance block', () => {
  const SERVER = ['name: c', 'server: { url: https://a.example/mcp }'];

  it.each([
    [
      'a block and no assertions: defaults filled in',
      yaml(...SERVER, 'conformance: {}'),
      { revision: '2026-07-28', fixtures: {}, expected_failures: [] },
      0,
    ],
    [
      'a block and an empty assertions list',
      yaml(...SERVER, 'conformance: { revision: 2025-11-25 }', 'assertions: []'),
      { revision: '2025-11-25', fixtures: {}, expected_failures: [] },
      0,
    ],
    [
      'every key, next to assertions',
      yaml(
        ...SERVER,
        'conformance:',
        '  revision: 2025-11-25',
        '  fixtures:',
        '    simple_text_tool: echo',
        '    error_tool: { tool: fail, arguments: { reason: x } }',
        '  expected_failures: [completion-complete, "sep-2164-resource-not-found:sep-2164-data-uri"]',
        'assertions:',
        '  - name: e',
        '    assert: { tool: echo }',
      ),
      {
        revision: '2025-11-25',
        fixtures: { simple_text_tool: 'echo', error_tool: { tool: 'fail', arguments: { reason: 'x' } } },
        expected_failures: ['completion-complete', 'sep-2164-resource-not-found:sep-2164-data-uri'],
      },
      1,
    ],
  ])('loads %s', (_label, text, conformance, assertions) => {
    const suite = loaded(text);
    expect(suite.conformance).toEqual(conformance);
    expect(suite.assertions).toHaveLength(assertions);
    expect(suite.server?.url).toBe('https://a.example/mcp');
  });

  it('a suite without the block has no conformance', () => {
    expect(loaded(yaml(...SERVER, 'assertions:', '  - name: e', '    assert: { tool: echo }')).conformance).toBe(
      undefined,
    );
  });

  it.each([
    [
      'an unknown revision lists the allowed ones',
      yaml(...SERVER, 'conformance: { revision: 2025-11-24 }'),
      [
        'bad.yaml:3:26: `conformance.revision`: expected one of 2025-11-25, 2026-07-28, got "2025-11-24" (did you mean `2025-11-25`?)',
      ],
    ],
    [
      'a misspelt key',
      yaml(...SERVER, 'conformance:', '  expected_failure: [ping]'),
      ['bad.yaml:4:3: unknown key `expected_failure` in `conformance` (did you mean `expected_failures`?)'],
    ],
    [
      'an unknown fixture key',
      yaml(...SERVER, 'conformance:', '  fixtures: { simple_txt_tool: echo }'),
      [
        'bad.yaml:4:32: `conformance.fixtures.simple_txt_tool`: unknown fixture key `simple_txt_tool` (did you mean `simple_text_tool`?)',
      ],
    ],
    [
      'a fixture that is neither a name nor {tool, arguments}',
      yaml(...SERVER, 'conformance:', '  fixtures: { simple_text_tool: 3 }'),
      ['bad.yaml:4:33: `conformance.fixtures.simple_text_tool`: expected a string or a mapping, got a number'],
    ],
    [
      'an empty expected_failures entry',
      yaml(...SERVER, 'conformance:', '  expected_failures: [""]'),
      ['bad.yaml:4:23: `conformance.expected_failures[0]`: must not be empty'],
    ],
    [
      'a block that is not a mapping',
      yaml(...SERVER, 'conformance: 2026-07-28'),
      ['bad.yaml:3:14: `conformance`: expected a mapping, got a string'],
    ],
    [
      'no block and an empty assertions list',
      yaml(...SERVER, 'assertions: []'),
      [
        'bad.yaml:3:13: `assertions`: must not be empty (add an assertion, or a `conformance:` or `auth_posture:` block)',
      ],
    ],
  ])('refuses %s', (_label, text, errors) => {
    expect(errorsOf(text)).toEqual(errors);
  });
});

describe('loadSuite: server.protocol', () => {
  it.each([
    ['2026-07-28', '2026-07-28'],
    ['Modern', 'modern'],
    ['2025-06-18', '2025-06-18'],
  ])('reads protocol %s', (value, protocol) => {
    const loaded = loadSuite(
      `name: p\nserver: { url: https://a.example/mcp, protocol: ${value} }\nassertions:\n  - name: e\n    assert: { tool: echo }\n`,
      'p.yaml',
    );
    expect(loaded.ok && loaded.suite.server?.protocol).toBe(protocol);
  });

  it('refuses an unknown protocol, suggesting the nearest', () => {
    const loaded = loadSuite(
      'name: p\nserver: { url: https://a.example/mcp, protocol: 2025-11-24 }\nassertions:\n  - name: e\n    assert: { tool: echo }\n',
      'p.yaml',
    );
    expect(loaded.ok).toBe(false);
    const error = loaded.ok ? undefined : loaded.errors[0];
    expect(error?.message).toContain('unknown protocol "2025-11-24"');
    expect(error?.hint).toContain('did you mean `2025-11-25`?');
  });
});

describe('loadSuite: valid files', () => {
  it('loads an mcp-assert single-assertion file', () => {
    const suite = loaded(
      yaml(
        'name: create entities then search by name',
        'server:',
        '  command: npx',
        '  args: ["@modelcontextprotocol/server-memory", 8080]',
        '  env: {DEBUG: 1}',
        'setup:',
        '  - tool: create_entities',
        '    args: {entities: []}',
        '    capture: {entity_id: "$.id"}',
        'assert:',
        '  tool: search_nodes',
        '  args: {query: "{{entity_id}}"}',
        '  expect:',
        '    not_error: true',
        '    contains: ["Alice"]',
        'timeout: 15s',
        'skip_unless_env: MEMORY_TOKEN',
      ),
    );
    expect(suite).toEqual({
      name: 'echo',
      file: 'suites/echo.yaml',
      timeoutMs: DEFAULT_ASSERTION_TIMEOUT_MS,
      assertions: [
        {
          kind: 'assert',
          block: {
            tool: 'search_nodes',
            args: { query: '{{entity_id}}' },
            expect: { not_error: true, contains: ['Alice'] },
          },
          key: 'suites/echo.yaml#create entities then search by name',
          name: 'create entities then search by name',
          file: 'suites/echo.yaml',
          line: 1,
          column: 1,
          server: {
            transport: 'stdio',
            protocol: 'auto',
            command: 'npx',
            args: ['@modelcontextprotocol/server-memory', '8080'],
            env: { DEBUG: '1' },
            headers: {},
          },
          setup: [{ tool: 'create_entities', args: { entities: [] }, capture: { entity_id: '$.id' } }],
          timeoutMs: 15_000,
          skipUnlessEnv: ['MEMORY_TOKEN'],
        },
      ],
    });
  });

  it.each([
    ['15s', 15_000],
    ['2m', 120_000],
    ['500ms', 500],
    ['1h', 3_600_000],
    ['1m30s', 90_000],
    ['1.5s', 1_500],
    ['30', 30_000],
    ['"45"', 45_000],
    ['0.25', 250],
  ])('timeout %s is %i ms', (written, ms) => {
    expect(loaded(yaml(...ECHO, `timeout: ${written}`)).assertions[0]?.timeoutMs).toBe(ms);
  });

  it.each([
    ['http', 'http'],
    ['HTTP', 'http'],
    ['streamable-http', 'http'],
    ['streamableHttp', 'http'],
    ['sse', 'sse'],
    ['auto', 'auto'],
  ])('transport %s means %s', (written, transport) => {
    const suite = loaded(yaml('server:', '  url: https://example.com/mcp', `  transport: ${written}`, ...ECHO));
    expect(suite.assertions[0]?.server?.transport).toBe(transport);
  });

  it('defaults the transport from the server fields, keeping ${VAR} in headers raw', () => {
    const suite = loaded(
      yaml(
        'server:',
        '  url: https://example.com/mcp',
        '  headers: {Authorization: "Bearer ${API_TOKEN}"}',
        '  client_capabilities:',
        '    roots: ["{{fixture}}"]',
        '    sampling: {text: Paris}',
        '    elicitation: {content: {confirmed: true}}',
        ...ECHO,
      ),
    );
    expect(suite.assertions[0]?.server).toEqual({
      transport: 'auto',
      protocol: 'auto',
      args: [],
      env: {},
      url: 'https://example.com/mcp',
      headers: { Authorization: 'Bearer ${API_TOKEN}' },
      clientCapabilities: {
        roots: ['{{fixture}}'],
        sampling: { text: 'Paris' },
        elicitation: { content: { confirmed: true } },
      },
    });
  });

  it('names an unnamed assertion after the file, without directories or extension', () => {
    expect(loaded(yaml(...ECHO), 'a/b/get-sum.yml').assertions[0]?.name).toBe('get-sum');
    expect(loaded(yaml('name: ""', ...ECHO), 'C:\\suites\\x.YAML').assertions[0]?.name).toBe('x');
  });

  it('loads every block kind', () => {
    const suite = loaded(
      yaml(
        'assertions:',
        '  - assert: {tool: echo, capture_progress: true, expect: {min_progress: 1}}',
        '  - assert_resources: {list: , subscribe: "test://a", expect_notification: true}',
        '  - assert_prompts: {get: {name: greet, arguments: {n: 3}}}',
        '  - assert_completion: {ref: {type: ref/prompt, name: p}, argument: {name: style}}',
        '  - assert_sampling: {tool: ask, mock_text: Paris, expect: {contains: [Paris]}}',
        '  - assert_logging: {set_level: debug, tool: echo, expect: {min_messages: 1, contains_level: [debug]}}',
        '  - assert_notifications: {tool: long, expect: {min_count: 2, methods: [notifications/progress]}}',
        '  - audit_log: "{{fixture}}/audit.jsonl"',
        '    trajectory: [{type: args_contain, tool: rename, args: {new_name: E}}]',
      ),
    );
    expect(suite.assertions.map((a) => [a.kind, a.block])).toEqual([
      ['assert', { tool: 'echo', args: {}, capture_progress: true, expect: { min_progress: 1 } }],
      ['assert_resources', { list: {}, subscribe: 'test://a', expect_notification: true, expect: {} }],
      ['assert_prompts', { get: { name: 'greet', arguments: { n: '3' } }, expect: {} }],
      [
        'assert_completion',
        { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'style', value: '' }, expect: {} },
      ],
      ['assert_sampling', { tool: 'ask', args: {}, mock_text: 'Paris', expect: { contains: ['Paris'] } }],
      [
        'assert_logging',
        { set_level: 'debug', tool: 'echo', args: {}, expect: { min_messages: 1, contains_level: ['debug'] } },
      ],
      [
        'assert_notifications',
        { tool: 'long', args: {}, expect: { min_count: 2, methods: ['notifications/progress'] } },
      ],
      [
        'trajectory',
        {
          audit_log: '{{fixture}}/audit.jsonl',
          trajectory: [{ type: 'args_contain', tool: 'rename', args: { new_name: 'E' } }],
        },
      ],
    ]);
  });

  it('merges suite defaults into assertions; an assertion overrides them', () => {
    const suite = loaded(
      yaml(
        'name: memory',
        'server: {url: "https://a.example/mcp"}',
        'timeout: 10s',
        'fixture: ./fixtures',
        'setup: [{tool: login, capture: {sid: $.sid}}]',
        'skip_unless_env: [TOKEN]',
        'assertions:',
        '  - name: inherits',
        '    assert: {tool: echo}',
        '  - name: overrides',
        '    server: {command: node, args: [srv.js]}',
        '    timeout: 1m',
        '    setup: [{tool: seed}]',
        '    skip: flaky upstream',
        '    skip_unless_env: [OTHER, TOKEN]',
        '    assert: {tool: echo}',
        '  - name: trajectory ignores server defaults',
        '    trace: [{tool: a}]',
        '    trajectory: [{type: presence, tools: [a]}]',
      ),
      'memory.yaml',
    );
    const [inherits, overrides, trajectory] = suite.assertions;
    expect(suite).toMatchObject({ name: 'memory', timeoutMs: 10_000, fixture: './fixtures' });
    expect(suite.server?.url).toBe('https://a.example/mcp');
    expect(inherits).toMatchObject({
      server: { transport: 'auto', url: 'https://a.example/mcp' },
      timeoutMs: 10_000,
      setup: [{ tool: 'login', args: {}, capture: { sid: '$.sid' } }],
      skipUnlessEnv: ['TOKEN'],
      line: 8,
      column: 5,
    });
    expect(inherits?.skip).toBeUndefined();
    expect(overrides).toMatchObject({
      server: { transport: 'stdio', command: 'node', args: ['srv.js'] },
      timeoutMs: 60_000,
      setup: [
        { tool: 'login', args: {}, capture: { sid: '$.sid' } },
        { tool: 'seed', args: {} },
      ],
      skip: { reason: 'flaky upstream' },
      skipUnlessEnv: ['TOKEN', 'OTHER'],
    });
    expect(trajectory?.server).toBeUndefined();
    expect(trajectory?.setup).toEqual([]);
    expect(trajectory?.timeoutMs).toBe(10_000);
  });

  it('carries suite policy opt-ins and locates a bad one', () => {
    const suite = loaded(yaml('policy:', '  max_calls: 5', '  concurrency: 1', 'assertions:', '  - assert: {tool: a}'));
    expect(suite.policy).toMatchObject({ max_calls: 5, concurrency: 1 });
    const errors = errorsOf(yaml('policy:', '  max_cals: 5', 'assertions:', '  - assert: {tool: a}'));
    expect(errors[0]).toMatch(/^bad\.yaml:2:3: .*max_cals.*did you mean `max_calls`/);
  });

  it('skips every assertion of a skipped suite, keeping an assertion’s own reason', () => {
    const suite = loaded(
      yaml('skip: true', 'assertions:', '  - assert: {tool: a}', '  - assert: {tool: b}', '    skip: own reason'),
    );
    expect(suite.assertions.map((a) => a.skip)).toEqual([{ reason: 'skip: true' }, { reason: 'own reason' }]);
  });

  it('de-duplicates names within a file with " (2)", " (3)", avoiding names already taken', () => {
    const suite = loaded(
      yaml(
        'assertions:',
        '  - {name: echo, assert: {tool: a}}',
        '  - {name: echo, assert: {tool: b}}',
        '  - {name: echo (2), assert: {tool: c}}',
        '  - {name: echo, assert: {tool: d}}',
        '  - {assert: {tool: e}}',
      ),
      'dir/s.yaml',
    );
    expect(suite.assertions.map((a) => a.name)).toEqual(['echo', 'echo (3)', 'echo (2)', 'echo (4)', 's']);
    expect(suite.assertions.map((a) => a.key)).toContain('dir/s.yaml#echo (3)');
    expect(new Set(suite.assertions.map((a) => a.key)).size).toBe(5);
  });

  it('loads several single-assertion documents from one file, each located', () => {
    const suite = loaded(yaml('name: one', ...ECHO, '---', 'name: two', ...ECHO, '---', ''));
    expect(suite.assertions.map((a) => [a.name, a.line])).toEqual([
      ['one', 1],
      ['two', 6],
    ]);
  });

  it('accepts YAML anchors and merge keys for shared fields', () => {
    const suite = loaded(
      yaml(
        'assertions:',
        '  - &base',
        '    name: a',
        '    assert: {tool: echo, expect: {not_error: true}}',
        '  - <<: *base',
        '    name: b',
      ),
    );
    expect(suite.assertions.map((a) => [a.name, a.kind, a.block])).toEqual([
      ['a', 'assert', { tool: 'echo', args: {}, expect: { not_error: true } }],
      ['b', 'assert', { tool: 'echo', args: {}, expect: { not_error: true } }],
    ]);
  });
});

describe('formatSuiteError', () => {
  it.each([
    [{ file: 'a.yaml', line: 3, column: 5, path: 'x', message: 'm', hint: 'h' }, 'a.yaml:3:5: m (h)'],
    [{ file: 'a.yaml', line: 1, column: 1, path: '', message: 'm' }, 'a.yaml:1:1: m'],
  ])('%j', (error, text) => {
    expect(formatSuiteError(error)).toBe(text);
  });
});

describe('loadSuite: the slo block', () => {
  const HEAD = ['name: s', 'server: { url: https://a.example/mcp }'];
  const ASSERTIONS = ['assertions:', '  - name: e', '    assert: { tool: echo }'];

  it('loads it normalized', () => {
    const suite = loaded(
      yaml(...HEAD, 'slo: { p95_ms: 800, over: "20 runs", tools: { echo: { p99_ms: 900 } } }', ...ASSERTIONS),
    );
    expect(suite.slo).toEqual({ targets: { p95: 800 }, over: 20, tools: { echo: { p99: 900 } } });
  });

  it('has none when not written', () => {
    expect(loaded(yaml(...HEAD, ...ASSERTIONS)).slo).toBeUndefined();
  });

  it('refuses a block without a target, located at the block', () => {
    const result = loadSuite(yaml(...HEAD, 'slo: { over: 20 }', ...ASSERTIONS), 'bad.yaml');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.message).toMatch(/at least one target/);
  });

  it('refuses a misspelt window with a hint', () => {
    const result = loadSuite(yaml(...HEAD, 'slo: { p95_ms: 800, over: 20 days }', ...ASSERTIONS), 'bad.yaml');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.hint).toMatch(/20 runs/);
  });
});

describe('loadSuite: pin', () => {
  const SUITE = ['name: p', 'server: { url: https://a.example/mcp }'];
  const ASSERTIONS = ['assertions:', '  - assert: { tool: echo }'];

  it.each([
    ['pin: approved', { surface: 'approved', onChange: 'fail' }],
    ['pin: { surface: approved }', { surface: 'approved', onChange: 'fail' }],
    ['pin: { surface: approved, on_change: warn }', { surface: 'approved', onChange: 'warn' }],
    ['pin: { surface: approved, on_change: fail }', { surface: 'approved', onChange: 'fail' }],
  ])('loads %s', (line, pin) => {
    expect(loaded(yaml(...SUITE, line, ...ASSERTIONS)).pin).toEqual(pin);
  });

  it('is absent when not written', () => {
    expect(loaded(yaml(...SUITE, ...ASSERTIONS)).pin).toBeUndefined();
  });

  it.each([
    ['pin: true', /expected `approved` or a mapping/],
    ['pin: latest', /expected `approved` or a mapping/],
    ['pin: { surface: latest }', /pin.surface must be `approved`/],
    ['pin: { surface: approved, on_change: ignore }', /pin.on_change must be `fail` or `warn`/],
    ['pin: { surface: approved, onchange: warn }', /unknown key `onchange` in pin/],
  ])('refuses %s, located', (line, message) => {
    const result = loadSuite(yaml(...SUITE, line, ...ASSERTIONS), 'bad.yaml');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]?.message).toMatch(message);
    expect(result.errors[0]?.line).toBe(3);
  });
});
