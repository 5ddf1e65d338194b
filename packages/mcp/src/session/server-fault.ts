// Plain words for what a misbehaving server did, where the SDK's own errors would leave a user with "Invalid input",
// a V8 parse message, or nothing at all (a request that merely times out). Messages reach run reports.
import { describeNetworkError } from './session-error';

/**
 * The server's answer to a request could not even be read as JSON-RPC (Streamable HTTP parses a JSON answer while
 * sending, so this is what the send rejects with). The message says how it is broken.
 */
export class InvalidAnswerError extends Error {
  override readonly name = 'InvalidAnswerError';
}

function hasIssues(error: unknown): boolean {
  return typeof error === 'object' && error !== null && Array.isArray((error as { issues?: unknown }).issues);
}

/** Why a message from the server is not JSON-RPC, or undefined when `error` is not about that. */
function notJsonRpc(error: unknown, what: string): string | undefined {
  if (error instanceof SyntaxError) return `${what} is not JSON (${error.message})`;
  // The SDK validates each message against its JSON-RPC union schema; the zod issues ("(root): Invalid input") say
  // nothing a reader could act on.
  if (hasIssues(error))
    return `${what} is JSON but not a JSON-RPC 2.0 message (no "jsonrpc": "2.0" with an id and a result or error, or a method)`;
  return undefined;
}

/** An {@link InvalidAnswerError} for an error thrown while sending a request, or undefined for any other error. */
export function invalidAnswer(error: unknown): InvalidAnswerError | undefined {
  const reason = notJsonRpc(error, 'the response body');
  return reason === undefined ? undefined : new InvalidAnswerError(reason);
}

/** `SsrfRefusedError: refused: …` reads better without the class name the SDK's template string put in front. */
function withoutErrorName(text: string): string {
  return text.replace(/^\w*Error:\s*/, '');
}

/**
 * An error the SDK reported through `onerror` while requests waited, as a clause that completes "meanwhile …": the
 * SDK drops such messages (a response to an unknown id, an event that does not parse, an event stream that broke off
 * or went over its cap) and leaves the request to time out, so the timeout's message is the only place to say it.
 */
export function describeServerFault(error: unknown): string {
  const parse = notJsonRpc(error, 'an event the server sent');
  if (parse) return parse;
  const message = error instanceof Error ? error.message : String(error);
  const unknownId = /^Received a response for an unknown message ID: (.*)$/s.exec(message)?.[1];
  if (unknownId !== undefined) {
    let id = '?';
    try {
      id = JSON.stringify((JSON.parse(unknownId) as { id?: unknown }).id);
    } catch {
      // Keep the placeholder: the id is what matters, and the SDK always sends JSON here.
    }
    return `the server sent a response with id ${id}, which matches no request sent (mismatched response id)`;
  }
  const stream = /^SSE stream disconnected: (.*)$/s.exec(message)?.[1];
  if (stream !== undefined) {
    const inner = withoutErrorName(stream.trim());
    // undici ends a body whose socket closed early with "terminated" (the cause, with its code, is lost in the SDK's
    // string template).
    if (inner === 'terminated' || /other side closed|ECONNRESET|UND_ERR_SOCKET/.test(inner))
      return 'the event stream was cut off before the response (connection closed by the server mid-stream)';
    return `the event stream failed: ${inner}`;
  }
  return describeNetworkError(error);
}

/**
 * True when the safe fetch's body caps cut an event stream (one event, or the stream as a whole, too large). The SDK
 * reports it through onerror and keeps the request waiting, but the answer can no longer arrive (a resumed stream
 * would replay the same oversized event), so requests in flight fail at once rather than at their timeout.
 */
export function isOverCapStreamFault(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /^SSE stream disconnected: [\s\S]*(one server-sent event|event stream) exceeded \d+ bytes\s*$/.test(message);
}
