import { synthesizeArguments } from './synthesize-arguments';
import { isRecord } from '../util/is-record';

/**
 * One deliberately invalid call. A well-behaved server rejects it (a tool result with `isError: true`, or a JSON-RPC
 * error such as -32602 Invalid params); see `classifyAuditOutcome`.
 */
export interface InvalidInputProbe {
  /** Stable id, shown in reports: `missing-required`, `wrong-type`, `unexpected-property`. */
  id: 'missing-required' | 'wrong-type' | 'unexpected-property';
  /** What was made invalid, for people. */
  description: string;
  args: Record<string, unknown>;
}

/** The property name used by the `unexpected-property` probe: unlikely to exist in any real schema. */
export const INVALID_PROBE_EXTRA_PROPERTY = '__mcptest_unexpected';

/** A value of another JSON type than `type`, or undefined when the type is unknown (nothing is surely wrong then). */
function wrongValueFor(type: unknown): unknown {
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'not-a-boolean';
    case 'array':
      return 'not-an-array';
    case 'object':
      return 'not-an-object';
    default:
      return undefined;
  }
}

/**
 * Invalid variants of the valid probe's arguments, at most one of each kind: the first required property left out;
 * the first required property with a declared (single) type given a value of another type; and, when the schema sets
 * `additionalProperties: false`, an extra property. Only read-only tools get these (the audit decides): an invalid
 * call to a tool that changes things might still change something. Empty when the schema cannot be synthesized or
 * has nothing to violate.
 */
export function invalidInputProbes(inputSchema: unknown): InvalidInputProbe[] {
  const valid = synthesizeArguments(inputSchema);
  if (!valid.ok || !isRecord(inputSchema)) return [];
  const probes: InvalidInputProbe[] = [];
  const properties = isRecord(inputSchema.properties) ? inputSchema.properties : {};
  const required = Array.isArray(inputSchema.required)
    ? inputSchema.required.filter((name): name is string => typeof name === 'string' && name in valid.args)
    : [];

  const first = required[0];
  if (first !== undefined) {
    const { [first]: _dropped, ...rest } = valid.args;
    probes.push({ id: 'missing-required', description: `required property "${first}" left out`, args: rest });
  }
  for (const name of required) {
    const prop = properties[name];
    const wrong = isRecord(prop) ? wrongValueFor(prop.type) : undefined;
    if (wrong === undefined) continue;
    probes.push({
      id: 'wrong-type',
      description: `required property "${name}" (${String((prop as Record<string, unknown>).type)}) given ${JSON.stringify(wrong)}`,
      args: { ...valid.args, [name]: wrong },
    });
    break;
  }
  if (inputSchema.additionalProperties === false && !(INVALID_PROBE_EXTRA_PROPERTY in properties)) {
    probes.push({
      id: 'unexpected-property',
      description: `property "${INVALID_PROBE_EXTRA_PROPERTY}" added although additionalProperties is false`,
      args: { ...valid.args, [INVALID_PROBE_EXTRA_PROPERTY]: true },
    });
  }
  return probes;
}
