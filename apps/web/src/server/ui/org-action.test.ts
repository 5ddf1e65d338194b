import { SsrfRefusedError } from '@mcptest/mcp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/api-error';
import { formToObject, toActionError } from './org-action';

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
