import { isRecord } from '../util/is-record';
import type { ConformanceVerdict, HttpExchange, Observed } from './conformance-types';

// Helpers the catalog's verdicts share. Pure: observations in, verdict pieces out.

/** The verdict for a request that got no result: SKIPPED when it was not sent, else FAIL with what happened. */
export function notAResult(observed: Observed<unknown> | undefined, what: string): ConformanceVerdict {
  if (observed === undefined) return { status: 'SKIPPED', message: `${what} was not observed` };
  switch (observed.kind) {
    case 'not_run':
      return { status: 'SKIPPED', message: observed.reason };
    case 'rpc_error':
      return {
        status: 'FAIL',
        message: `${what} failed: JSON-RPC error ${observed.code}: ${observed.message}`,
        evidence: { code: observed.code },
      };
    case 'failed':
      return { status: 'FAIL', message: `${what} failed: ${observed.message}` };
    case 'result':
      return { status: 'FAIL', message: `${what} gave a result` };
  }
}

export function fromProblems(problems: readonly string[], evidence: unknown): ConformanceVerdict {
  return problems.length === 0
    ? { status: 'PASS', evidence }
    : { status: 'FAIL', message: problems.join('; '), evidence };
}

/** The JSON-RPC error of a raw exchange's answer, if it carried one. */
export function rpcErrorIn(
  exchange: HttpExchange | undefined,
): { code?: unknown; message?: unknown; data?: unknown } | undefined {
  if (exchange?.kind !== 'http' || !isRecord(exchange.body)) return undefined;
  const error = exchange.body['error'];
  return isRecord(error) ? error : undefined;
}

/** The JSON-RPC result of a raw exchange's answer, if it carried one. */
export function rpcResultIn(exchange: HttpExchange | undefined): Record<string, unknown> | undefined {
  if (exchange?.kind !== 'http' || !isRecord(exchange.body)) return undefined;
  const result = exchange.body['result'];
  return isRecord(result) ? result : undefined;
}

/** The verdict for a raw exchange that got no HTTP answer: SKIPPED when it was not sent, else FAIL. */
export function noExchange(exchange: HttpExchange | undefined, what: string): ConformanceVerdict | undefined {
  if (exchange === undefined) return { status: 'SKIPPED', message: `${what} was not observed` };
  if (exchange.kind === 'not_run') return { status: 'SKIPPED', message: exchange.reason };
  if (exchange.kind === 'failed') return { status: 'FAIL', message: `${what} failed: ${exchange.message}` };
  return undefined;
}

/** What a raw exchange answered, for evidence. */
export function answerOf(exchange: HttpExchange | undefined): unknown {
  return exchange?.kind === 'http' ? { status: exchange.status, body: exchange.body } : exchange;
}
