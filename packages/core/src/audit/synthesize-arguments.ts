import { isRecord } from '../util/is-record';

/*
 * Arguments for a probe call, made up from a tool's inputSchema (docs/audit.md, "Arguments"). The aim is the smallest
 * call the schema admits: required properties only (plus properties that declare a default), the first enum value,
 * the first oneOf/anyOf branch that works, lower bounds, `false` for booleans (so flags such as force or recursive stay
 * off). Deterministic: the same schema always gives the same arguments, so a scaffolded test replays the audit's call.
 */

/** Where a value sits in the arguments, for notes and reasons: `args.filter.limit`, `args.tags[0]`. */
type Path = string;

export type SynthesizeArgumentsOutcome =
  | {
      ok: true;
      args: Record<string, unknown>;
      /** Places where the value is a guess the server may reject (an unsupported pattern, an unknown format). */
      notes: string[];
    }
  | { ok: false; reason: string };

type JsonSchema = Record<string, unknown>;

type Gen = { ok: true; value: unknown } | { ok: false; reason: string };

/** Deeper than this is a recursive `$ref` or a schema no probe needs. */
const MAX_DEPTH = 24;
/** How many multiples of `multipleOf` are tried before giving up on a bounded range. */
const MAX_MULTIPLE_STEPS = 1000;
/** Longer patterns are never interpreted: a placeholder is used instead. */
const MAX_PATTERN_LENGTH = 200;
const PLACEHOLDER = 'example';

/** Values for string `format`s; each is valid for the format and harmless (example.com, documentation IP ranges). */
export const AUDIT_FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  iri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  'iri-reference': 'https://example.com/',
  'uri-template': 'https://example.com/{id}',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  time: '00:00:00Z',
  duration: 'P1D',
  uuid: '00000000-0000-4000-8000-000000000000',
  regex: '.*',
  'json-pointer': '/example',
  'relative-json-pointer': '0',
  byte: 'ZXhhbXBsZQ==',
  password: PLACEHOLDER,
  binary: PLACEHOLDER,
};

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function nonNegativeInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function child(path: Path, key: string | number): Path {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function fail(path: Path, why: string): Gen {
  return { ok: false, reason: `${path}: ${why}` };
}

/** A deep copy of JSON data, so later edits of the arguments never reach into the schema. */
function cloneJson(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

class Synthesizer {
  readonly notes: string[] = [];

  constructor(private readonly root: JsonSchema) {}

  note(path: Path, message: string): void {
    this.notes.push(`${path}: ${message}`);
  }

  /** Resolves a local `$ref` (`#`, `#/$defs/x`, `#/definitions/x`, `#/properties/a/items`). */
  resolveRef(ref: string): JsonSchema | boolean | undefined {
    if (ref === '#') return this.root;
    if (!ref.startsWith('#/')) return undefined;
    let current: unknown = this.root;
    for (const raw of ref.slice(2).split('/')) {
      let segment: string;
      try {
        segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return undefined;
      }
      if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
      else if (isRecord(current) && Object.prototype.hasOwnProperty.call(current, segment)) current = current[segment];
      else return undefined;
    }
    return isRecord(current) || typeof current === 'boolean' ? current : undefined;
  }

  /**
   * The schema with `$ref` and `allOf` folded in, so the generator sees one object. Sibling keywords of a `$ref` win
   * over the referenced schema (2019-09 semantics, and what authors who write them mean).
   */
  flatten(
    schema: unknown,
    path: Path,
    depth: number,
  ): { ok: true; schema: JsonSchema } | { ok: false; reason: string } {
    if (depth > MAX_DEPTH) return { ok: false, reason: `${path}: schema nests too deeply (a recursive $ref?)` };
    if (schema === true || schema === undefined) return { ok: true, schema: {} };
    if (schema === false) return { ok: false, reason: `${path}: the schema \`false\` admits no value` };
    if (!isRecord(schema)) return { ok: false, reason: `${path}: expected a JSON Schema object` };
    let result: JsonSchema = { ...schema };
    if (typeof schema.$ref === 'string') {
      const target = this.resolveRef(schema.$ref);
      if (target === undefined) return { ok: false, reason: `${path}: cannot resolve $ref "${schema.$ref}"` };
      const resolved = this.flatten(target, path, depth + 1);
      if (!resolved.ok) return resolved;
      const { $ref: _ref, ...siblings } = result;
      result = mergeSchemas(resolved.schema, siblings);
    }
    if (Array.isArray(result.allOf)) {
      const { allOf, ...rest } = result;
      let merged: JsonSchema = rest;
      for (const [index, part] of (allOf as unknown[]).entries()) {
        const flat = this.flatten(part, `${path} (allOf[${index}])`, depth + 1);
        if (!flat.ok) return flat;
        merged = mergeSchemas(merged, flat.schema);
      }
      result = merged;
    }
    return { ok: true, schema: result };
  }

  generate(schema: unknown, path: Path, depth: number, propertyName?: string): Gen {
    const flat = this.flatten(schema, path, depth);
    if (!flat.ok) return flat;
    const s = flat.schema;

    if (Object.prototype.hasOwnProperty.call(s, 'const')) return { ok: true, value: cloneJson(s.const) };
    if (Object.prototype.hasOwnProperty.call(s, 'default') && s.default !== undefined) {
      return { ok: true, value: cloneJson(s.default) };
    }
    if (Array.isArray(s.enum)) {
      if (s.enum.length === 0) return fail(path, 'enum is empty, so no value is allowed');
      return { ok: true, value: cloneJson(s.enum[0]) };
    }

    // A branch is merged into its parent: `{type: object, properties, anyOf: [{required: [a]}, ...]}` is common.
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = s[key];
      if (!Array.isArray(branches)) continue;
      if (branches.length === 0) return fail(path, `${key} is empty, so no value is allowed`);
      const { [key]: _branches, ...parent } = s;
      const reasons: string[] = [];
      for (const [index, branch] of branches.entries()) {
        const flatBranch = this.flatten(branch, `${path} (${key}[${index}])`, depth + 1);
        if (!flatBranch.ok) {
          reasons.push(flatBranch.reason);
          continue;
        }
        const notesBefore = this.notes.length;
        const value = this.generate(mergeSchemas(parent, flatBranch.schema), path, depth + 1, propertyName);
        if (value.ok) return value;
        this.notes.length = notesBefore;
        reasons.push(value.reason);
      }
      return fail(path, `no ${key} branch could be synthesized (${reasons.join('; ')})`);
    }

    if (Array.isArray(s.examples) && s.examples.length > 0) return { ok: true, value: cloneJson(s.examples[0]) };

    const type = this.pickType(s, path);
    switch (type) {
      case 'object':
        return this.object(s, path, depth);
      case 'array':
        return this.array(s, path, depth);
      case 'string':
        return this.string(s, path, propertyName);
      case 'integer':
      case 'number':
        return this.number(s, path, type === 'integer');
      case 'boolean':
        return { ok: true, value: false };
      case 'null':
        return { ok: true, value: null };
      default:
        return fail(path, `unsupported type ${JSON.stringify(type)}`);
    }
  }

  /** The declared type (the first non-null one of a list), else the one the keywords imply. */
  pickType(s: JsonSchema, path: Path): string {
    if (typeof s.type === 'string') return s.type;
    if (Array.isArray(s.type)) {
      const types = s.type.filter((t): t is string => typeof t === 'string');
      return types.find((t) => t !== 'null') ?? types[0] ?? 'string';
    }
    if (isRecord(s.properties) || Array.isArray(s.required) || s.additionalProperties !== undefined) return 'object';
    if (s.items !== undefined || s.prefixItems !== undefined || s.minItems !== undefined) return 'array';
    if (s.minLength !== undefined || s.maxLength !== undefined || s.pattern !== undefined || s.format !== undefined) {
      return 'string';
    }
    if (
      s.minimum !== undefined ||
      s.maximum !== undefined ||
      s.exclusiveMinimum !== undefined ||
      s.exclusiveMaximum !== undefined ||
      s.multipleOf !== undefined
    ) {
      return 'number';
    }
    this.note(path, 'no type declared; a string was used');
    return 'string';
  }

  object(s: JsonSchema, path: Path, depth: number): Gen {
    const properties = isRecord(s.properties) ? s.properties : {};
    const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
    const names: string[] = [];
    const add = (name: string) => {
      if (!names.includes(name)) names.push(name);
    };
    for (const name of required) add(name);
    // Optional properties with a default: sending the default changes nothing and shows the knob in the scaffold.
    for (const [name, prop] of Object.entries(properties)) {
      if (isRecord(prop) && prop.default !== undefined) add(name);
    }
    const minProperties = nonNegativeInt(s.minProperties) ?? 0;
    for (const name of Object.keys(properties)) {
      if (names.length >= minProperties) break;
      add(name);
    }
    // dependentRequired (and draft-7 array-valued dependencies): a property we send may pull in others.
    const dependents = isRecord(s.dependentRequired)
      ? s.dependentRequired
      : isRecord(s.dependencies)
        ? s.dependencies
        : {};
    for (let i = 0; i < names.length; i++) {
      const deps = dependents[names[i] as string];
      if (Array.isArray(deps)) for (const dep of deps) if (typeof dep === 'string') add(dep);
    }

    const value: Record<string, unknown> = {};
    for (const name of names) {
      const at = child(path, name);
      let propSchema: unknown = properties[name];
      if (propSchema === undefined) {
        if (isRecord(s.additionalProperties)) propSchema = s.additionalProperties;
        else {
          this.note(at, 'required but not described in properties; a string was used');
          propSchema = {};
        }
      }
      const generated = this.generate(propSchema, at, depth + 1, name);
      if (!generated.ok) return generated;
      value[name] = generated.value;
    }
    return { ok: true, value };
  }

  array(s: JsonSchema, path: Path, depth: number): Gen {
    const minItems = nonNegativeInt(s.minItems) ?? 0;
    const maxItems = nonNegativeInt(s.maxItems);
    if (maxItems !== undefined && minItems > maxItems) {
      return fail(path, `minItems ${minItems} is above maxItems ${maxItems}`);
    }
    // 2020-12 tuples are `prefixItems` + `items`; draft-7 tuples are an `items` array + `additionalItems`.
    const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
    const rest = Array.isArray(s.items) ? s.additionalItems : s.items;
    const items: unknown[] = [];
    for (let index = 0; index < minItems; index++) {
      const itemSchema = index < prefix.length ? prefix[index] : rest;
      const generated = this.generate(itemSchema, child(path, index), depth + 1);
      if (!generated.ok) return generated;
      items.push(generated.value);
    }
    if (s.uniqueItems === true && new Set(items.map((item) => JSON.stringify(item))).size < items.length) {
      return fail(path, `uniqueItems with minItems ${minItems}: cannot make ${minItems} distinct items`);
    }
    return { ok: true, value: items };
  }

  string(s: JsonSchema, path: Path, propertyName: string | undefined): Gen {
    const minLength = nonNegativeInt(s.minLength) ?? 0;
    const maxLength = nonNegativeInt(s.maxLength);
    if (maxLength !== undefined && minLength > maxLength) {
      return fail(path, `minLength ${minLength} is above maxLength ${maxLength}`);
    }
    let value: string;
    if (typeof s.pattern === 'string') {
      const generated = synthesizeStringForPattern(s.pattern);
      if (generated === undefined) {
        this.note(path, `pattern ${JSON.stringify(s.pattern)} is too complex to satisfy; a placeholder was used`);
        value = PLACEHOLDER;
      } else {
        value = generated;
      }
      if (value.length < minLength || (maxLength !== undefined && value.length > maxLength)) {
        if (generated !== undefined) {
          this.note(path, `the value made for the pattern does not fit minLength/maxLength`);
        }
        value = fitLength(value, minLength, maxLength);
      }
      return { ok: true, value };
    }
    const format = typeof s.format === 'string' ? s.format : undefined;
    if (format !== undefined) {
      const example = AUDIT_FORMAT_EXAMPLES[format];
      if (example === undefined) this.note(path, `unknown format "${format}"; a placeholder was used`);
      value = example ?? PLACEHOLDER;
    } else {
      value = byName(propertyName);
    }
    const fitted = fitLength(value, minLength, maxLength);
    if (fitted !== value && format !== undefined) {
      this.note(path, `the ${format} example does not fit minLength/maxLength and was cut or padded`);
    }
    return { ok: true, value: fitted };
  }

  number(s: JsonSchema, path: Path, integer: boolean): Gen {
    // Draft 4 spells exclusive bounds as booleans beside minimum/maximum; later drafts as numbers.
    let lo = num(s.minimum);
    let hi = num(s.maximum);
    let loExclusive = s.exclusiveMinimum === true;
    let hiExclusive = s.exclusiveMaximum === true;
    const exMin = num(s.exclusiveMinimum);
    const exMax = num(s.exclusiveMaximum);
    if (exMin !== undefined && (lo === undefined || exMin >= lo)) {
      lo = exMin;
      loExclusive = true;
    }
    if (exMax !== undefined && (hi === undefined || exMax <= hi)) {
      hi = exMax;
      hiExclusive = true;
    }
    const step = num(s.multipleOf);
    if (step !== undefined && step <= 0) return fail(path, `multipleOf must be above 0, got ${step}`);
    const fits = (x: number) =>
      Number.isFinite(x) &&
      (!integer || Number.isInteger(x)) &&
      (lo === undefined || (loExclusive ? x > lo : x >= lo)) &&
      (hi === undefined || (hiExclusive ? x < hi : x <= hi)) &&
      (step === undefined || isMultiple(x, step));

    // 1 first: small, positive, and a sensible count, page or limit.
    const candidates: number[] = [1];
    if (step === undefined) {
      if (lo !== undefined) {
        if (integer) candidates.push(loExclusive ? Math.floor(lo) + 1 : Math.ceil(lo));
        else candidates.push(loExclusive ? lo + 1 : lo);
        if (hi !== undefined) {
          const middle = (lo + hi) / 2;
          candidates.push(...(integer ? [Math.ceil(middle), Math.floor(middle)] : [middle]));
        }
      }
      if (hi !== undefined) {
        if (integer) candidates.push(hiExclusive ? Math.ceil(hi) - 1 : Math.floor(hi));
        else candidates.push(hiExclusive ? hi - 1 : hi);
      }
      candidates.push(0);
    }
    const found = candidates.find(fits);
    if (found !== undefined) return { ok: true, value: found };
    if (step !== undefined) {
      // Walk the multiples of `step` up from the lower bound (down from the upper one when there is none).
      const decimals = decimalPlaces(step);
      const start = lo !== undefined ? Math.ceil(lo / step) : hi !== undefined ? Math.floor(hi / step) : 1;
      const direction = lo !== undefined || hi === undefined ? 1 : -1;
      // A multiple whose quotient is exact in floating point is preferred: validators differ in their tolerance
      // (0.3 / 0.1 is 2.9999999999999996, which some reject).
      let tolerated: number | undefined;
      for (let k = 0; k < MAX_MULTIPLE_STEPS; k++) {
        const x = roundTo((start + direction * k) * step, decimals);
        if (fits(x)) {
          if (Number.isInteger(x / step)) return { ok: true, value: x };
          tolerated ??= x;
        }
        if (hi !== undefined && direction === 1 && x > hi) break;
        if (lo !== undefined && direction === -1 && x < lo) break;
      }
      if (tolerated !== undefined) return { ok: true, value: tolerated };
    }
    const bounds = `${lo === undefined ? '' : `${loExclusive ? '>' : '>='} ${lo}`}${lo !== undefined && hi !== undefined ? ' and ' : ''}${hi === undefined ? '' : `${hiExclusive ? '<' : '<='} ${hi}`}`;
    return fail(
      path,
      `no ${integer ? 'integer' : 'number'} satisfies ${[bounds, step === undefined ? '' : `multipleOf ${step}`].filter(Boolean).join(', ')}`,
    );
  }
}

/** Combines two flattened schemas: properties merged, required united, other keywords from `b` where both set them. */
function mergeSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...a, ...b };
  if (isRecord(a.properties) && isRecord(b.properties)) merged.properties = { ...a.properties, ...b.properties };
  if (Array.isArray(a.required) && Array.isArray(b.required)) {
    merged.required = [...new Set([...(a.required as unknown[]), ...(b.required as unknown[])])];
  }
  return merged;
}

/** Placeholders for untyped-format strings whose name says what they hold (validators often check these). */
function byName(propertyName: string | undefined): string {
  const name = (propertyName ?? '').toLowerCase();
  if (/(^|_|-)e?mail($|_|-)|email/.test(name)) return AUDIT_FORMAT_EXAMPLES.email as string;
  if (/(^|_|-)(url|uri|href|endpoint)($|_|-)/.test(name) || /(url|uri)$/.test(name)) {
    return AUDIT_FORMAT_EXAMPLES.uri as string;
  }
  return PLACEHOLDER;
}

function fitLength(value: string, minLength: number, maxLength: number | undefined): string {
  let fitted = value;
  if (maxLength !== undefined && fitted.length > maxLength) fitted = fitted.slice(0, maxLength);
  if (fitted.length < minLength) fitted = fitted.padEnd(minLength, 'x');
  return fitted;
}

function decimalPlaces(x: number): number {
  const text = String(x);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]) + (text.split('e')[0]?.split('.')[1]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}

function roundTo(x: number, decimals: number): number {
  return decimals === 0 ? Math.round(x) : Number(x.toFixed(Math.min(decimals, 20)));
}

function isMultiple(x: number, step: number): boolean {
  const quotient = x / step;
  return Math.abs(quotient - Math.round(quotient)) < 1e-9;
}

// --- patterns ------------------------------------------------------------------------------------------------------

/**
 * A string matching `pattern`, for a small regex subset: literals, escapes, `.`, `\d \w \s`, positive character
 * classes, groups with alternatives (not nested), and the quantifiers `? * + {n} {n,} {n,m}`; each atom is repeated
 * its minimum number of times (at least once for `+`). Anything else (lookarounds, backreferences, negated classes,
 * nested groups) gives undefined, and so does a result the pattern does not actually match. The check runs only on
 * the short string made here, from a pattern without nested quantified groups, so it cannot backtrack badly.
 */
export function synthesizeStringForPattern(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return undefined;
  const made = parseSequence(pattern, 0, false);
  if (made === undefined || made.end !== pattern.length) return undefined;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  return regex.test(made.text) ? made.text : undefined;
}

interface Parsed {
  text: string;
  end: number;
}

/** Parses atoms up to the end, or (inside a group) up to `|` or `)`. */
function parseSequence(p: string, start: number, inGroup: boolean): Parsed | undefined {
  let text = '';
  let i = start;
  while (i < p.length) {
    const c = p[i] as string;
    if (inGroup && (c === '|' || c === ')')) break;
    if (c === '^' || c === '$') {
      i++;
      continue;
    }
    const atom = parseAtom(p, i, inGroup);
    if (atom === undefined) return undefined;
    const quantified = parseQuantifier(p, atom.end);
    if (quantified === undefined) return undefined;
    text += atom.text.repeat(quantified.min);
    i = quantified.end;
  }
  return { text, end: i };
}

function parseAtom(p: string, i: number, inGroup: boolean): Parsed | undefined {
  const c = p[i] as string;
  if (c === '\\') return parseEscape(p, i);
  if (c === '.') return { text: 'a', end: i + 1 };
  if (c === '[') return parseClass(p, i);
  if (c === '(') {
    if (inGroup) return undefined; // nested groups are out of the subset
    let j = i + 1;
    if (p.startsWith('?:', j)) j += 2;
    else if (p[j] === '?') return undefined; // lookarounds, named groups
    const first = parseSequence(p, j, true);
    if (first === undefined) return undefined;
    let k = first.end;
    // The other alternatives must parse too (so the whole pattern is understood), but the first one is used.
    while (p[k] === '|') {
      const alternative = parseSequence(p, k + 1, true);
      if (alternative === undefined) return undefined;
      k = alternative.end;
    }
    if (p[k] !== ')') return undefined;
    return { text: first.text, end: k + 1 };
  }
  if ('*+?{}|)'.includes(c)) return undefined;
  return { text: c, end: i + 1 };
}

function parseEscape(p: string, i: number): Parsed | undefined {
  const e = p[i + 1];
  if (e === undefined) return undefined;
  if (e === 'd') return { text: '0', end: i + 2 };
  if (e === 'w') return { text: 'a', end: i + 2 };
  if (e === 's') return { text: ' ', end: i + 2 };
  if (/[A-Za-z0-9]/.test(e)) return undefined; // \b, \D, \1, \u..., \p{...}: outside the subset
  return { text: e, end: i + 2 };
}

function parseClass(p: string, i: number): Parsed | undefined {
  if (p[i + 1] === '^') return undefined;
  let j = i + 1;
  let first: string | undefined;
  while (j < p.length && p[j] !== ']') {
    let c = p[j] as string;
    if (c === '\\') {
      const e = p[j + 1];
      if (e === undefined) return undefined;
      if (e === 'd') c = '0';
      else if (e === 'w') c = 'a';
      else if (e === 's') c = ' ';
      else if (/[A-Za-z0-9]/.test(e)) return undefined;
      else c = e;
      j += 2;
    } else {
      j += 1;
    }
    first ??= c;
  }
  if (p[j] !== ']' || first === undefined) return undefined;
  return { text: first, end: j + 1 };
}

function parseQuantifier(p: string, i: number): { min: number; end: number } | undefined {
  const c = p[i];
  let min = 1;
  let end = i;
  if (c === '?' || c === '*') {
    min = 0;
    end = i + 1;
  } else if (c === '+') {
    min = 1;
    end = i + 1;
  } else if (c === '{') {
    const match = /^\{(\d{1,3})(,(\d{0,3}))?\}/.exec(p.slice(i));
    if (!match) return undefined;
    min = Number(match[1]);
    end = i + match[0].length;
  } else {
    return { min, end };
  }
  if (p[end] === '?' || p[end] === '+') end += 1; // lazy / possessive forms repeat the same minimum
  return ['*', '+', '?', '{'].includes(p[end] ?? '') ? undefined : { min, end };
}

/**
 * Arguments for calling a tool, made up from its inputSchema: required properties only, plus those with a default;
 * `const`, then `default`, then the first `enum` value, then the first `examples` entry, else a value for the type
 * (formats, numeric bounds and multipleOf, string lengths, simple patterns, minItems, nested objects, the first
 * workable oneOf/anyOf branch, local `$ref`s, `allOf` merged). A missing inputSchema gives `{}`. Never throws.
 */
export function synthesizeArguments(inputSchema: unknown): SynthesizeArgumentsOutcome {
  if (inputSchema === undefined || inputSchema === null) return { ok: true, args: {}, notes: [] };
  if (!isRecord(inputSchema)) return { ok: false, reason: 'inputSchema is not a JSON Schema object' };
  const synthesizer = new Synthesizer(inputSchema);
  const flat = synthesizer.flatten(inputSchema, 'args', 0);
  if (!flat.ok) return flat;
  const type = flat.schema.type;
  if (type !== undefined && type !== 'object' && !(Array.isArray(type) && type.includes('object'))) {
    return { ok: false, reason: `inputSchema has type ${JSON.stringify(type)}; tool arguments must be an object` };
  }
  const generated = synthesizer.generate({ ...inputSchema, type: 'object' }, 'args', 0);
  if (!generated.ok) return generated;
  if (!isRecord(generated.value)) {
    return { ok: false, reason: 'inputSchema gives a value that is not an object (const/default/enum)' };
  }
  return { ok: true, args: generated.value, notes: synthesizer.notes };
}
