/** One dispatched server-sent event (the WHATWG event-stream format). */
export interface SseMessage {
  /** `event:`; "message" when the event names no type. */
  event: string;
  /** `data:` lines joined with "\n". */
  data: string;
  /** The last event id seen so far in the stream (`id:`), for `Last-Event-ID` on reconnect. */
  id?: string;
}

/** An incremental event-stream parser: feed it decoded text as it arrives, take the events it completes. */
export interface SseParser {
  push(text: string): SseMessage[];
}

/**
 * Parses `text/event-stream` per the HTML standard (§9.2.6): lines end in CRLF, LF or CR (a CR at the end of a chunk
 * may be half of a CRLF split across chunks), `:` starts a comment, a blank line dispatches the event, an event with
 * no data is dropped, `id` persists across events until changed, and an `id` holding NUL is ignored.
 */
export function createSseParser(): SseParser {
  let buffer = '';
  let pendingCr = false;
  let eventType = '';
  let dataLines: string[] | undefined;
  let lastId: string | undefined;

  const processLine = (line: string, out: SseMessage[]) => {
    if (line === '') {
      if (dataLines !== undefined) {
        out.push({
          event: eventType === '' ? 'message' : eventType,
          data: dataLines.join('\n'),
          ...(lastId !== undefined && { id: lastId }),
        });
      }
      eventType = '';
      dataLines = undefined;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        (dataLines ??= []).push(value);
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      default:
        // `retry` and unknown fields: the CLI has its own reconnect policy.
        break;
    }
  };

  return {
    push(text) {
      const out: SseMessage[] = [];
      let chunk = text;
      if (pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      pendingCr = false;
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A CR at the very end may be the first half of a CRLF: take the line, but swallow a leading LF next time.
        if (match[0] === '\r' && match.index === buffer.length - 1) pendingCr = true;
        processLine(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
  };
}
