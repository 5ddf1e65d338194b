import type { ConformanceCheck, ConformanceObservations, ConformanceVerdict, HttpExchange } from './conformance-types';
import { FOREIGN_HOST, headerValidationCases, type HeaderCase } from './http-probes';
import { answerOf, rpcErrorIn } from './verdict-helpers';

// The official HTTP-level scenarios: `http-header-validation` (SEP-2243, Mcp-Method / Mcp-Name, 2026-07-28; not
// scored there: pending) and `dns-rebinding-protection` (both revisions, servers on localhost). Each reads raw
// exchanges the runner sent through the session's SSRF-safe fetch.

const HEADER_SCENARIO = 'http-header-validation';
const TRANSPORTS = 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports';
const HEADER_NOT_SCORED = { '2026-07-28': 'pending (SEP-2243; the reference fixture cannot pass it yet)' } as const;

/** The header cases of one expectation, each with what it got; cases not sent are left out with why. */
function headerCases(o: ConformanceObservations, keys: readonly string[]) {
  const observed = o.headerValidation;
  const sent: { key: string; exchange: HttpExchange }[] = [];
  const notSent: string[] = [];
  for (const key of keys) {
    const exchange = observed?.cases[key];
    if (exchange === undefined || exchange.kind === 'not_run') notSent.push(key);
    else sent.push({ key, exchange });
  }
  return { sent, notSent };
}

/** The keys of the cases with this expectation, as headerValidationCases builds them (a target with a name). */
function keysOf(expect: HeaderCase['expect']): string[] {
  return headerValidationCases({ kind: 'prompts/get', name: 'x' })
    .filter((c) => c.expect === expect)
    .map((c) => c.key);
}

const REJECT_KEYS = keysOf('reject');
/** The Mcp-Name cases: sent only with a target that calls no tool, a read-only tool or a named fixture. */
const isNameCase = (key: string) => key.startsWith('name-');

/** SKIPPED when nothing was sent: why (the reason a case was not sent, or that the name target was not found). */
function nothingSent(o: ConformanceObservations, notSent: readonly string[]): ConformanceVerdict {
  const observed = o.headerValidation;
  const reasons = notSent.flatMap((key) => {
    const exchange = observed?.cases[key];
    return exchange?.kind === 'not_run' ? [exchange.reason] : [];
  });
  const target = observed?.target;
  const why =
    reasons[0] ??
    (target?.kind === 'none' ? target.reason : observed === undefined ? 'the header cases were not sent' : '');
  return { status: 'SKIPPED', message: why === '' ? `not sent: ${notSent.join(', ')}` : why };
}

/** A note for a verdict judged without the Mcp-Name cases. */
function partial(o: ConformanceObservations, notSent: readonly string[]): string | undefined {
  if (!notSent.some(isNameCase)) return undefined;
  const target = o.headerValidation?.target;
  return `Mcp-Name cases not sent${target?.kind === 'none' ? `: ${target.reason}` : ''}`;
}

function rejectVerdict(o: ConformanceObservations, errorCode: boolean): ConformanceVerdict {
  const { sent, notSent } = headerCases(o, REJECT_KEYS);
  if (sent.length === 0) return nothingSent(o, notSent);
  const problems: string[] = [];
  for (const { key, exchange } of sent) {
    if (exchange.kind !== 'http') {
      problems.push(`${key}: ${exchange.kind === 'failed' ? exchange.message : 'not sent'}`);
      continue;
    }
    if (!errorCode && exchange.status !== 400)
      problems.push(`${key}: expected HTTP 400, got ${exchange.status}. Server MUST reject with 400 Bad Request.`);
    if (errorCode && rpcErrorIn(exchange)?.code !== -32020)
      problems.push(
        `${key}: expected JSON-RPC error code -32020 (HeaderMismatch), got ${String(rpcErrorIn(exchange)?.code ?? '(missing)')}`,
      );
  }
  const note = partial(o, notSent);
  const evidence = Object.fromEntries(sent.map(({ key, exchange }) => [key, answerOf(exchange)]));
  if (problems.length === 0) return { status: 'PASS', ...(note === undefined ? {} : { message: note }), evidence };
  // As in the official harness: a wrong status is a FAIL, a right status with another error code a WARNING.
  return { status: errorCode ? 'WARN' : 'FAIL', message: problems.join('; '), evidence };
}

function acceptVerdict(o: ConformanceObservations, keys: readonly string[]): ConformanceVerdict {
  const { sent, notSent } = headerCases(o, keys);
  if (sent.length === 0) return nothingSent(o, notSent);
  const problems: string[] = [];
  for (const { key, exchange } of sent) {
    if (exchange.kind !== 'http') {
      problems.push(`${key}: ${exchange.kind === 'failed' ? exchange.message : 'not sent'}`);
      continue;
    }
    if (exchange.status >= 400)
      problems.push(
        `${key}: expected a successful response, got HTTP ${exchange.status}. Server MUST accept this request.`,
      );
    const error = rpcErrorIn(exchange);
    if (error !== undefined)
      problems.push(
        `${key}: expected a successful response, but the body contains JSON-RPC error ${JSON.stringify(error)}`,
      );
  }
  const evidence = Object.fromEntries(sent.map(({ key, exchange }) => [key, answerOf(exchange)]));
  return problems.length === 0
    ? { status: 'PASS', evidence }
    : { status: 'FAIL', message: problems.join('; '), evidence };
}

function statusIn(exchange: HttpExchange, low: number, high: number): boolean {
  return exchange.kind === 'http' && exchange.status >= low && exchange.status < high;
}

function rebinding(o: ConformanceObservations) {
  const observed = o.dnsRebinding;
  if (observed === undefined)
    return { verdict: { status: 'SKIPPED', message: 'the DNS rebinding probes were not sent' } as const };
  if (!observed.applies) return { verdict: { status: 'SKIPPED', message: observed.reason } as const };
  return { observed };
}

function exchangeFailure(exchange: HttpExchange): ConformanceVerdict | undefined {
  if (exchange.kind === 'not_run') return { status: 'SKIPPED', message: exchange.reason };
  if (exchange.kind === 'failed') return { status: 'FAIL', message: `Request failed: ${exchange.message}` };
  return undefined;
}

const DNS_SPEC =
  'https://modelcontextprotocol.io/specification/2025-11-25/basic/security_best_practices#local-mcp-server-compromise';

export const HTTP_CHECKS: readonly ConformanceCheck[] = [
  {
    id: 'sep-2243-server-reject-invalid-headers',
    scenario: HEADER_SCENARIO,
    title:
      'Server rejects requests whose Mcp-Method / Mcp-Name headers are missing or disagree with the body (HTTP 400)',
    specUrl: `${TRANSPORTS}#server-validation`,
    revisions: ['2026-07-28'],
    notScoredIn: HEADER_NOT_SCORED,
    verdict: (o) => rejectVerdict(o, false),
  },
  {
    id: 'sep-2243-server-reject-error-code',
    scenario: HEADER_SCENARIO,
    title: 'Header validation failures use JSON-RPC error code -32020 (HeaderMismatch)',
    specUrl: `${TRANSPORTS}#server-validation`,
    revisions: ['2026-07-28'],
    notScoredIn: HEADER_NOT_SCORED,
    verdict: (o) => rejectVerdict(o, true),
  },
  {
    id: 'sep-2243-server-accepts-whitespace-header-value',
    scenario: HEADER_SCENARIO,
    title: 'Server accepts leading/trailing whitespace in the Mcp-Name value (RFC 9110 section 5.5)',
    specUrl: `${TRANSPORTS}#server-validation`,
    revisions: ['2026-07-28'],
    notScoredIn: HEADER_NOT_SCORED,
    verdict: (o) => acceptVerdict(o, ['name-whitespace']),
  },
  {
    id: 'sep-2243-header-name-case-insensitive',
    scenario: HEADER_SCENARIO,
    title: 'Server accepts header names case-insensitively (mcp-method, MCP-METHOD)',
    specUrl: `${TRANSPORTS}#case-sensitivity`,
    revisions: ['2026-07-28'],
    notScoredIn: HEADER_NOT_SCORED,
    verdict: (o) => acceptVerdict(o, ['header-name-lowercase', 'header-name-uppercase']),
  },
  {
    id: 'localhost-host-rebinding-rejected',
    scenario: 'dns-rebinding-protection',
    title: 'Server rejects requests with non-localhost Host/Origin headers',
    specUrl: DNS_SPEC,
    revisions: ['2025-11-25', '2026-07-28'],
    verdict: (o) => {
      const { verdict, observed } = rebinding(o);
      if (verdict !== undefined) return verdict;
      const failure = exchangeFailure(observed.foreign);
      if (failure !== undefined) return failure;
      const evidence = {
        hostHeader: FOREIGN_HOST,
        originHeader: `http://${FOREIGN_HOST}`,
        ...(answerOf(observed.foreign) as object),
      };
      return statusIn(observed.foreign, 400, 500)
        ? { status: 'PASS', evidence }
        : {
            status: 'FAIL',
            message: `Expected HTTP 4xx for invalid Host/Origin headers, got ${observed.foreign.kind === 'http' ? observed.foreign.status : '?'}`,
            evidence,
          };
    },
  },
  {
    id: 'localhost-host-valid-accepted',
    scenario: 'dns-rebinding-protection',
    title: 'Server accepts requests with valid localhost Host/Origin headers',
    specUrl: DNS_SPEC,
    revisions: ['2025-11-25', '2026-07-28'],
    verdict: (o) => {
      const { verdict, observed } = rebinding(o);
      if (verdict !== undefined) return verdict;
      const failure = exchangeFailure(observed.local);
      if (failure !== undefined) return failure;
      const evidence = {
        local: answerOf(observed.local),
        ...(observed.initialized === undefined ? {} : { initialized: answerOf(observed.initialized) }),
      };
      if (!statusIn(observed.local, 200, 300)) {
        const status = observed.local.kind === 'http' ? observed.local.status : '?';
        return {
          status: 'FAIL',
          message: `Expected HTTP 2xx for valid localhost Host/Origin headers, got ${status}`,
          evidence,
        };
      }
      const initialized = observed.initialized;
      if (initialized !== undefined && !statusIn(initialized, 200, 300)) {
        const status = initialized.kind === 'http' ? initialized.status : initialized.kind;
        return {
          status: 'FAIL',
          message: `Expected HTTP 2xx for initialized notification after valid localhost initialize, got ${status}`,
          evidence,
        };
      }
      return { status: 'PASS', evidence };
    },
  },
];
