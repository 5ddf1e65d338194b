import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import { RE2JS } from 're2js';

/** The outcome of validating structuredContent against a tool's outputSchema. */
export type OutputSchemaValidation =
  { ok: true } | { ok: false; reason: 'invalid-schema' | 'mismatch'; detail: string };

type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; detail: string };

type Dialect = 'draft-07' | '2020-12';

/**
 * ajv's regex engine: RE2 (re2js) instead of `new RegExp`, so a server's own `pattern: "^(a+)+$"` is matched in time
 * linear in the data. JSON Schema patterns are ECMA-262; re2js translates their syntax (`\\uXXXX`, `/`), and a pattern
 * RE2 cannot run (lookaround, backreferences) makes the schema invalid with this message, rather than running it.
 */
function linearRegExp(pattern: string): { test(text: string): boolean } {
  try {
    return RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `pattern ${JSON.stringify(pattern)} is not supported: patterns are matched by RE2, in linear time, without lookaround or backreferences (${reason})`,
      { cause: error },
    );
  }
}
linearRegExp.code = 'linearRegExp';

/*
 * Options shared by both dialects. The schemas come from servers we do not control, so: strict off (unknown keywords
 * such as vendor `x-` annotations are not errors), no meta-schema validation (a `$schema` URI ajv has no meta-schema
 * for, e.g. draft-04, must not make every call fail), formats not asserted (ajv-formats is not a dependency, and MCP
 * treats `format` as an annotation), no logger (core does not write to the console), and `pattern` /
 * `patternProperties` matched by RE2 (`linearRegExp`).
 */
const AJV_OPTIONS = {
  strict: false,
  validateSchema: false,
  validateFormats: false,
  logger: false,
  code: { regExp: linearRegExp },
} as const;

// One ajv per dialect, created on first use; compiled validators are cached per schema object so repeated calls of
// the same tool (trials, several assertions) compile once, and a schema object that is dropped frees its validator.
const instances: Partial<Record<Dialect, Ajv>> = {};
const cache = new WeakMap<object, Compiled>();

function ajvFor(dialect: Dialect): Ajv {
  const existing = instances[dialect];
  if (existing) return existing;
  const created = dialect === 'draft-07' ? new Ajv(AJV_OPTIONS) : new Ajv2020(AJV_OPTIONS);
  instances[dialect] = created;
  return created;
}

/** draft-04/06/07 schemas are validated with draft-07 rules; anything else (or no `$schema`) with 2020-12, MCP's default. */
export function outputSchemaDialect(schema: object): Dialect {
  const declared = (schema as { $schema?: unknown }).$schema;
  return typeof declared === 'string' && /json-schema\.org\/draft-0[4-7]\//.test(declared) ? 'draft-07' : '2020-12';
}

function compile(schema: object): Compiled {
  const cached = cache.get(schema);
  if (cached) return cached;
  const ajv = ajvFor(outputSchemaDialect(schema));
  let compiled: Compiled;
  try {
    compiled = { ok: true, validate: ajv.compile(schema) };
  } catch (error) {
    compiled = { ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    // ajv keeps every compiled schema in a Map keyed by the object and registers its $id; in a long-lived worker that
    // is a leak, and two servers declaring the same $id would collide. The validate function does not need the entry.
    ajv.removeSchema(schema);
  }
  cache.set(schema, compiled);
  return compiled;
}

/**
 * Validates `data` (a tool result's structuredContent) against the tool's declared outputSchema. Never throws: a
 * schema that ajv cannot compile is reported as `invalid-schema`.
 */
export function validateOutputSchema(schema: unknown, data: unknown): OutputSchemaValidation {
  if (typeof schema === 'boolean') {
    return schema ? { ok: true } : { ok: false, reason: 'mismatch', detail: 'the schema is `false`' };
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { ok: false, reason: 'invalid-schema', detail: 'the outputSchema is not a JSON Schema object' };
  }
  const compiled = compile(schema);
  if (!compiled.ok) return { ok: false, reason: 'invalid-schema', detail: compiled.detail };
  if (compiled.validate(data)) return { ok: true };
  const detail = ajvFor('2020-12').errorsText(compiled.validate.errors, { dataVar: 'structuredContent' });
  return { ok: false, reason: 'mismatch', detail };
}
