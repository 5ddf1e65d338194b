// The words a run report uses for a misbehaving server; test/hostile/hostile.test.ts shows them end to end.
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { bodyHint } from './mcp-session';
import { describeServerFault, InvalidAnswerError, invalidAnswer, isOverCapStreamFault } from './server-fault';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

const syntaxError = thrown(() => JSON.parse('{"id":<<garbage>>'));
const zodError = thrown(() => JSONRPCMessageSchema.parse({ status: 'ok' }));

describe('invalidAnswer', () => {
  it.each([
    [syntaxError, /^the response body is not JSON \(.+\)$/],
    [zodError, /^the response body is JSON but not a JSON-RPC 2\.0 message/],
  ])('names a body that is not JSON-RPC (%#)', (error, words) => {
    const answer = invalidAnswer(error);
    expect(answer).toBeInstanceOf(InvalidAnswerError);
    expect(answer?.message).toMatch(words);
  });

  it('leaves every other error alone', () => {
    expect(invalidAnswer(new TypeError('fetch failed'))).toBeUndefined();
  });
});

describe('describeServerFault', () => {
  it.each([
    [
      new Error('Received a response for an unknown message ID: {"jsonrpc":"2.0","id":1002,"result":{}}'),
      'the server sent a response with id 1002, which matches no request sent (mismatched response id)',
    ],
    [
      new Error('SSE stream disconnected: TypeError: terminated'),
      'the event stream was cut off before the response (connection closed by the server mid-stream)',
    ],
    [
      new Error('SSE stream disconnected: SsrfRefusedError: refused: h:1: one server-sent event exceeded 10 bytes'),
      'the event stream failed: refused: h:1: one server-sent event exceeded 10 bytes',
    ],
    [zodError, 'an event the server sent is JSON but not a JSON-RPC 2.0 message'],
    [syntaxError, 'an event the server sent is not JSON'],
    [Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'connection reset by the server'],
  ])('words %s', (error, words) => {
    expect(describeServerFault(error)).toContain(words);
  });
});

describe('bodyHint', () => {
  const sdkError = (body: string) => new Error(`Error POSTing to endpoint: ${body}`);

  it('names an HTML error page by its title instead of quoting the markup', () => {
    const page = '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>x</h1></body></html>';
    expect(bodyHint(sdkError(page))).toBe(' with an HTML page (text/html: "502 Bad Gateway"), not MCP');
    expect(bodyHint(sdkError('<html><body>oops</body></html>'))).toBe(' with an HTML page (text/html), not MCP');
  });

  it("says why a redirect was not followed in mcptest's words", () => {
    const sdk = "Redirect to http://10.0.0.1/mcp not followed (redirectPolicy: 'same-origin')";
    expect(bodyHint(sdkError(sdk))).toBe(
      ": Redirect to http://10.0.0.1/mcp not followed (redirects are followed only within the server's origin)",
    );
  });

  it('quotes other bodies, shortened', () => {
    expect(bodyHint(sdkError('token rejected'))).toBe(': token rejected');
    expect(bodyHint(sdkError('x'.repeat(300)))).toBe(`: ${'x'.repeat(200)}…`);
    expect(bodyHint(sdkError('null'))).toBe('');
  });
});

describe('isOverCapStreamFault', () => {
  it.each([
    ['SSE stream disconnected: SsrfRefusedError: refused: 127.0.0.1:1: one server-sent event exceeded 10 bytes', true],
    ['SSE stream disconnected: SsrfRefusedError: refused: h:1: event stream exceeded 268435456 bytes', true],
    // A cut connection may be resumed by a server that supports it: the request keeps waiting.
    ['SSE stream disconnected: TypeError: terminated', false],
    ['Received a response for an unknown message ID: {"id":9}', false],
    ['one server-sent event exceeded 10 bytes', false],
  ])('%s → %s', (message, fatal) => {
    expect(isOverCapStreamFault(new Error(message))).toBe(fatal);
  });
});
