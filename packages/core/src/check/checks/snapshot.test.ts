import { describe, expect as assertThat, it } from 'vitest';
import { Expect } from '../expect-schema';
import { snapshotName, toolSnapshot } from '../tool-snapshot';
import { textResult, observe, run } from '../test-table';

describe('snapshot', () => {
  const result = textResult('hello', { structuredContent: { b: 1, a: [1, 2] } });
  const stored = { text: 'hello', isError: false, structuredContent: { a: [1, 2], b: 1 } };

  it.each([
    ['matches (key order ignored)', { snapshot: stored }, { ok: true }],
    ['update mode, unchanged: nothing to write', { snapshot: stored, updateSnapshots: true }, { ok: true }],
    ['update mode, missing: records', { updateSnapshots: true }, { ok: true, snapshotUpdate: toolSnapshot(result) }],
    [
      'update mode, changed: rewrites',
      { snapshot: { ...stored, text: 'bye' }, updateSnapshots: true },
      { ok: true, snapshotUpdate: toolSnapshot(result) },
    ],
  ] as const)('%s', (_label, options, outcome) => {
    assertThat(run({ snapshot: true }, observe(result), options)).toEqual(outcome);
  });

  it.each([
    ['missing', {}, 'snapshot: no stored snapshot; run in update mode to record one'],
    [
      'text differs',
      { snapshot: { ...stored, text: 'help' } },
      'snapshot: text differs from the stored snapshot at character 3: want "help", got "hello"',
    ],
    [
      'isError differs',
      { snapshot: { ...stored, isError: true } },
      'snapshot: response differs from the stored snapshot: want isError=true, got isError=false',
    ],
    [
      'structuredContent differs',
      { snapshot: { ...stored, structuredContent: { a: [1], b: 1 } } },
      'snapshot: structuredContent differs from the stored snapshot: want {"a":[1],"b":1}, got {"a":[1,2],"b":1}',
    ],
    ['malformed stored value', { snapshot: { text: 1 } }, 'snapshot: the stored snapshot is malformed'],
  ] as const)('fails: %s', (_label, options, message) => {
    const outcome = run({ snapshot: { name: 'custom' } }, observe(result), options);
    assertThat(outcome).toMatchObject({ ok: false, failure: { expectation: 'snapshot', message } });
  });

  it('is not consulted when the expect block has no snapshot', () => {
    assertThat(run({ contains: ['hello'] }, observe(result), { snapshot: { text: 'other', isError: false } })).toEqual({
      ok: true,
    });
  });

  it('runs after every other expectation', () => {
    const outcome = run({ snapshot: true, contains: ['absent'] }, observe(result), { updateSnapshots: true });
    assertThat(outcome).toMatchObject({ ok: false, failure: { expectation: 'contains' } });
  });

  it.each([
    [true, 'a1', 'a1'],
    [{ name: 'shared' }, 'a1', 'shared'],
    [{}, 'a1', 'a1'],
    [false, 'a1', undefined],
    [undefined, 'a1', undefined],
  ] as const)('snapshotName(%j, %s) = %s', (snapshot, name, key) => {
    assertThat(snapshotName(Expect.parse({ snapshot }), name)).toBe(key);
  });
});
