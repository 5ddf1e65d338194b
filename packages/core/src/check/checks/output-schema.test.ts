import { describe, expect as assertThat, it } from 'vitest';
import { textResult, observe, run, table, text } from '../test-table';

const countSchema = {
  type: 'object',
  properties: { count: { type: 'integer' } },
  required: ['count'],
};

table(
  'output_schema',
  [
    [
      '2020-12 by default',
      { output_schema: true },
      observe(textResult('{}', { structuredContent: { count: 1 } }), { outputSchema: countSchema }),
    ],
    [
      'draft-07 tuple items',
      { output_schema: true },
      observe(textResult('', { structuredContent: { pair: ['a', 1] } }), {
        outputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
        },
      }),
    ],
    [
      '2020-12 prefixItems',
      { output_schema: true },
      observe(textResult('', { structuredContent: { pair: ['a', 1] } }), {
        outputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } },
        },
      }),
    ],
    [
      'unknown keywords tolerated',
      { output_schema: true },
      observe(textResult('', { structuredContent: { count: 1 } }), { outputSchema: { ...countSchema, 'x-vendor': 1 } }),
    ],
    ['output_schema: false checks nothing', { output_schema: false }, text('x')],
  ],
  [
    [
      'mismatch',
      { output_schema: true },
      observe(textResult('', { structuredContent: { count: 'one' } }), { outputSchema: countSchema }),
      'output_schema: structuredContent does not match the outputSchema: structuredContent/count must be integer',
    ],
    [
      'draft-07 semantics chosen by $schema',
      { output_schema: true },
      observe(textResult('', { structuredContent: { pair: [1, 'a'] } }), {
        outputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
        },
      }),
      'output_schema: structuredContent does not match the outputSchema: structuredContent/pair/0 must be string',
    ],
    [
      'missing structuredContent',
      { output_schema: true },
      observe(textResult('{"count":1}'), { outputSchema: countSchema }),
      'output_schema: the tool declares an outputSchema but the result has no structuredContent',
    ],
    [
      'no outputSchema',
      { output_schema: true },
      observe(textResult('', { structuredContent: { count: 1 } })),
      'output_schema: the tool declares no outputSchema',
    ],
    [
      'invalid schema',
      { output_schema: true },
      observe(textResult('', { structuredContent: {} }), { outputSchema: { type: 'strng' } }),
      "output_schema: the tool's outputSchema is invalid: type must be JSONType or JSONType[]: strng",
    ],
    [
      // A server's own catastrophic pattern is matched by RE2: a plain mismatch, at once.
      'catastrophic pattern from the server',
      { output_schema: true },
      observe(textResult('', { structuredContent: { id: `${'a'.repeat(36)}!` } }), {
        outputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^(a+)+$' } } },
      }),
      'output_schema: structuredContent does not match the outputSchema: structuredContent/id must match pattern "^(a+)+$"',
    ],
    [
      'a pattern RE2 cannot run',
      { output_schema: true },
      observe(textResult('', { structuredContent: { id: 'ab' } }), {
        outputSchema: { type: 'object', properties: { id: { type: 'string', pattern: 'a(?!c)' } } },
      }),
      /^output_schema: the tool's outputSchema is invalid: pattern "a\(\?!c\)" is not supported: patterns are matched by RE2, in linear time, without lookaround or backreferences/,
    ],
  ],
  'output_schema',
);

describe('output_schema caching', () => {
  it('validates two schemas sharing an $id independently, and re-uses a compiled schema', () => {
    const a = { $id: 'https://example.com/out.json', type: 'object', required: ['a'] };
    const b = { $id: 'https://example.com/out.json', type: 'object', required: ['b'] };
    const check = (schema: object, structuredContent: object) =>
      run({ output_schema: true }, observe(textResult('', { structuredContent }), { outputSchema: schema })).ok;
    assertThat([check(a, { a: 1 }), check(b, { b: 1 }), check(a, { b: 1 }), check(b, { a: 1 })]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
