import { isRecord } from '../util/is-record';
import type { ConformanceCheck, ConformanceObservations, ConformanceVerdict, Observed } from './conformance-types';
import { CACHING_CHECKS } from './checks-caching';
import { HTTP_CHECKS } from './checks-http';
import { JSON_SCHEMA_CHECKS } from './checks-json-schema';
import { STATELESS_CHECKS } from './checks-stateless';
import { fromProblems, notAResult } from './verdict-helpers';

// The checks mcptest runs, with the official harness's scenario and check ids (@modelcontextprotocol/conformance
// 0.2.0-alpha.12) and its pass rules, so a verdict here means what it means there. Each verdict is pure: it only
// reads the observations the runner gathered.

const BOTH = ['2025-11-25', '2026-07-28'] as const;
const TOOL_NAME = /^[A-Za-z0-9_.-]+$/;
/** The URI the official sep-2164 scenario reads; no real server serves it. */
export const NOT_FOUND_RESOURCE_URI = 'test://nonexistent-resource-for-conformance-testing';

/** Checks each entry of a listing for the fields the official scenario requires. */
function listVerdict(
  observed: Observed<unknown> | undefined,
  method: string,
  key: string,
  required: readonly string[],
  label: string,
  idField: string,
): ConformanceVerdict {
  if (observed?.kind !== 'result') return notAResult(observed, method);
  const value = observed.value;
  const list = isRecord(value) ? value[key] : undefined;
  if (!Array.isArray(list)) return { status: 'FAIL', message: `Missing ${key} array` };
  const problems: string[] = [];
  list.forEach((entry: unknown, i) => {
    for (const field of required) {
      const present = isRecord(entry) && entry[field] !== undefined && entry[field] !== '' && entry[field] !== null;
      if (!present) problems.push(`${label} ${i}: missing ${field}`);
    }
  });
  const ids = list.map((entry: unknown) => (isRecord(entry) ? entry[idField] : undefined));
  return fromProblems(problems, { count: list.length, [key]: ids });
}

function toolsOf(observed: Observed<unknown> | undefined): unknown[] | undefined {
  if (observed?.kind !== 'result' || !isRecord(observed.value)) return undefined;
  const tools = observed.value['tools'];
  return Array.isArray(tools) ? tools : undefined;
}

function toolNameProblem(name: unknown): string | null {
  if (typeof name !== 'string') return 'name is not a string';
  if (name.length < 1 || name.length > 128) return `length ${name.length} is outside 1-128`;
  return TOOL_NAME.test(name) ? null : 'contains characters outside [A-Za-z0-9_.-]';
}

function toolNameFormat(o: ConformanceObservations): ConformanceVerdict {
  const first = o.toolsList?.[0];
  const tools = toolsOf(first);
  if (tools === undefined) return notAResult(first, 'tools/list');
  // The official check reports INFO for an empty list; nothing to judge is a pass here.
  if (tools.length === 0) return { status: 'PASS', message: 'No tools advertised; nothing to validate' };
  const problems: string[] = [];
  tools.forEach((tool: unknown, i) => {
    const name = isRecord(tool) ? tool['name'] : undefined;
    const problem = toolNameProblem(name);
    if (problem !== null)
      problems.push(`${typeof name === 'string' && name !== '' ? name : `<tool[${i}]>`}: ${problem}`);
  });
  return problems.length === 0
    ? { status: 'PASS', evidence: { toolCount: tools.length } }
    : {
        status: 'WARN',
        message: `${problems.length} tool name(s) violate spec Tool Names SHOULD rules: ${problems.join('; ')}`,
        evidence: { toolCount: tools.length },
      };
}

function deterministicOrder(o: ConformanceObservations): ConformanceVerdict {
  const probes = o.toolsList ?? [];
  if (probes[0]?.kind !== 'result') return notAResult(probes[0], 'tools/list');
  if (probes.length < 2) {
    return { status: 'WARN', message: `needs at least two tools/list snapshots to compare, got ${probes.length}` };
  }
  const orders: string[][] = [];
  for (const [i, probe] of probes.entries()) {
    const tools = toolsOf(probe);
    if (tools === undefined)
      return { status: 'WARN', message: `tools/list probe ${i + 1} did not return a tools array` };
    orders.push(tools.map((tool: unknown) => (isRecord(tool) && typeof tool['name'] === 'string' ? tool['name'] : '')));
  }
  const base = orders[0] ?? [];
  for (const [i, order] of orders.entries()) {
    const same = [...order].sort().join('\n') === [...base].sort().join('\n');
    if (!same) {
      return {
        status: 'WARN',
        message: `the set of tools changed between tools/list probe 1 and probe ${i + 1}, so the deterministic-order SHOULD does not apply`,
        evidence: { orders },
      };
    }
    const at = order.findIndex((name, j) => name !== base[j]);
    if (at !== -1) {
      return {
        status: 'WARN',
        message: `tools/list returned the same ${base.length} tools in a different order: probe ${i + 1} diverges from probe 1 at index ${at}`,
        evidence: { orders },
      };
    }
  }
  return { status: 'PASS', evidence: { toolCount: base.length, probes: orders.length } };
}

function rpcErrorOf(o: ConformanceObservations) {
  const observed = o.resourceNotFound;
  return observed?.kind === 'rpc_error' ? observed : undefined;
}

function notFoundUnobserved(o: ConformanceObservations): ConformanceVerdict | undefined {
  const observed = o.resourceNotFound;
  if (observed === undefined || observed.kind === 'not_run') return notAResult(observed, 'resources/read');
  return undefined;
}

function contentsLength(value: unknown): number | undefined {
  const contents = isRecord(value) ? value['contents'] : undefined;
  return Array.isArray(contents) ? contents.length : undefined;
}

function toolCall(o: ConformanceObservations, key: string) {
  return o.toolCalls?.[key];
}

function contentOf(value: unknown): unknown[] | undefined {
  const content = isRecord(value) ? value['content'] : undefined;
  return Array.isArray(content) ? content : undefined;
}

/** The prompt argument the official completion-complete scenario completes. */
export const COMPLETION_PROBE = { prompt: 'test_prompt_with_arguments', argument: 'arg1', value: 'test' } as const;

export const SIMPLE_TEXT_FIXTURE = { key: 'simple_text_tool', defaultTool: 'test_simple_text', arguments: {} };
export const ERROR_FIXTURE = { key: 'error_tool', defaultTool: 'test_error_handling', arguments: {} };

/** Every check mcptest knows, in report order. */
export const CONFORMANCE_CATALOG: readonly ConformanceCheck[] = [
  {
    id: 'server-initialize',
    scenario: 'server-initialize',
    title: 'Server responds to initialize request with valid structure',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#initialization',
    revisions: ['2025-11-25'],
    verdict: (o) =>
      o.connect.ok
        ? { status: 'PASS', evidence: { protocolVersion: o.connect.protocolVersion, era: o.connect.era } }
        : { status: 'FAIL', message: `Failed to initialize: ${o.connect.message}` },
  },
  {
    id: 'ping',
    scenario: 'ping',
    title: 'Server responds to ping requests',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/ping',
    revisions: ['2025-11-25'],
    verdict: (o) => {
      if (o.ping?.kind !== 'result') return notAResult(o.ping, 'ping');
      const value = o.ping.value;
      const empty = value === undefined || value === null || (isRecord(value) && Object.keys(value).length === 0);
      return empty
        ? { status: 'PASS' }
        : { status: 'FAIL', message: 'Expected empty object {} response', evidence: value };
    },
  },
  ...STATELESS_CHECKS,
  {
    id: 'completion-complete',
    scenario: 'completion-complete',
    title: 'Server responds to completion requests',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/completion',
    revisions: BOTH,
    verdict: (o) => {
      if (o.completion?.kind !== 'result') return notAResult(o.completion, 'completion/complete');
      const completion = isRecord(o.completion.value) ? o.completion.value['completion'] : undefined;
      if (!isRecord(completion)) return { status: 'FAIL', message: 'Missing completion field' };
      const values = completion['values'];
      const problems: string[] = [];
      if (values === undefined || values === null) problems.push('Missing values array in completion');
      if (!Array.isArray(values)) problems.push('completion.values is not an array');
      return fromProblems(problems, { completion });
    },
  },
  {
    id: 'tools-list',
    scenario: 'tools-list',
    title: 'Server lists available tools with valid structure',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#listing-tools',
    revisions: BOTH,
    verdict: (o) =>
      listVerdict(o.toolsList?.[0], 'tools/list', 'tools', ['name', 'description', 'inputSchema'], 'Tool', 'name'),
  },
  {
    id: 'tools-name-format',
    scenario: 'tools-list',
    title: 'Tool names SHOULD be 1-128 characters and match ^[A-Za-z0-9_.-]+$',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names',
    revisions: BOTH,
    verdict: toolNameFormat,
  },
  {
    id: 'tools-list-deterministic-order',
    scenario: 'tools-list',
    title: 'Consecutive tools/list requests return the same tools in the same order',
    specUrl: 'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#capabilities',
    revisions: ['2026-07-28'],
    verdict: deterministicOrder,
  },
  {
    id: 'resources-list',
    scenario: 'resources-list',
    title: 'Server lists available resources with valid structure',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#listing-resources',
    revisions: BOTH,
    verdict: (o) => listVerdict(o.resourcesList, 'resources/list', 'resources', ['uri', 'name'], 'Resource', 'uri'),
  },
  {
    id: 'prompts-list',
    scenario: 'prompts-list',
    title: 'Server lists available prompts with valid structure',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/server/prompts#listing-prompts',
    revisions: BOTH,
    verdict: (o) => listVerdict(o.promptsList, 'prompts/list', 'prompts', ['name', 'description'], 'Prompt', 'name'),
  },
  {
    id: 'sep-2164-no-empty-contents',
    scenario: 'sep-2164-resource-not-found',
    title: 'Server does not return an empty contents array for a non-existent resource',
    specUrl: 'https://modelcontextprotocol.io/specification/2026-07-28/server/resources#error-handling',
    revisions: ['2026-07-28'],
    verdict: (o) => {
      const unobserved = notFoundUnobserved(o);
      if (unobserved) return unobserved;
      const observed = o.resourceNotFound;
      const empty = observed?.kind === 'result' && (contentsLength(observed.value) ?? 0) === 0;
      return empty
        ? {
            status: 'FAIL',
            message:
              'Server returned a result with an empty contents array. Servers MUST NOT return an empty contents array for non-existent resources.',
          }
        : { status: 'PASS' };
    },
  },
  {
    id: 'sep-2164-error-code',
    scenario: 'sep-2164-resource-not-found',
    title: 'Server returns -32602 (Invalid Params) for non-existent resource (SHOULD)',
    specUrl: 'https://modelcontextprotocol.io/specification/2026-07-28/server/resources#error-handling',
    revisions: ['2026-07-28'],
    verdict: (o) => {
      const unobserved = notFoundUnobserved(o);
      if (unobserved) return unobserved;
      const observed = o.resourceNotFound;
      if (observed?.kind === 'result') {
        return {
          status: 'WARN',
          message: `Server returned a result instead of an error (contents length: ${contentsLength(observed.value) ?? 'undefined'}). Servers SHOULD return a JSON-RPC error for non-existent resources.`,
        };
      }
      const error = rpcErrorOf(o);
      if (error === undefined) {
        return {
          status: 'WARN',
          message: `Expected a JSON-RPC error, got: ${observed?.kind === 'failed' ? observed.message : 'nothing'}`,
        };
      }
      if (error.code === -32602) return { status: 'PASS', evidence: { code: error.code } };
      const legacy =
        error.code === -32002
          ? ' Code -32002 was used in earlier spec versions but SEP-2164 standardizes on -32602.'
          : '';
      return {
        status: 'WARN',
        message: `Expected error code -32602 (Invalid Params), got ${error.code}.${legacy}`,
        evidence: { code: error.code },
      };
    },
  },
  {
    id: 'sep-2164-data-uri',
    scenario: 'sep-2164-resource-not-found',
    title: 'Server includes the requested URI in the error data field (SHOULD)',
    specUrl: 'https://modelcontextprotocol.io/specification/2026-07-28/server/resources#error-handling',
    revisions: ['2026-07-28'],
    verdict: (o) => {
      const unobserved = notFoundUnobserved(o);
      if (unobserved) return unobserved;
      const error = rpcErrorOf(o);
      if (error === undefined) return { status: 'FAIL', message: 'No JSON-RPC error to carry the URI' };
      const uri = isRecord(error.data) ? error.data['uri'] : undefined;
      return uri === (o.resourceNotFound?.uri ?? NOT_FOUND_RESOURCE_URI)
        ? { status: 'PASS' }
        : {
            status: 'WARN',
            message: 'The error data does not carry the requested uri',
            evidence: { data: error.data },
          };
    },
  },
  {
    id: 'tools-call-simple-text',
    scenario: 'tools-call-simple-text',
    title: 'Tool returns simple text content',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#calling-tools',
    revisions: BOTH,
    toolFixture: SIMPLE_TEXT_FIXTURE,
    verdict: (o) => {
      const observed = toolCall(o, SIMPLE_TEXT_FIXTURE.key);
      if (observed?.kind !== 'result') return notAResult(observed, 'tools/call');
      const content = contentOf(observed.value);
      const problems: string[] = [];
      if (content === undefined) problems.push('Missing content array');
      else if (content.length === 0) problems.push('content array is empty');
      const text = content?.find((block: unknown) => isRecord(block) && block['type'] === 'text');
      if (content !== undefined && text === undefined) problems.push('No text content found');
      if (isRecord(text) && !text['text']) problems.push('Text content missing text field');
      return fromProblems(problems, { tool: observed.tool, result: observed.value });
    },
  },
  {
    id: 'tools-call-error',
    scenario: 'tools-call-error',
    title: 'Tool returns error correctly',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling',
    revisions: BOTH,
    toolFixture: ERROR_FIXTURE,
    verdict: (o) => {
      const observed = toolCall(o, ERROR_FIXTURE.key);
      if (observed?.kind !== 'result') return notAResult(observed, 'tools/call');
      const value = observed.value;
      const isError = isRecord(value) && value['isError'] === true;
      const first = contentOf(value)?.[0];
      const hasText = isRecord(first) && Boolean(first['text']);
      if (!isError)
        return {
          status: 'FAIL',
          message: 'Tool did not return isError: true',
          evidence: { tool: observed.tool, result: value },
        };
      return hasText
        ? { status: 'PASS', evidence: { tool: observed.tool } }
        : {
            status: 'FAIL',
            message: 'Error result missing error message',
            evidence: { tool: observed.tool, result: value },
          };
    },
  },
  ...CACHING_CHECKS,
  ...JSON_SCHEMA_CHECKS,
  ...HTTP_CHECKS,
];

/** The catalog's checks that apply to `revision`. */
export function checksFor(revision: ConformanceObservations['revision']): ConformanceCheck[] {
  return CONFORMANCE_CATALOG.filter((check) => check.revisions.includes(revision));
}
