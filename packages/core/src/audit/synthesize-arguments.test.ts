import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { synthesizeArguments, synthesizeStringForPattern } from './synthesize-arguments';

const ajvOptions = { strict: false, validateSchema: false, validateFormats: false, logger: false } as const;
const ajv2020 = new Ajv2020(ajvOptions);
const ajv07 = new Ajv(ajvOptions);

/** The synthesized arguments must be accepted by a real validator, not just equal what the table says. */
function validates(schema: Record<string, unknown>, value: unknown, draft07 = false): boolean {
  const validate = (draft07 ? ajv07 : ajv2020).compile(schema);
  return validate(value);
}

const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties), extra = {}) => ({
  type: 'object',
  properties,
  required,
  ...extra,
});

type Row = [name: string, schema: Record<string, unknown>, args: Record<string, unknown>];

const rows: Row[] = [
  ['empty schema', { type: 'object' }, {}],
  ['optional properties are left out', obj({ q: { type: 'string' } }, []), {}],
  ['required string', obj({ q: { type: 'string' } }), { q: 'example' }],
  ['optional property with a default is sent', obj({ limit: { type: 'integer', default: 25 } }, []), { limit: 25 }],
  [
    'enum takes the first value',
    obj({ city: { type: 'string', enum: ['New York', 'Chicago'] } }),
    { city: 'New York' },
  ],
  ['const', obj({ kind: { const: 'fixed' } }), { kind: 'fixed' }],
  ['examples', obj({ q: { type: 'string', examples: ['weather'] } }), { q: 'weather' }],
  ['format email', obj({ to: { type: 'string', format: 'email' } }), { to: 'user@example.com' }],
  ['format uri', obj({ link: { type: 'string', format: 'uri' } }), { link: 'https://example.com/' }],
  ['format date', obj({ on: { type: 'string', format: 'date' } }), { on: '2024-01-01' }],
  ['format date-time', obj({ at: { type: 'string', format: 'date-time' } }), { at: '2024-01-01T00:00:00Z' }],
  ['format uuid', obj({ id: { type: 'string', format: 'uuid' } }), { id: '00000000-0000-4000-8000-000000000000' }],
  ['name says url', obj({ callback_url: { type: 'string' } }), { callback_url: 'https://example.com/' }],
  ['minLength pads', obj({ code: { type: 'string', minLength: 10 } }), { code: 'examplexxx' }],
  ['maxLength cuts', obj({ code: { type: 'string', maxLength: 3 } }), { code: 'exa' }],
  ['simple pattern', obj({ sku: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' } }), { sku: 'AAA-0000' }],
  [
    'pattern with group and alternatives',
    obj({ v: { type: 'string', pattern: '^(?:v|ver)[0-9]+\\.x$' } }),
    { v: 'v0.x' },
  ],
  ['integer default 1', obj({ n: { type: 'integer' } }), { n: 1 }],
  ['integer minimum', obj({ n: { type: 'integer', minimum: 5, maximum: 10 } }), { n: 5 }],
  ['integer exclusiveMinimum (2020)', obj({ n: { type: 'integer', exclusiveMinimum: 5 } }), { n: 6 }],
  ['number maximum below 1', obj({ p: { type: 'number', maximum: 0.5 } }), { p: 0.5 }],
  ['number exclusive range', obj({ p: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 } }), { p: 0.5 }],
  ['negative range', obj({ t: { type: 'integer', minimum: -10, maximum: -2 } }), { t: -10 }],
  ['multipleOf', obj({ n: { type: 'integer', minimum: 7, multipleOf: 5 } }), { n: 10 }],
  ['fractional multipleOf', obj({ x: { type: 'number', minimum: 0.25, multipleOf: 0.1 } }), { x: 1 }],
  [
    'fractional multipleOf in a narrow range',
    obj({ x: { type: 'number', minimum: 0.21, maximum: 0.55, multipleOf: 0.1 } }),
    { x: 0.4 },
  ],
  ['boolean is false', obj({ force: { type: 'boolean' } }), { force: false }],
  ['nullable type list', obj({ note: { type: ['null', 'string'] } }), { note: 'example' }],
  [
    'array with minItems',
    obj({ tags: { type: 'array', items: { type: 'string' }, minItems: 2 } }),
    { tags: ['example', 'example'] },
  ],
  ['array without minItems is empty', obj({ tags: { type: 'array', items: { type: 'string' } } }), { tags: [] }],
  [
    'tuple prefixItems',
    obj({ point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], minItems: 2 } }),
    { point: [1, 'example'] },
  ],
  [
    'nested object',
    obj({ filter: obj({ field: { type: 'string' }, limit: { type: 'integer', minimum: 10 } }, ['field', 'limit']) }),
    { filter: { field: 'example', limit: 10 } },
  ],
  [
    'oneOf takes the first branch',
    obj({ target: { oneOf: [{ type: 'integer', minimum: 3 }, { type: 'string' }] } }),
    { target: 3 },
  ],
  [
    'anyOf branch merged with the parent',
    {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      anyOf: [{ required: ['b'] }, { required: ['a'] }],
    },
    { b: 1 },
  ],
  [
    'first branch that cannot be synthesized is skipped',
    obj({ v: { anyOf: [{ type: 'integer', minimum: 5, maximum: 1 }, { type: 'boolean' }] } }),
    { v: false },
  ],
  [
    '$ref into $defs',
    {
      type: 'object',
      properties: { user: { $ref: '#/$defs/User' } },
      required: ['user'],
      $defs: { User: obj({ id: { type: 'integer' } }) },
    },
    { user: { id: 1 } },
  ],
  [
    '$ref with sibling keywords',
    {
      type: 'object',
      properties: { n: { $ref: '#/$defs/Count', minimum: 4 } },
      required: ['n'],
      $defs: { Count: { type: 'integer', minimum: 0 } },
    },
    { n: 4 },
  ],
  [
    'allOf merged',
    { type: 'object', allOf: [obj({ a: { type: 'string' } }), obj({ b: { type: 'boolean' } })] },
    { a: 'example', b: false },
  ],
  [
    'required property missing from properties',
    { type: 'object', properties: {}, required: ['mystery'] },
    { mystery: 'example' },
  ],
  [
    'dependentRequired pulls in a property',
    {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      required: ['a'],
      dependentRequired: { a: ['b'] },
    },
    { a: 'example', b: 1 },
  ],
  [
    'minProperties adds optional properties',
    obj({ a: { type: 'string' }, b: { type: 'string' } }, [], { minProperties: 1 }),
    { a: 'example' },
  ],
  ['untyped property with bounds is a number', obj({ n: { minimum: 2 } }), { n: 2 }],
];

describe('synthesizeArguments', () => {
  it.each(rows)('%s', (_name, schema, args) => {
    const result = synthesizeArguments(schema);
    expect(result).toMatchObject({ ok: true, args });
    if (result.ok) expect(validates(schema, result.args)).toBe(true);
  });

  it('uses draft-04 boolean exclusive bounds', () => {
    const schema = obj({ n: { type: 'integer', minimum: 1, exclusiveMinimum: true, maximum: 3 } });
    const result = synthesizeArguments(schema);
    expect(result).toMatchObject({ ok: true, args: { n: 2 } });
  });

  it('accepts a draft-07 tuple (items array)', () => {
    const schema = obj({ pair: { type: 'array', items: [{ type: 'string' }, { type: 'boolean' }], minItems: 2 } });
    const result = synthesizeArguments(schema);
    expect(result).toMatchObject({ ok: true, args: { pair: ['example', false] } });
    if (result.ok) expect(validates(schema, result.args, true)).toBe(true);
  });

  it('is deterministic and does not alias the schema', () => {
    const defaultValue = { deep: [1] };
    const schema = obj({ opts: { type: 'object', default: defaultValue } }, []);
    const first = synthesizeArguments(schema);
    const second = synthesizeArguments(schema);
    expect(first).toEqual(second);
    if (first.ok) (first.args.opts as { deep: number[] }).deep.push(2);
    expect(defaultValue.deep).toEqual([1]);
  });

  it('notes a pattern it cannot satisfy and uses a placeholder', () => {
    const result = synthesizeArguments(obj({ id: { type: 'string', pattern: '^(?=.*\\d)[a-z\\d]{8}$' } }));
    expect(result).toMatchObject({ ok: true, args: { id: 'example' } });
    if (result.ok) expect(result.notes).toEqual([expect.stringMatching(/^args\.id: pattern .* too complex/)]);
  });

  it('notes an unknown format', () => {
    const result = synthesizeArguments(obj({ c: { type: 'string', format: 'color-hex' } }));
    expect(result).toMatchObject({ ok: true, args: { c: 'example' } });
    if (result.ok) expect(result.notes[0]).toContain('unknown format "color-hex"');
  });

  it('gives {} for a missing inputSchema', () => {
    expect(synthesizeArguments(undefined)).toEqual({ ok: true, args: {}, notes: [] });
  });

  it.each<[string, unknown, RegExp]>([
    ['not an object', 'string', /not a JSON Schema object/],
    ['a non-object root type', { type: 'array' }, /must be an object/],
    [
      'impossible integer bounds',
      obj({ n: { type: 'integer', minimum: 5, maximum: 4 } }),
      /args\.n: no integer satisfies >= 5 and <= 4/,
    ],
    [
      'an integer between exclusive neighbours',
      obj({ n: { type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 2 } }),
      /no integer/,
    ],
    [
      'multipleOf that no bounded value meets',
      obj({ n: { type: 'integer', minimum: 1, maximum: 4, multipleOf: 5 } }),
      /multipleOf 5/,
    ],
    ['an empty enum', obj({ e: { enum: [] } }), /enum is empty/],
    [
      'minLength over maxLength',
      obj({ s: { type: 'string', minLength: 5, maxLength: 2 } }),
      /minLength 5 is above maxLength 2/,
    ],
    ['an unresolvable $ref', obj({ u: { $ref: '#/$defs/Missing' } }), /cannot resolve \$ref "#\/\$defs\/Missing"/],
    ['a remote $ref', obj({ u: { $ref: 'https://example.com/schema.json' } }), /cannot resolve \$ref/],
    [
      'a required recursive $ref',
      {
        type: 'object',
        properties: { node: { $ref: '#/$defs/Node' } },
        required: ['node'],
        $defs: { Node: obj({ next: { $ref: '#/$defs/Node' } }) },
      },
      /nests too deeply/,
    ],
    ['the false schema', obj({ never: false }), /admits no value/],
    [
      'uniqueItems that cannot be met',
      obj({ t: { type: 'array', items: { const: 1 }, minItems: 2, uniqueItems: true } }),
      /uniqueItems/,
    ],
  ])('fails with a reason for %s', (_name, schema, reason) => {
    const result = synthesizeArguments(schema);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('a recursive $ref that is optional is fine', () => {
    const schema = {
      type: 'object',
      properties: { node: { $ref: '#/$defs/Node' } },
      required: ['node'],
      $defs: { Node: obj({ next: { $ref: '#/$defs/Node' } }, []) },
    };
    expect(synthesizeArguments(schema)).toMatchObject({ ok: true, args: { node: {} } });
  });

  it('property: bounded integer and string schemas always give valid arguments', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        (lo, width, step, minLength, extra) => {
          const schema = obj({
            n: { type: 'integer', minimum: lo, maximum: lo + width + step, multipleOf: step },
            s: { type: 'string', minLength, maxLength: minLength + extra },
          });
          const result = synthesizeArguments(schema);
          return result.ok && validates(schema, result.args);
        },
      ),
    );
  });
});

describe('synthesizeStringForPattern', () => {
  it.each<[string, string | undefined]>([
    ['^abc$', 'abc'],
    ['^[a-z]+$', 'a'],
    ['^\\d{3}-\\d{2}$', '000-00'],
    ['^https?://\\S+$', undefined],
    ['^(foo|bar)baz?$', 'fooba'],
    ['^[_a-zA-Z][_a-zA-Z0-9]*$', '_'],
    ['^a.c$', 'aac'],
    ['\\w+@\\w+\\.com', 'a@a.com'],
    ['^(?!x)', undefined],
    ['^(a(b))$', undefined],
    ['^[^x]$', undefined],
    ['(a)\\1', undefined],
    ['a{2,}', 'aa'],
    ['[', undefined],
  ])('%s -> %s', (pattern, expected) => {
    expect(synthesizeStringForPattern(pattern)).toBe(expected);
  });
});
