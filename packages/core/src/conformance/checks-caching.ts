import { isRecord } from '../util/is-record';
import type { ConformanceCheck, ConformanceObservations, ConformanceVerdict, Observed } from './conformance-types';
import { notAResult } from './verdict-helpers';

// The official `caching` scenario (SEP-2549, 2026-07-28): cacheable results carry `ttlMs` and `cacheScope`. The
// answers are the session's own listings and one read of the first listed resource (a read changes nothing).

const SCENARIO = 'caching';
const SPEC = 'https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching';
const MODERN_ONLY = ['2026-07-28'] as const;

interface Endpoint {
  readonly slug: string;
  readonly method: string;
  readonly observed: (o: ConformanceObservations) => Observed<unknown> | undefined;
}

const ENDPOINTS: readonly Endpoint[] = [
  { slug: 'tools-list', method: 'tools/list', observed: (o) => o.toolsList?.[0] },
  { slug: 'prompts-list', method: 'prompts/list', observed: (o) => o.promptsList },
  { slug: 'resources-list', method: 'resources/list', observed: (o) => o.resourcesList },
  { slug: 'resources-templates-list', method: 'resources/templates/list', observed: (o) => o.resourceTemplatesList },
  { slug: 'resources-read', method: 'resources/read', observed: (o) => o.cachingRead },
];

/** The caching fields of every endpoint that answered with a result. */
function answered(o: ConformanceObservations): { method: string; value: Record<string, unknown> }[] {
  return ENDPOINTS.flatMap((endpoint) => {
    const observed = endpoint.observed(o);
    return observed?.kind === 'result' && isRecord(observed.value)
      ? [{ method: endpoint.method, value: observed.value }]
      : [];
  });
}

function hintsVerdict(endpoint: Endpoint, o: ConformanceObservations): ConformanceVerdict {
  const observed = endpoint.observed(o);
  if (observed?.kind !== 'result') return notAResult(observed, endpoint.method);
  const value = isRecord(observed.value) ? observed.value : {};
  const problems: string[] = [];
  if (!('ttlMs' in value)) problems.push(`${endpoint.method} response missing ttlMs`);
  if (!('cacheScope' in value)) problems.push(`${endpoint.method} response missing cacheScope`);
  const evidence = { ttlMs: value['ttlMs'], cacheScope: value['cacheScope'] };
  return problems.length === 0
    ? { status: 'PASS', evidence }
    : { status: 'FAIL', message: problems.join('; '), evidence };
}

function fieldVerdict(
  o: ConformanceObservations,
  field: 'ttlMs' | 'cacheScope',
  problem: (value: unknown) => string | null,
): ConformanceVerdict {
  const carrying = answered(o).filter((entry) => field in entry.value);
  if (carrying.length === 0) return { status: 'FAIL', message: `no endpoints returned ${field}` };
  const problems = carrying.flatMap((entry) => {
    const found = problem(entry.value[field]);
    return found === null ? [] : [`${entry.method}: ${found}`];
  });
  const evidence = carrying.map((entry) => ({ endpoint: entry.method, [field]: entry.value[field] }));
  return problems.length === 0
    ? { status: 'PASS', evidence }
    : { status: 'FAIL', message: problems.join('; '), evidence };
}

export const CACHING_CHECKS: readonly ConformanceCheck[] = [
  ...ENDPOINTS.map((endpoint): ConformanceCheck => ({
    id: `sep-2549-${endpoint.slug}-caching-hints`,
    scenario: SCENARIO,
    title: `${endpoint.method} response includes ttlMs and cacheScope caching hints`,
    specUrl: SPEC,
    revisions: MODERN_ONLY,
    verdict: (o) => hintsVerdict(endpoint, o),
  })),
  {
    id: 'sep-2549-ttl-non-negative',
    scenario: SCENARIO,
    title: 'All ttlMs values are non-negative integers',
    specUrl: SPEC,
    revisions: MODERN_ONLY,
    verdict: (o) =>
      fieldVerdict(o, 'ttlMs', (ttl) => {
        if (typeof ttl !== 'number') return `ttlMs is ${typeof ttl}, expected number`;
        if (!Number.isInteger(ttl)) return `ttlMs is ${ttl}, expected integer`;
        return ttl < 0 ? `ttlMs is ${ttl}, must be >= 0` : null;
      }),
  },
  {
    id: 'sep-2549-cache-scope-valid',
    scenario: SCENARIO,
    title: 'All cacheScope values are "public" or "private"',
    specUrl: SPEC,
    revisions: MODERN_ONLY,
    verdict: (o) =>
      fieldVerdict(o, 'cacheScope', (scope) =>
        scope === 'public' || scope === 'private'
          ? null
          : `cacheScope is ${JSON.stringify(scope)}, expected "public" or "private"`,
      ),
  },
];
