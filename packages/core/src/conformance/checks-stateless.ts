import { isRecord } from '../util/is-record';
import type { ConformanceCheck, ConformanceObservations, ConformanceVerdict, HttpExchange } from './conformance-types';
import {
  META_DEFECTS,
  REMOVED_METHODS,
  STATELESS_PROBES,
  UNKNOWN_PROTOCOL_VERSION,
  removedMethodSlug,
} from './http-probes';
import { answerOf, noExchange, rpcErrorIn, rpcResultIn } from './verdict-helpers';

// The official `server-stateless` scenario (SEP-2575, 2026-07-28 stateless core), its checks that call no tool. Each
// verdict reads the raw exchanges of STATELESS_PROBES and follows the harness's pass rule for that check id.

const SCENARIO = 'server-stateless';
const SPEC = 'https://modelcontextprotocol.io/specification/2026-07-28/basic';
const MODERN_ONLY = ['2026-07-28'] as const;

function probe(o: ConformanceObservations, key: string): HttpExchange | undefined {
  return o.stateless?.[key];
}

/** A check over one probe: `judge` sees its HTTP answer; no answer is the harness's "probe failed completely". */
function over(
  key: string,
  judge: (exchange: Extract<HttpExchange, { kind: 'http' }>, o: ConformanceObservations) => ConformanceVerdict,
): (o: ConformanceObservations) => ConformanceVerdict {
  return (o) => {
    const exchange = probe(o, key);
    const missing = noExchange(exchange, `${STATELESS_PROBES[key]?.method ?? key} (${key})`);
    if (missing !== undefined || exchange?.kind !== 'http') return missing ?? { status: 'SKIPPED' };
    return judge(exchange, o);
  };
}

function codeOf(exchange: HttpExchange | undefined): unknown {
  return rpcErrorIn(exchange)?.code;
}

function fail(message: string, exchange?: HttpExchange): ConformanceVerdict {
  return { status: 'FAIL', message, ...(exchange === undefined ? {} : { evidence: answerOf(exchange) }) };
}

function pass(exchange?: HttpExchange): ConformanceVerdict {
  return { status: 'PASS', ...(exchange === undefined ? {} : { evidence: answerOf(exchange) }) };
}

/** The discover result (probe `discover`), or why there is none (`skipped`: it was not sent). */
function discovered(o: ConformanceObservations): {
  result?: Record<string, unknown>;
  failure?: string;
  skipped?: ConformanceVerdict;
} {
  const exchange = probe(o, 'discover');
  const missing = noExchange(exchange, 'server/discover');
  if (missing?.status === 'SKIPPED') return { failure: missing.message ?? '', skipped: missing };
  if (exchange?.kind === 'failed') return { failure: exchange.message };
  const result = rpcResultIn(exchange);
  return result === undefined ? {} : { result };
}

function capabilitiesOf(o: ConformanceObservations): Record<string, unknown> {
  const capabilities = discovered(o).result?.['capabilities'];
  return isRecord(capabilities) ? capabilities : {};
}

const metaInvalid: ConformanceCheck[] = Object.keys(META_DEFECTS).map((slug) => ({
  id: `sep-2575-request-meta-invalid-${slug}`,
  scenario: SCENARIO,
  title: `Rejects a request whose _meta is defective (${slug}) with -32602 Invalid params`,
  specUrl: `${SPEC}/index#meta`,
  revisions: MODERN_ONLY,
  verdict: over(slug, (exchange) =>
    codeOf(exchange) === -32602
      ? pass(exchange)
      : fail(`Expected error code -32602, got ${String(codeOf(exchange))}`, exchange),
  ),
}));

/** The JSON-RPC id every error answer must carry: the probes whose answers the official harness checks. */
const ID_CHECKED = [...Object.keys(META_DEFECTS), 'unsupported-version'];

export const STATELESS_CHECKS: readonly ConformanceCheck[] = [
  ...metaInvalid,
  {
    id: 'sep-2575-http-server-meta-invalid-400',
    scenario: SCENARIO,
    title: 'Rejections of requests missing required _meta fields use HTTP 400 Bad Request',
    specUrl: `${SPEC}/index#meta`,
    revisions: MODERN_ONLY,
    verdict: (o) => {
      const problems: string[] = [];
      for (const slug of Object.keys(META_DEFECTS)) {
        const exchange = probe(o, slug);
        const missing = noExchange(exchange, `server/discover (${slug})`);
        if (missing !== undefined) return missing;
        if (exchange?.kind === 'http' && exchange.status !== 400)
          problems.push(`${slug}: expected HTTP 400 Bad Request, got status code ${exchange.status}`);
      }
      return problems.length === 0 ? { status: 'PASS' } : { status: 'FAIL', message: problems.join('; ') };
    },
  },
  {
    id: 'sep-2575-request-meta-client-info-optional',
    scenario: SCENARIO,
    title: 'Serves requests whose _meta omits io.modelcontextprotocol/clientInfo (clientInfo is a SHOULD)',
    specUrl: `${SPEC}/index#meta`,
    revisions: MODERN_ONLY,
    verdict: over('client-info-optional', (exchange) => {
      const error = rpcErrorIn(exchange);
      if (error !== undefined)
        return fail(`Expected a result, got error ${String(error.code)}: ${String(error.message)}`, exchange);
      return exchange.status === 200 ? pass(exchange) : fail(`Expected HTTP 200, got status code ${exchange.status}`);
    }),
  },
  {
    id: 'sep-2575-server-implements-discover',
    scenario: SCENARIO,
    title: 'Servers MUST implement server/discover',
    specUrl: `${SPEC}/index#capabilities`,
    revisions: MODERN_ONLY,
    verdict: (o) => {
      const { result, failure, skipped } = discovered(o);
      if (skipped !== undefined) return skipped;
      if (failure !== undefined) return fail(`Discovery failed: ${failure}`);
      return result?.['supportedVersions'] && result['capabilities']
        ? { status: 'PASS', evidence: result }
        : fail(
            'Missing mandatory fields (supportedVersions, capabilities) in the server/discover result',
            probe(o, 'discover'),
          );
    },
  },
  {
    id: 'sep-2575-server-identifies-in-result-meta',
    scenario: SCENARIO,
    title: "Servers SHOULD identify themselves via _meta['io.modelcontextprotocol/serverInfo'] on responses",
    specUrl: `${SPEC}/index#meta`,
    revisions: MODERN_ONLY,
    verdict: (o) => {
      const { result, failure, skipped } = discovered(o);
      if (skipped !== undefined) return skipped;
      if (failure !== undefined) return { status: 'SKIPPED', message: `Prerequisite missing: ${failure}` };
      const meta = result?.['_meta'];
      const info = isRecord(meta) ? meta['io.modelcontextprotocol/serverInfo'] : undefined;
      if (isRecord(info) && info['name'] && info['version']) return { status: 'PASS', evidence: { serverInfo: info } };
      return {
        status: 'WARN',
        message:
          result?.['serverInfo'] !== undefined
            ? 'serverInfo found only in the pre-#3002 result body, not in _meta'
            : 'No serverInfo in the discover result _meta',
      };
    },
  },
  {
    id: 'sep-2575-server-declares-prompts-in-discover',
    scenario: SCENARIO,
    title: 'Servers that support prompts MUST declare the prompts capability in their DiscoverResult',
    specUrl: `${SPEC}/index#capabilities`,
    revisions: MODERN_ONLY,
    verdict: (o) => {
      const { failure, skipped } = discovered(o);
      if (skipped !== undefined) return skipped;
      if (failure !== undefined) return fail(`Prerequisite missing: ${failure}`);
      const prompts = probe(o, 'prompts-list');
      const missing = noExchange(prompts, 'prompts/list');
      if (missing?.status === 'SKIPPED') return missing;
      const handles = rpcResultIn(prompts)?.['prompts'] !== undefined || codeOf(prompts) !== -32601;
      return handles && !capabilitiesOf(o)['prompts']
        ? fail('Server handles prompts but did not declare prompts capability in discover result', prompts)
        : pass(prompts);
    },
  },
  {
    id: 'sep-2575-discover-capabilities-match-handlers',
    scenario: SCENARIO,
    title: 'The discovered capabilities match what the server honors on real RPC calls',
    specUrl: `${SPEC}/index#capabilities`,
    revisions: MODERN_ONLY,
    verdict: (o) => {
      const { failure, skipped } = discovered(o);
      if (skipped !== undefined) return skipped;
      if (failure !== undefined) return fail(`Discovery runtime check failed: ${failure}`);
      const tools = probe(o, 'tools-list');
      const missing = noExchange(tools, 'tools/list');
      if (missing !== undefined) return missing;
      if (capabilitiesOf(o)['tools']) {
        return Array.isArray(rpcResultIn(tools)?.['tools'])
          ? pass(tools)
          : fail('Advertised tools capability but tools/list call failed', tools);
      }
      return codeOf(tools) === -32601
        ? pass(tools)
        : fail('Did not advertise tools capability but tools/list did not yield -32601', tools);
    },
  },
  {
    id: 'sep-2575-server-unsupported-version-error',
    scenario: SCENARIO,
    title:
      'A request for a version the server does not implement gets an UnsupportedProtocolVersionError listing the supported versions and echoing the requested one',
    specUrl: `${SPEC}/transports#protocol-version-header`,
    revisions: MODERN_ONLY,
    verdict: over('unsupported-version', (exchange, o) => {
      const error = rpcErrorIn(exchange);
      if (exchange.body === null) return fail('Unsupported version invocation failed completely', exchange);
      const data = isRecord(error?.data) ? error.data : {};
      const offered = discovered(o).result?.['supportedVersions'];
      const known = Array.isArray(offered) ? offered : [];
      const supported = data['supported'];
      if (!(Array.isArray(supported) && supported.length > 0 && supported.every((v) => known.includes(v))))
        return fail(
          `error.data.supported must list the versions server/discover offers, got ${JSON.stringify(supported)}`,
          exchange,
        );
      return data['requested'] === UNKNOWN_PROTOCOL_VERSION
        ? pass(exchange)
        : fail(
            `error.data.requested must echo the requested version '${UNKNOWN_PROTOCOL_VERSION}', got ${JSON.stringify(data['requested'])}`,
            exchange,
          );
    }),
  },
  {
    id: 'sep-2575-http-server-unsupported-version-400',
    scenario: SCENARIO,
    title: 'An unsupported protocol version is answered with HTTP 400 Bad Request',
    specUrl: `${SPEC}/transports#protocol-version-header`,
    revisions: MODERN_ONLY,
    verdict: over('unsupported-version', (exchange) =>
      exchange.status === 400
        ? pass(exchange)
        : fail(`Expected HTTP 400 Bad Request, got status code ${exchange.status}`, exchange),
    ),
  },
  {
    id: 'sep-2575-http-server-header-mismatch-400',
    scenario: SCENARIO,
    title: 'A protocol version header that disagrees with _meta is rejected with HTTP 400 and HeaderMismatch (-32020)',
    specUrl: `${SPEC}/transports#protocol-version-header`,
    revisions: MODERN_ONLY,
    verdict: over('header-mismatch', (exchange) =>
      exchange.status === 400 && codeOf(exchange) === -32020
        ? pass(exchange)
        : fail(
            `Expected HTTP 400 and JSON-RPC error -32020, got status ${exchange.status} with code ${String(codeOf(exchange))}`,
            exchange,
          ),
    ),
  },
  ...[...REMOVED_METHODS.map((method) => ({ key: `removed-${removedMethodSlug(method)}`, method })), undefined].map(
    (removed): ConformanceCheck => {
      const key = removed?.key ?? 'unknown-method';
      const method = removed?.method ?? 'unknown/method';
      return {
        id: `sep-2575-http-server-method-not-found-404${removed === undefined ? '' : `-${removedMethodSlug(method)}`}`,
        scenario: SCENARIO,
        title:
          removed === undefined
            ? 'A method the server does not implement is answered with HTTP 404 and -32601 (Method not found)'
            : `The removed method '${method}' is answered with HTTP 404 and -32601 (Method not found)`,
        specUrl: `${SPEC}/transports`,
        revisions: MODERN_ONLY,
        verdict: over(key, (exchange) =>
          exchange.body === null
            ? fail(`${method} got no JSON-RPC answer (HTTP ${exchange.status})`, exchange)
            : exchange.status === 404 && codeOf(exchange) === -32601
              ? pass(exchange)
              : fail(
                  `Expected HTTP 404 and code -32601, got HTTP ${exchange.status} and code ${String(codeOf(exchange))}`,
                  exchange,
                ),
        ),
      };
    },
  ),
  {
    id: 'sep-2575-http-server-error-jsonrpc-id',
    scenario: SCENARIO,
    title: 'All error responses carry the request JSON-RPC id',
    specUrl: `${SPEC}/transports`,
    revisions: MODERN_ONLY,
    verdict: (o) => {
      if (o.stateless === undefined) return { status: 'SKIPPED', message: 'the stateless probes were not sent' };
      const exchanges = Object.values(o.stateless);
      const unsent = exchanges.find((exchange) => exchange.kind === 'not_run');
      if (unsent?.kind === 'not_run' && exchanges.every((exchange) => exchange.kind === 'not_run'))
        return { status: 'SKIPPED', message: unsent.reason };
      for (const key of ID_CHECKED) {
        const exchange = probe(o, key);
        const sent = STATELESS_PROBES[key]?.id;
        if (exchange?.kind === 'http' && isRecord(exchange.body) && exchange.body['error'] !== undefined) {
          if (exchange.body['id'] !== sent)
            return fail(
              `Expected error response id ${String(sent)}, got ${JSON.stringify(exchange.body['id'])}`,
              exchange,
            );
        }
      }
      const errors = Object.values(o.stateless).filter((exchange) => rpcErrorIn(exchange) !== undefined).length;
      return errors > 0
        ? { status: 'PASS', evidence: { errorResponsesObserved: errors } }
        : fail(
            'Not testable: no error responses were observed across the probes, so the id-echo requirement could not be validated',
          );
    },
  },
];
