import { describe, expect, it } from 'vitest';
import { expandEnv, renderTemplate, type TemplateVars } from './render-template';

const vars: TemplateVars = {
  fixture: '/tmp/fx',
  captured: { session_id: 'abc123', count: 42, flag: false, item: { id: 7, tags: ['a'] }, nothing: null },
  env: { TOKEN: 's3cret', EMPTY: '' },
};

describe('renderTemplate', () => {
  it.each<[string, unknown, unknown]>([
    ['fixture in a string', '{{fixture}}/main.go', '/tmp/fx/main.go'],
    ['whole fixture', '{{fixture}}', '/tmp/fx'],
    ['whole capture keeps a string', '{{session_id}}', 'abc123'],
    ['whole capture keeps a number', '{{count}}', 42],
    ['whole capture keeps a boolean', '{{flag}}', false],
    ['whole capture keeps null', '{{nothing}}', null],
    ['whole capture keeps an object', '{{item}}', { id: 7, tags: ['a'] }],
    ['spaces inside braces', '{{ count }}', 42],
    ['embedded number is stringified', 'n={{count}}', 'n=42'],
    ['embedded object is JSON', 'item: {{item}}', 'item: {"id":7,"tags":["a"]}'],
    ['embedded null', '[{{nothing}}]', '[null]'],
    ['several placeholders', '{{fixture}}/{{session_id}}/{{count}}', '/tmp/fx/abc123/42'],
    ['env', 'Bearer ${TOKEN}', 'Bearer s3cret'],
    ['whole env stays a string', '${TOKEN}', 's3cret'],
    ['set-but-empty env', 'x${EMPTY}y', 'xy'],
    ['env default when unset', '${MISSING:-fallback}', 'fallback'],
    ['env default when empty', '${EMPTY:-fallback}', 'fallback'],
    ['env default ignored when set', '${TOKEN:-fallback}', 's3cret'],
    ['empty default', 'a${MISSING:-}b', 'ab'],
    ['escaped ${', 'echo $${HOME}', 'echo ${HOME}'],
    ['bare $VAR is literal in args', 'cost $HOME and $5', 'cost $HOME and $5'],
    ['non-identifier braces are literal', 'Hello {{.Name}} {{}}', 'Hello {{.Name}} {{}}'],
    ['numbers untouched', 5, 5],
    ['null untouched', null, null],
    ['booleans untouched', true, true],
  ])('%s', (_label, input, expected) => {
    expect(renderTemplate(input, vars)).toEqual({ ok: true, value: expected });
  });

  it('walks nested objects and arrays, keys included, without mutating the input', () => {
    const input = {
      paths: ['{{fixture}}/a.txt', '{{fixture}}/b.txt'],
      nested: { deep: [{ id: '{{count}}', label: 'n{{count}}' }], keep: 3 },
      '{{fixture}}/out.txt': 'expected',
    };
    const snapshot = structuredClone(input);
    expect(renderTemplate(input, vars)).toEqual({
      ok: true,
      value: {
        paths: ['/tmp/fx/a.txt', '/tmp/fx/b.txt'],
        nested: { deep: [{ id: 42, label: 'n42' }], keep: 3 },
        '/tmp/fx/out.txt': 'expected',
      },
    });
    expect(input).toEqual(snapshot);
  });

  it.each<[string, unknown, TemplateVars, { code: string; name: string; path: string; message: string }]>([
    [
      'unknown capture, listing what is available',
      { a: { b: ['ok', 'id={{sesion_id}}'] } },
      vars,
      {
        code: 'unknown_variable',
        name: 'sesion_id',
        path: 'a.b[1]',
        message:
          'unknown template variable {{sesion_id}} at a.b[1] (available: fixture, session_id, count, flag, item, nothing)',
      },
    ],
    [
      'unknown whole placeholder with nothing captured',
      '{{id}}',
      { captured: {}, env: {} },
      {
        code: 'unknown_variable',
        name: 'id',
        path: '',
        message: 'unknown template variable {{id}} (available: none; capture values in a setup step first)',
      },
    ],
    [
      'fixture without a fixture directory',
      { path: '{{fixture}}/x' },
      { captured: {}, env: {} },
      {
        code: 'no_fixture',
        name: 'fixture',
        path: 'path',
        message: '{{fixture}} is used at path but this run has no fixture directory (pass --fixture)',
      },
    ],
    [
      'unset env',
      ['${NOPE}'],
      vars,
      {
        code: 'unset_env',
        name: 'NOPE',
        path: '[0]',
        message: 'environment variable NOPE is not set at [0] (set it, or write ${NOPE:-default})',
      },
    ],
    [
      'malformed env reference',
      'x ${1BAD} y',
      vars,
      {
        code: 'invalid_env_reference',
        name: '1BAD',
        path: '',
        message:
          'invalid environment reference ${1BAD}: expected ${NAME} or ${NAME:-default} (write $${ for a literal ${)',
      },
    ],
    [
      'unknown name in a key',
      { '{{nope}}': 1 },
      vars,
      {
        code: 'unknown_variable',
        name: 'nope',
        path: '{{nope}}',
        message: expect.stringContaining('unknown template variable {{nope}}') as unknown as string,
      },
    ],
  ])('error: %s', (_label, input, templateVars, error) => {
    expect(renderTemplate(input, templateVars)).toEqual({ ok: false, error });
  });

  it('prefers the fixture over a capture named fixture', () => {
    expect(renderTemplate('{{fixture}}', { ...vars, captured: { fixture: 'captured' } })).toEqual({
      ok: true,
      value: '/tmp/fx',
    });
  });
});

describe('expandEnv', () => {
  const env = { API_TOKEN: 'tok', USER: 'ann', EMPTY: '' };

  it.each<[string, string]>([
    ['Bearer ${API_TOKEN}', 'Bearer tok'],
    ['Bearer $API_TOKEN', 'Bearer tok'],
    ['${USER}:${API_TOKEN}@host', 'ann:tok@host'],
    ['$USER-suffix', 'ann-suffix'],
    ['${MISSING:-anon}', 'anon'],
    ['${EMPTY:-d}', 'd'],
    ['price $$USER', 'price $USER'],
    ['$5 and a trailing $', '$5 and a trailing $'],
    ['{{fixture}} is not expanded here', '{{fixture}} is not expanded here'],
    ['', ''],
  ])('%s', (input, expected) => {
    expect(expandEnv(input, env)).toEqual({ ok: true, value: expected });
  });

  it.each<[string, string, string]>([
    ['Bearer ${MISSING}', 'MISSING', 'unset_env'],
    ['Bearer $MISSING', 'MISSING', 'unset_env'],
    ['${A-B}', 'A-B', 'invalid_env_reference'],
  ])('fails on %s', (input, name, code) => {
    const result = expandEnv(input, env);
    expect(result).toMatchObject({ ok: false, error: { name, code, path: '' } });
  });
});
