import { resultText } from '../check/result-text';
import type { ToolCallResultData } from '../check/tool-observation';
import { assertNever } from '../result/run-result';

/**
 * How one probe went (docs/audit.md, "Outcomes"):
 * - healthy: the tool answered as it should (a result for valid arguments; a rejection for invalid ones);
 * - tool_error: the tool answered with an error for valid arguments (often the made-up values: a file that does not
 *   exist), or accepted invalid arguments without complaint;
 * - crash: the call broke: connection dropped, HTTP 5xx, a protocol error, JSON-RPC -32603, a leaked stack trace;
 * - timeout: no answer within the time limit;
 * - refused: not called, by mcptest's choice (policy, call budget, arguments that could not be synthesized).
 */
export type AuditOutcomeKind = 'healthy' | 'tool_error' | 'crash' | 'timeout' | 'refused';

export const AUDIT_OUTCOME_KINDS: readonly AuditOutcomeKind[] = [
  'healthy',
  'tool_error',
  'crash',
  'timeout',
  'refused',
];

/** Whether the probe used the synthesized (valid) arguments or a deliberately invalid variant of them. */
export type AuditProbeKind = 'valid' | 'invalid';

/** Why a probe was not made. Policy codes come from `decide`; the others are the audit's own. */
export type AuditRefusalCode =
  'destructive_not_allowed' | 'destructive_review_required' | 'budget_exhausted' | 'arguments_unsynthesizable';

/** What the I/O layer saw when it made (or did not make) one call. */
export type AuditObservation =
  | { kind: 'result'; result: ToolCallResultData }
  /** A JSON-RPC error response to tools/call (the SDK's McpError carries the code). */
  | { kind: 'rpc_error'; code: number; message: string }
  /** The call did not complete at the transport level: connection refused or dropped, HTTP 5xx, unparsable reply. */
  | { kind: 'transport_error'; message: string; httpStatus?: number }
  | { kind: 'timeout'; afterMs: number }
  | { kind: 'refused'; code: AuditRefusalCode; message: string };

export interface AuditOutcome {
  outcome: AuditOutcomeKind;
  /** One sentence for people: what happened and, for non-healthy outcomes, what it suggests. */
  detail: string;
  /** Present for refused probes. */
  refusal?: AuditRefusalCode;
}

/** JSON-RPC codes with a fixed meaning for the audit (JSON-RPC 2.0; -32000/-32001 as the MCP SDK uses them). */
export const AUDIT_JSONRPC_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** The SDK's ConnectionClosed. */
  connectionClosed: -32000,
  /** The SDK's RequestTimeout. */
  requestTimeout: -32001,
} as const;

/**
 * Signs that an error text is an unhandled failure leaking out rather than a message written for the caller (as
 * mcp-assert's audit counts them): stack traces of Python, JavaScript, Java, Go, and "internal error".
 */
const LEAKED_INTERNALS: readonly RegExp[] = [
  /traceback \(most recent call last\)/i,
  /\n\s+at \S+ \(?[^\n]*:\d+:\d+\)?/,
  /\bpanic:/i,
  /goroutine \d+ \[/i,
  /\bnullpointerexception\b/i,
  /\bsegmentation fault\b/i,
  /\bstack trace\b/i,
  /\binternal (server )?error\b/i,
];

function leaksInternals(text: string): boolean {
  return LEAKED_INTERNALS.some((pattern) => pattern.test(text));
}

function shorten(text: string, max = 200): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/**
 * Classifies what one probe observed. Valid and invalid probes read the same answer differently: an error is
 * `tool_error` for valid arguments but the healthy rejection for invalid ones, and a plain result is healthy for
 * valid arguments but `tool_error` ("accepted invalid input") for invalid ones. Crashes, timeouts and refusals mean the
 * same for both.
 */
export function classifyAuditOutcome(probe: AuditProbeKind, observation: AuditObservation): AuditOutcome {
  switch (observation.kind) {
    case 'result': {
      const text = resultText(observation.result);
      if (observation.result.isError === true) {
        if (leaksInternals(text)) {
          return { outcome: 'crash', detail: `unhandled error leaked in the tool result: ${shorten(text)}` };
        }
        return probe === 'valid'
          ? { outcome: 'tool_error', detail: `tool returned isError: ${shorten(text) || '(no text)'}` }
          : { outcome: 'healthy', detail: `rejected invalid input (isError): ${shorten(text) || '(no text)'}` };
      }
      return probe === 'valid'
        ? { outcome: 'healthy', detail: text === '' ? 'responded (no text content)' : 'responded' }
        : { outcome: 'tool_error', detail: 'accepted invalid input without an error (no input validation?)' };
    }
    case 'rpc_error': {
      const { code, message } = observation;
      const said = `JSON-RPC error ${code}: ${shorten(message)}`;
      if (code === AUDIT_JSONRPC_CODES.requestTimeout) return { outcome: 'timeout', detail: said };
      if (
        code === AUDIT_JSONRPC_CODES.internalError ||
        code === AUDIT_JSONRPC_CODES.connectionClosed ||
        code === AUDIT_JSONRPC_CODES.parseError ||
        code === AUDIT_JSONRPC_CODES.invalidRequest ||
        code === AUDIT_JSONRPC_CODES.methodNotFound
      ) {
        return { outcome: 'crash', detail: said };
      }
      // Invalid params and server-defined codes are deliberate answers, not breakage.
      return probe === 'valid'
        ? { outcome: 'tool_error', detail: said }
        : { outcome: 'healthy', detail: `rejected invalid input (${said})` };
    }
    case 'transport_error':
      return {
        outcome: 'crash',
        detail:
          observation.httpStatus === undefined
            ? `transport failed: ${shorten(observation.message)}`
            : `HTTP ${observation.httpStatus}: ${shorten(observation.message)}`,
      };
    case 'timeout':
      return { outcome: 'timeout', detail: `no answer within ${observation.afterMs} ms` };
    case 'refused':
      return { outcome: 'refused', detail: observation.message, refusal: observation.code };
    default:
      return assertNever(observation);
  }
}
