import { isRecord } from '../util/is-record';
import type { ConformanceCheck, ConformanceObservations, ConformanceVerdict } from './conformance-types';
import { notAResult } from './verdict-helpers';

// The official `json-schema-2020-12` scenario (SEP-1613, SEP-2106): the reference tool's inputSchema keeps its JSON
// Schema 2020-12 keywords in the tools/list answer. It reads the listing only (no tool is called). Both requirement
// files list it under not_scored (pending), so its FAIL is reported but does not fail the run.

/** The reference fixture's tool whose inputSchema the scenario inspects. */
export const JSON_SCHEMA_TOOL = 'json_schema_2020_12_tool';
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const SCENARIO = 'json-schema-2020-12';
const SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25/basic#json-schema-usage';
const NOT_SCORED = {
  '2025-11-25': 'pending (the reference fixture cannot pass it yet)',
  '2026-07-28': 'pending (the reference fixture cannot pass it yet)',
} as const;

type Found = { schema: Record<string, unknown> } | { verdict: ConformanceVerdict };

/** The reference tool's inputSchema; a missing tool is the tool-found check's FAIL and nothing for the others. */
function schemaOf(o: ConformanceObservations, forFoundCheck: boolean): Found {
  const first = o.toolsList?.[0];
  if (first?.kind !== 'result') {
    const verdict = notAResult(first, 'tools/list');
    return {
      verdict:
        forFoundCheck || verdict.status === 'SKIPPED' ? verdict : { status: 'SKIPPED', message: verdict.message ?? '' },
    };
  }
  const tools = isRecord(first.value) && Array.isArray(first.value['tools']) ? (first.value['tools'] as unknown[]) : [];
  const tool = tools.find((t) => isRecord(t) && t['name'] === JSON_SCHEMA_TOOL);
  if (!isRecord(tool)) {
    const names = tools.map((t) => (isRecord(t) ? String(t['name']) : '?'));
    const message = `Tool '${JSON_SCHEMA_TOOL}' not found. Available tools: ${names.join(', ') || 'none'}`;
    return { verdict: forFoundCheck ? { status: 'FAIL', message } : { status: 'SKIPPED', message } };
  }
  return { schema: isRecord(tool['inputSchema']) ? tool['inputSchema'] : {} };
}

function keywordCheck(
  id: string,
  title: string,
  judge: (schema: Record<string, unknown>, o: ConformanceObservations) => ConformanceVerdict,
): ConformanceCheck {
  return {
    id,
    scenario: SCENARIO,
    title,
    specUrl: SPEC,
    revisions: ['2025-11-25', '2026-07-28'],
    notScoredIn: NOT_SCORED,
    verdict: (o) => {
      const found = schemaOf(o, false);
      return 'verdict' in found ? found.verdict : judge(found.schema, o);
    },
  };
}

/** SEP-2106 keywords: a MUST from 2026-07-28; on an earlier revision their absence is SKIPPED, as the harness says. */
function sep2106(ok: boolean, o: ConformanceObservations, missing: string): ConformanceVerdict {
  if (ok) return { status: 'PASS' };
  return o.revision === '2026-07-28'
    ? { status: 'FAIL', message: missing }
    : {
        status: 'SKIPPED',
        message: `${missing} (run targets protocol version ${o.revision}; SEP-2106 applies from 2026-07-28)`,
      };
}

export const JSON_SCHEMA_CHECKS: readonly ConformanceCheck[] = [
  {
    id: 'json-schema-2020-12-tool-found',
    scenario: SCENARIO,
    title: `Server advertises tool '${JSON_SCHEMA_TOOL}'`,
    specUrl: SPEC,
    revisions: ['2025-11-25', '2026-07-28'],
    notScoredIn: NOT_SCORED,
    verdict: (o) => {
      const found = schemaOf(o, true);
      return 'verdict' in found ? found.verdict : { status: 'PASS' };
    },
  },
  keywordCheck('json-schema-2020-12-$schema', `inputSchema.$schema preserved with value '${DIALECT}'`, (schema) => {
    if (!('$schema' in schema))
      return { status: 'FAIL', message: '$schema field missing from inputSchema - field was likely stripped' };
    return schema['$schema'] === DIALECT
      ? { status: 'PASS' }
      : { status: 'FAIL', message: `$schema has unexpected value: ${JSON.stringify(schema['$schema'])}` };
  }),
  keywordCheck('json-schema-2020-12-$defs', 'inputSchema.$defs preserved with the expected structure', (schema) => {
    if (!('$defs' in schema))
      return { status: 'FAIL', message: '$defs field missing from inputSchema - field was likely stripped' };
    const defs = schema['$defs'];
    return isRecord(defs) && 'address' in defs
      ? { status: 'PASS' }
      : { status: 'FAIL', message: '$defs exists but missing expected "address" definition' };
  }),
  keywordCheck('json-schema-2020-12-additionalProperties', 'inputSchema.additionalProperties preserved', (schema) => {
    if (!('additionalProperties' in schema))
      return {
        status: 'FAIL',
        message: 'additionalProperties field missing from inputSchema - field was likely stripped',
      };
    return schema['additionalProperties'] === false
      ? { status: 'PASS' }
      : {
          status: 'FAIL',
          message: `additionalProperties has unexpected value: ${JSON.stringify(schema['additionalProperties'])}, expected: false`,
        };
  }),
  keywordCheck(
    'sep-2106-composition-keywords-preserved',
    'inputSchema composition keywords (allOf/anyOf) preserved (SEP-2106)',
    (schema, o) => {
      const allOf = schema['allOf'];
      const hasAllOf = Array.isArray(allOf) && allOf.length > 0;
      const nested = Array.isArray(allOf) && allOf.some((entry) => isRecord(entry) && Array.isArray(entry['anyOf']));
      return sep2106(
        hasAllOf && nested,
        o,
        hasAllOf
          ? 'nested anyOf missing from allOf - composition keyword was likely stripped'
          : 'allOf keyword missing from inputSchema - composition keyword was likely stripped',
      );
    },
  ),
  keywordCheck(
    'sep-2106-conditional-keywords-preserved',
    'inputSchema conditional keywords (if/then/else) preserved (SEP-2106)',
    (schema, o) => {
      const [hasIf, hasThen, hasElse] = ['if', 'then', 'else'].map((key) => key in schema);
      return sep2106(
        Boolean(hasIf && hasThen && hasElse),
        o,
        `Conditional keywords missing (if=${String(hasIf)}, then=${String(hasThen)}, else=${String(hasElse)}) - likely stripped`,
      );
    },
  ),
  keywordCheck(
    'sep-2106-anchor-keyword-preserved',
    'inputSchema reference keyword ($anchor) preserved in $defs (SEP-2106)',
    (schema, o) => {
      const defs = schema['$defs'];
      const address = isRecord(defs) ? defs['address'] : undefined;
      return sep2106(
        isRecord(address) && '$anchor' in address,
        o,
        '$anchor missing from $defs.address - reference keyword was likely stripped',
      );
    },
  ),
];
