/**
 * Counts a response body chunk by chunk; returns why it must stop, or undefined to go on. Stateful: one per body.
 */
export type BodyLimiter = (chunk: Uint8Array) => string | undefined;

/** A plain response: the whole body is capped. */
export function totalLimiter(maxBytes: number): BodyLimiter {
  let seen = 0;
  return (chunk) => {
    seen += chunk.byteLength;
    return seen > maxBytes ? `response body exceeded ${maxBytes} bytes` : undefined;
  };
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * A text/event-stream body lives as long as the session, so a total cap sized for one JSON response would cut it off.
 * Instead each event (the bytes between blank lines, line ends not counted) is capped like a response, which bounds
 * the memory a client needs to buffer one message, and the whole stream has a much larger cap that bounds bandwidth.
 */
export function eventStreamLimiter(maxEventBytes: number, maxStreamBytes: number): BodyLimiter {
  let total = 0;
  let inEvent = 0;
  let atLineStart = true;
  let afterCR = false;
  return (chunk) => {
    total += chunk.byteLength;
    if (total > maxStreamBytes) return `event stream exceeded ${maxStreamBytes} bytes`;
    for (const byte of chunk) {
      if (byte === LF && afterCR) {
        // The LF of a CRLF: the line already ended at the CR.
        afterCR = false;
      } else if (byte === LF || byte === CR) {
        if (atLineStart) inEvent = 0; // a blank line ends the event
        atLineStart = true;
        afterCR = byte === CR;
      } else {
        atLineStart = false;
        afterCR = false;
        inEvent += 1;
        if (inEvent > maxEventBytes) return `one server-sent event exceeded ${maxEventBytes} bytes`;
      }
    }
    return undefined;
  };
}
