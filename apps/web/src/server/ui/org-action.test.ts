import { SsrfRefusedError } from '@mcptest/mcp';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/server/api/api-error';
import { formToObject, orgAction, refuseUnstorableFields, toActionError } from './org-action';

// A signed-in user; nothing here reaches the database (the checks under test come before the membership lookup).
vi.mock('@/server/auth/get-session-actor', () => ({
  getSessionActor: () => Promise.resolve({ userId: 'user_1', email: 'someone@example.test' }),
}));

describe('formToObject', () => {
  it('keeps single values as strings, repeated names as arrays, and drops React action keys', () => {
    const form = new FormData();
    form.append('name', 'weather');
    form.append('events', 'run.failed');
    form.append('events', 'run.regressed');
    form.append('$ACTION_ID_abc', '');
    expect(formToObject(form)).toEqual({ name: 'weather', events: ['run.failed', 'run.regressed'] });
  });
});

describe('toActionError', () => {
  const table: { name: string; error: unknown; code: string; fields: Record<string, string>; positions?: number }[] = [
    {
      name: 'zod issues become field messages by path',
      error: z.strictObject({ url: z.url(), headers: z.array(z.object({ value: z.string() })) }).safeParse({
        url: 'nope',
        headers: [{ value: 1 }],
      }).error,
      code: 'validation_failed',
      fields: { url: 'Invalid URL', 'headers[0].value': 'Invalid input: expected string, received number' },
    },
    {
      name: 'API details lose their body./query. prefix',
      error: new ApiError('validation_failed', 'bad', [{ path: 'body.schedule', message: 'runs too often' }]),
      code: 'validation_failed',
      fields: { schedule: 'runs too often' },
    },
    {
      name: 'YAML details keep their positions for the editor',
      error: new ApiError('validation_failed', 'suite YAML is invalid', [
        { path: 'yaml', message: 'unknown key "asert"', line: 3, column: 5 },
        { path: 'yaml', message: 'second problem', line: 7, column: 1 },
      ]),
      code: 'validation_failed',
      fields: { yaml: 'unknown key "asert"' },
      positions: 2,
    },
    {
      name: 'SSRF refusals keep their code and message',
      error: new SsrfRefusedError('private_address' as never, 'the address 10.0.0.1 is private'),
      code: 'url_refused',
      fields: {},
    },
    {
      name: 'not_found stays not_found',
      error: new ApiError('not_found', 'suite not found'),
      code: 'not_found',
      fields: {},
    },
  ];
  it.each(table)('$name', ({ error, code, fields, positions }) => {
    const state = toActionError(error);
    if (!state || state.ok) throw new Error('expected an error state');
    expect(state.error.code).toBe(code);
    expect(state.error.fields).toEqual(fields);
    expect(state.error.positions?.length).toBe(positions);
  });

  it('says nothing about internals for an unexpected error', () => {
    const state = toActionError(new Error('password=hunter2 at db.ts:12'));
    if (!state || state.ok) throw new Error('expected an error state');
    expect(state.error).toEqual({ code: 'internal', message: 'internal error; it has been logged', fields: {} });
  });
});

describe('refuseUnstorableFields', () => {
  it.each([
    ['a NUL in a value', { name: 'a\u0000b' }, 'name'],
    ['a NUL in a repeated value', { events: ['run.failed', '\u0000'] }, 'events'],
    ['a lone high surrogate', { org: 'acme', serverId: 'x\ud800' }, 'serverId'],
    ['a lone low surrogate', { yaml: '\udfff' }, 'yaml'],
    ['a NUL in a field name', { 'na\u0000me': 'x' }, 'na\u0000me'],
  ])('refuses %s naming the field', (_what, fields, field) => {
    expect(() => refuseUnstorableFields(fields)).toThrow(
      expect.objectContaining({ code: 'validation_failed', details: [expect.objectContaining({ path: field })] }),
    );
  });

  it('lets paired surrogates (emoji) and ordinary text through', () => {
    expect(() => refuseUnstorableFields({ name: 'caf\u00e9 \u{1F600}', events: ['a', 'b'] })).not.toThrow();
  });
});

describe('orgAction: regressions found by fuzzing (test/fuzz/server-actions.fuzz.test.ts)', () => {
  const action = orgAction('getProject', z.object({ name: z.string() }), () => Promise.resolve('done'));
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it.each([
    [
      'a NUL in a field',
      [
        ['org', 'acme'],
        ['name', 'a\u0000'],
      ],
      'name',
    ],
    [
      'a NUL in the organization',
      [
        ['org', 'acme\u0000'],
        ['name', 'x'],
      ],
      'org',
    ],
  ] as [string, [string, string][], string][])(
    'answers %s with validation_failed naming it, not an internal error from Postgres',
    async (_what, entries, field) => {
      const state = await action(null, form(entries));
      expect(state).toMatchObject({
        ok: false,
        error: { code: 'validation_failed', fields: { [field]: expect.any(String) } },
      });
    },
  );

  it.each([
    ['no org field', [['name', 'x']]],
    [
      'an empty org',
      [
        ['org', ''],
        ['name', 'x'],
      ],
    ],
    [
      'two org fields',
      [
        ['org', 'acme'],
        ['org', 'other'],
        ['name', 'x'],
      ],
    ],
  ] as [string, [string, string][]][])(
    'answers %s with bad_request naming org, not an internal error',
    async (_what, entries) => {
      const state = await action(null, form(entries));
      expect(state).toMatchObject({ ok: false, error: { code: 'bad_request', fields: { org: expect.any(String) } } });
    },
  );

  it.each([undefined, null, 'org=acme', { org: 'acme' }, ['acme']])(
    'answers bad_request to %j in place of the form (a hand-made request), not a TypeError',
    async (notAForm) => {
      const state = await action(null, notAForm as unknown as FormData);
      expect(state).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    },
  );
});
