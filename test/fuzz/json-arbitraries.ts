// Generators shared by the fuzz tests: hostile JSON values, values derived from a JSON Schema (the API derives its
// JSON Schemas from the endpoints' zod schemas, so the fuzzer follows the registry), and mutations of valid values.
import fc from 'fast-check';

/** Strings that have broken parsers, databases and loggers before: NUL, lone surrogates, huge, control characters. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uffff\ufffe',
  '\u202eevil',
  '\u00e9\u0301\ud83d\ude00',
  '\r\nX-Injected: 1',
  'null',
  '__proto__',
  'constructor',
  '${HOME}',
  '{{captured}}',
  '%00%0d%0a',
  "'; DROP TABLE projects; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'x'.repeat(5_000),
  '\u{1F600}'.repeat(300),
];

/** Keys that have confused object handling: prototype names, the empty key, a dotted and a bracketed path. */
export const HOSTILE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype', '', 'a.b', 'a[0]', '\u0000'];

const hostileNumber = fc.constantFrom(-0, 0.5, -1, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, 5e-324);

/** Any JSON string: arbitrary code units (lone surrogates included), or one of the hostile ones. */
export const jsonString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(...HOSTILE_STRINGS),
);

/** JSON values biased towards trouble: hostile strings, extreme numbers, prototype keys, some nesting. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    jsonString,
    fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), hostileNumber),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE_KEYS)), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** The part of JSON Schema (draft 2020-12) that zod's toJSONSchema emits for request schemas. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Domain values for a property name (`url`, `yaml`...), mixed with the schema's own values so bodies get deep. */
export type PropertyHints = (property: string) => fc.Arbitrary<unknown> | undefined;

/**
 * Values that mostly satisfy `schema` (refinements the JSON Schema cannot express may still fail), so that requests
 * get past validation into the services. Unknown constructs fall back to hostile JSON.
 */
export function fromJsonSchema(schema: JsonSchema, hints: PropertyHints, property = ''): fc.Arbitrary<unknown> {
  const hinted = hints(property);
  const own = ownArbitrary(schema, hints, property);
  return hinted ? fc.oneof({ arbitrary: hinted, weight: 3 }, { arbitrary: own, weight: 1 }) : own;
}

function ownArbitrary(schema: JsonSchema, hints: PropertyHints, property: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => fromJsonSchema(branch, hints, property)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'string':
      return stringFor(schema);
    case 'array': {
      const min = schema.minItems ?? 0;
      return fc.array(fromJsonSchema(schema.items ?? {}, hints, `${property}[]`), {
        minLength: min,
        maxLength: Math.max(min, Math.min(schema.maxItems ?? 4, 4)),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) model[key] = fromJsonSchema(child, hints, key);
      const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
      if (typeof schema.additionalProperties !== 'object') return record;
      // A record (`z.record`): keys from the hints of `<property>{}` or the key schema, values from the value schema.
      const keys = hints(`${property}{}`) ?? stringFor(schema.propertyNames ?? { type: 'string' });
      const values = fromJsonSchema(schema.additionalProperties, hints, `${property}.*`);
      return fc.dictionary(keys as fc.Arbitrary<string>, values, { maxKeys: 4 });
    }
    default:
      return hostileJson;
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= max);
  }
  return fc.string({ minLength: min, maxLength: max });
}

type Segment = string | number;

/** Every path into a JSON value (the root included), in document order. */
function pathsOf(value: unknown, prefix: Segment[] = [], out: Segment[][] = []): Segment[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...prefix, i], out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out);
  }
  return out;
}

/** One edit of a JSON value: where (an index into its paths) and what. */
export type Mutation =
  | { at: number; op: 'delete' }
  | { at: number; op: 'replace'; value: unknown }
  | { at: number; op: 'add-key'; key: string; value: unknown }
  | { at: number; op: 'wrap' }
  | { at: number; op: 'to-string' };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ at: fc.nat(), op: fc.constant('delete' as const) }),
  fc.record({ at: fc.nat(), op: fc.constant('replace' as const), value: hostileJson }),
  fc.record({
    at: fc.nat(),
    op: fc.constant('add-key' as const),
    key: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...HOSTILE_KEYS)),
    value: hostileJson,
  }),
  fc.record({ at: fc.nat(), op: fc.constant('wrap' as const) }),
  fc.record({ at: fc.nat(), op: fc.constant('to-string' as const) }),
);

function setAt(root: unknown, path: readonly Segment[], make: (old: unknown) => unknown, remove = false): unknown {
  if (path.length === 0) return remove ? undefined : make(root);
  const [head, ...rest] = path as [Segment, ...Segment[]];
  if (Array.isArray(root)) {
    const copy = [...root];
    if (rest.length === 0 && remove) copy.splice(Number(head), 1);
    else copy[Number(head)] = setAt(copy[Number(head)], rest, make, remove);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(root as Record<string, unknown>) };
  if (rest.length === 0 && remove) delete copy[String(head)];
  else Object.defineProperty(copy, String(head), { value: setAt(copy[String(head)], rest, make, remove), ...OWN });
  return copy;
}

/** Plain own enumerable data property, so `__proto__` is a key and not the prototype. */
const OWN = { enumerable: true, writable: true, configurable: true } as const;

/** Applies the edits in turn (each on the result of the one before); the root deleted becomes `null`. */
export function applyMutations(value: unknown, mutations: readonly Mutation[]): unknown {
  let current = value;
  for (const m of mutations) {
    const paths = pathsOf(current);
    const path = paths[m.at % paths.length] ?? [];
    switch (m.op) {
      case 'delete':
        current = setAt(current, path, () => undefined, true) ?? null;
        break;
      case 'replace':
        current = setAt(current, path, () => m.value);
        break;
      case 'add-key':
        current = setAt(current, path, (old) =>
          old !== null && typeof old === 'object' && !Array.isArray(old)
            ? Object.defineProperty({ ...old }, m.key, { value: m.value, ...OWN })
            : { [m.key]: m.value },
        );
        break;
      case 'wrap':
        current = setAt(current, path, (old) => [old]);
        break;
      case 'to-string':
        current = setAt(current, path, (old) => (typeof old === 'string' ? Number(old) : JSON.stringify(old)));
        break;
    }
  }
  return current;
}
