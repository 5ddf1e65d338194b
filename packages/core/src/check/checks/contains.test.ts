import { describe, expect as assertThat, it } from 'vitest';
import { observe, run, table, text } from '../test-table';

table(
  'contains',
  [
    ['all present', { contains: ['hello', 'world'] }, text('hello, world')],
    [
      'across text blocks',
      { contains: ['a\nb'] },
      observe({
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }),
    ],
    ['empty list', { contains: [] }, text('')],
  ],
  [
    [
      'one missing',
      { contains: ['hello', 'moon'] },
      text('hello, world'),
      'expected result to contain "moon", got: hello, world',
    ],
    ['case-sensitive', { contains: ['Hello'] }, text('hello'), 'expected result to contain "Hello", got: hello'],
    [
      'text inside a resource block is not result text',
      { contains: ['secret'] },
      observe({
        content: [
          { type: 'text', text: 'see resource' },
          { type: 'resource', resource: { uri: 'file:///a', text: 'secret' } } as never,
          { type: 'resource_link', uri: 'file:///b', name: 'secret' } as never,
        ],
      }),
      'expected result to contain "secret", got: see resource',
    ],
  ],
  'contains',
);

describe('isError without not_error or is_error', () => {
  it('does not fail by itself: content checks run on the error text (as mcp-assert)', () => {
    assertThat(run({ contains: ['not found'] }, text('file not found', { isError: true }))).toEqual({ ok: true });
  });
  it('passes an empty expect block', () => {
    assertThat(run({}, text('anything', { isError: true }))).toEqual({ ok: true });
  });
  it('is_error with content checks checks the error text', () => {
    const outcome = run({ is_error: true, contains: ['ENOENT'] }, text('permission denied', { isError: true }));
    assertThat(outcome).toMatchObject({ ok: false, failure: { expectation: 'contains', got: 'permission denied' } });
  });
});
