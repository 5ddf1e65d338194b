import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import { isRecord } from '../util';
import schema20250618 from './schemas/2025-06-18.json' with { type: 'json' };
import schema20251125 from './schemas/2025-11-25.json' with { type: 'json' };
import schema20260728 from './schemas/2026-07-28.json' with { type: 'json' };
import { type WireDirection, type WireFinding, type WireRevision, wireSpecLink } from './wire-finding';

/** What one message is checked with. */
export interface WireMessageInput {
  revision: WireRevision;
  direction: WireDirection;
  message: unknown;
  /**
   * For a response (result or error): the request it answers, found by id in the same session. Without it only the
   * JSON-RPC envelope of the response is checked, since nothing else says which result definition applies.
   */
  request?: { method: string; params?: unknown };
}

const SCHEMAS: Record<WireRevision, { document: object; dialect: 'draft-07' | '2020-12' }> = {
  '2025-06-18': { document: schema20250618, dialect: 'draft-07' },
  '2025-11-25': { document: schema20251125, dialect: '2020-12' },
  '2026-07-28': { document: schema20260728, dialect: '2020-12' },
};

type Definitions = Readonly<Record<string, Record<string, unknown>>>;

/** A revision's schema, loaded once: ajv with the whole document, and the method tables of its unions. */
interface CompiledRevision {
  revision: WireRevision;
  definitionsKey: '$defs' | 'definitions';
  definitions: Definitions;
  /** Method -> request/notification definition name, per union (ClientRequest, ServerNotification, ...). */
  unions: Record<string, ReadonlyMap<string, string>>;
  validator(definition: string): ValidateFunction;
}

/*
 * The schemas are our own vendored files, so: strict off (they carry annotations ajv does not know), the meta-schema
 * not checked, formats not asserted (`uri`, `byte`, `uri-template` are annotations in MCP and ajv-formats is not a
 * dependency), verbose so an anyOf error carries its alternatives and the data (see `problemsOf`), and all errors, so
 * a message broken in two places gives two findings (their number per assertion is capped by the caller).
 */
const AJV_OPTIONS = {
  strict: false,
  validateSchema: false,
  validateFormats: false,
  logger: false,
  verbose: true,
  allErrors: true,
} as const;

const compiled = new Map<WireRevision, CompiledRevision>();

/** Compiles a revision on first use; ajv compiles each definition once, when it is first asked for. */
function revisionSchema(revision: WireRevision): CompiledRevision {
  const known = compiled.get(revision);
  if (known) return known;
  const { document, dialect } = SCHEMAS[revision];
  const ajv = dialect === 'draft-07' ? new Ajv(AJV_OPTIONS) : new Ajv2020(AJV_OPTIONS);
  const key = `mcp-${revision}`;
  ajv.addSchema(document, key);
  const definitionsKey = dialect === 'draft-07' ? 'definitions' : '$defs';
  const definitions = (document as Record<string, unknown>)[definitionsKey] as Definitions;
  const unions: Record<string, ReadonlyMap<string, string>> = {};
  for (const union of ['ClientRequest', 'ServerRequest', 'ClientNotification', 'ServerNotification']) {
    const methods = new Map<string, string>();
    for (const name of alternatives(definitions[union])) {
      const method = constOf(definitions[name], 'method');
      if (method !== undefined) methods.set(method, name);
    }
    // A union of one is that member inlined, without anyOf (2026-07-28's ClientNotification is notifications/cancelled).
    const single = methods.size === 0 ? constOf(definitions[union], 'method') : undefined;
    if (single !== undefined) methods.set(single, union);
    unions[union] = methods;
  }
  const validators = new Map<string, ValidateFunction>();
  const created: CompiledRevision = {
    revision,
    definitionsKey,
    definitions,
    unions,
    validator(definition) {
      let validate = validators.get(definition);
      if (!validate) {
        validate = ajv.getSchema(`${key}#/${definitionsKey}/${definition}`);
        if (!validate) throw new Error(`${revision} schema has no definition ${definition}`);
        validators.set(definition, validate);
      }
      return validate;
    },
  };
  compiled.set(revision, created);
  return created;
}

/** Definition names of a union's `anyOf: [{$ref}]` (empty when the union is absent or empty, as in 2026's ServerRequest). */
function alternatives(union: Record<string, unknown> | undefined): string[] {
  const options = union?.anyOf;
  if (!Array.isArray(options)) return [];
  return options.flatMap((option) => {
    const ref = isRecord(option) ? option.$ref : undefined;
    return typeof ref === 'string' ? [ref.slice(ref.lastIndexOf('/') + 1)] : [];
  });
}

function constOf(definition: Record<string, unknown> | undefined, property: string): string | undefined {
  const properties = definition?.properties;
  const schema = isRecord(properties) ? properties[property] : undefined;
  return isRecord(schema) && typeof schema.const === 'string' ? schema.const : undefined;
}

type Kind = 'request' | 'notification' | 'result' | 'error';

function kindOf(message: Record<string, unknown>): Kind | undefined {
  if ('method' in message) return 'id' in message ? 'request' : 'notification';
  if ('result' in message) return 'result';
  if ('error' in message) return 'error';
  return undefined;
}

function envelopeOf(schema: CompiledRevision, kind: Kind | undefined): string {
  const has = (name: string) => schema.definitions[name] !== undefined;
  switch (kind) {
    case 'request':
      return 'JSONRPCRequest';
    case 'notification':
      return 'JSONRPCNotification';
    case 'result':
      return has('JSONRPCResultResponse') ? 'JSONRPCResultResponse' : 'JSONRPCResponse';
    case 'error':
      return has('JSONRPCErrorResponse') ? 'JSONRPCErrorResponse' : 'JSONRPCError';
    default:
      return 'JSONRPCMessage';
  }
}

/**
 * Validates one JSON-RPC message against the definition its revision's schema has for it: first the JSON-RPC envelope
 * (JSONRPCRequest, ...), then a request or notification against its method's definition in the union of its
 * direction (a sent request against ClientRequest's `CallToolRequest`, a received one against ServerRequest's), and a
 * result against the result of the request it answers (`tools/call` -> `CallToolResult`; `CreateTaskResult` for a
 * task-augmented call; in 2026-07-28 `InputRequiredResult` when `resultType` says `input_required`). A method the
 * schema does not define in either direction is an extension: only its envelope is checked. Never throws.
 */
export function validateWireMessage(input: WireMessageInput): WireFinding[] {
  const schema = revisionSchema(input.revision);
  const { message } = input;
  const base = {
    revision: input.revision,
    direction: input.direction,
    ...(input.request ? { method: input.request.method } : {}),
  };
  if (!isRecord(message)) {
    return check(schema, 'JSONRPCMessage', message, '', base);
  }
  const kind = kindOf(message);
  const method = typeof message.method === 'string' ? message.method : input.request?.method;
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
  const context = { ...base, ...(method === undefined ? {} : { method }), ...(id === undefined ? {} : { id }) };

  const envelope = check(schema, envelopeOf(schema, kind), message, '', context);
  if (envelope.length > 0 || kind === undefined || kind === 'error') return envelope;

  if (kind === 'request' || kind === 'notification') {
    const noun = kind === 'request' ? 'Request' : 'Notification';
    const own = input.direction === 'sent' ? `Client${noun}` : `Server${noun}`;
    const other = input.direction === 'sent' ? `Server${noun}` : `Client${noun}`;
    const definition = schema.unions[own]?.get(method ?? '');
    if (definition) return check(schema, definition, message, '', context);
    const theirs = schema.unions[other]?.get(method ?? '');
    if (theirs === undefined) return [];
    const sender = input.direction === 'sent' ? 'the client' : 'the server';
    return [
      finding(schema, context, own, '/method', `${method} is not a ${kind} ${sender} may send in ${input.revision}`),
    ];
  }

  if (!input.request) return [];
  const result = resultDefinition(schema, input.direction, input.request, message.result);
  return result === undefined ? [] : check(schema, result, message.result, '/result', context);
}

/** The result definition answering `request`, or undefined when the request's method is not in the schema. */
function resultDefinition(
  schema: CompiledRevision,
  direction: WireDirection,
  request: NonNullable<WireMessageInput['request']>,
  result: unknown,
): string | undefined {
  // A received result answers a request we sent (ClientRequest); a sent one answers the server's (ServerRequest).
  const union = direction === 'received' ? 'ClientRequest' : 'ServerRequest';
  const requestDefinition = schema.unions[union]?.get(request.method);
  if (requestDefinition === undefined) return undefined;
  const has = (name: string) => schema.definitions[name] !== undefined;
  if (isRecord(result) && result.resultType === 'input_required' && has('InputRequiredResult')) {
    return 'InputRequiredResult';
  }
  if (isRecord(request.params) && request.params.task !== undefined && has('CreateTaskResult')) {
    return 'CreateTaskResult';
  }
  const named = requestDefinition.replace(/Request$/, 'Result');
  if (has(named)) return named;
  return has('EmptyResult') ? 'EmptyResult' : 'Result';
}

type Context = Omit<WireFinding, 'message' | 'pointer' | 'specLink' | 'definition'>;

function finding(
  schema: CompiledRevision,
  context: Context,
  definition: string,
  pointer: string,
  message: string,
): WireFinding {
  return { ...context, message, pointer, definition, specLink: wireSpecLink(schema.revision, definition) };
}

function check(
  schema: CompiledRevision,
  definition: string,
  data: unknown,
  prefix: string,
  context: Context,
): WireFinding[] {
  const validate = schema.validator(definition);
  if (validate(data)) return [];
  const seen = new Set<string>();
  const out: WireFinding[] = [];
  for (const problem of problemsOf(schema, [...(validate.errors ?? [])], 0)) {
    const pointer = prefix + problem.pointer;
    const key = `${pointer}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(finding(schema, context, problem.definition ?? definition, pointer, problem.message));
  }
  return out;
}

interface Problem {
  pointer: string;
  message: string;
  /** The definition the problem belongs to when it is narrower than the one checked (an anyOf alternative). */
  definition?: string;
}

/** Nested anyOf alternatives followed at most this deep; past it the anyOf is reported as it is. */
const MAX_ALTERNATIVE_DEPTH = 8;

/**
 * ajv's errors as problems. ajv reports a failed `anyOf` as every alternative's first error and then "must match a
 * schema in anyOf", which for a content block is five unrelated complaints. Instead: when exactly one alternative's
 * discriminator (`type` or `method` const) matches the data, the data is checked against that alternative alone and
 * its errors are the problems; otherwise one problem names the alternatives.
 */
function problemsOf(schema: CompiledRevision, errors: readonly ErrorObject[], depth: number): Problem[] {
  const pending: Problem[] = [];
  for (const error of errors) {
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') {
      pending.push({ pointer: error.instancePath, message: describe(error) });
      continue;
    }
    // The alternatives' errors came just before, at or under this pointer: replaced by the summary.
    const under = (pointer: string) => pointer === error.instancePath || pointer.startsWith(`${error.instancePath}/`);
    while (pending.length > 0 && under(pending.at(-1)!.pointer)) pending.pop();
    pending.push(...alternativeProblems(schema, error, depth));
  }
  return pending;
}

function alternativeProblems(schema: CompiledRevision, error: ErrorObject, depth: number): Problem[] {
  const options = alternatives(isRecord(error.parentSchema) ? error.parentSchema : undefined);
  const data: unknown = error.data;
  if (depth < MAX_ALTERNATIVE_DEPTH && isRecord(data)) {
    const matching = options.filter((name) =>
      ['type', 'method'].some((key) => {
        const value = constOf(schema.definitions[name], key);
        return value !== undefined && value === data[key];
      }),
    );
    if (matching.length === 1) {
      const [only] = matching as [string];
      const validate = schema.validator(only);
      if (!validate(data)) {
        return problemsOf(schema, [...(validate.errors ?? [])], depth + 1).map((problem) => ({
          pointer: error.instancePath + problem.pointer,
          message: problem.message,
          definition: problem.definition ?? only,
        }));
      }
    }
  }
  const names = options.length > 0 ? options.join(', ') : 'the alternatives';
  return [{ pointer: error.instancePath, message: `must match one of ${names}` }];
}

/** ajv's message with the detail it keeps in params (which property, which values). */
function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${error.message ?? 'has an additional property'}: '${String(params.additionalProperty)}'`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `must be one of ${JSON.stringify(params.allowedValues)}`;
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}
