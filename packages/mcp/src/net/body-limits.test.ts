import { describe, expect, it } from 'vitest';
import { eventStreamLimiter, totalLimiter, type BodyLimiter } from './body-limits';

const bytes = (text: string) => new TextEncoder().encode(text);
const feed = (limiter: BodyLimiter, chunks: string[]) => chunks.map((chunk) => limiter(bytes(chunk))).find(Boolean);

describe('totalLimiter', () => {
  it('stops past the cap, counted across chunks', () => {
    expect(feed(totalLimiter(10), ['12345', '12345'])).toBeUndefined();
    expect(feed(totalLimiter(10), ['12345', '123456'])).toBe('response body exceeded 10 bytes');
  });
});

describe('eventStreamLimiter', () => {
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('resets the per-event count at a blank line (%s line ends)', (_name, eol) => {
    const event = `data: ${'x'.repeat(10)}${eol}${eol}`; // 16 counted bytes
    expect(feed(eventStreamLimiter(20, 10_000), [event, event, event, event])).toBeUndefined();
  });

  it('counts an event across lines and chunks until a blank line', () => {
    const limiter = eventStreamLimiter(20, 10_000);
    expect(feed(limiter, ['data: 12345\n', 'data: 12345\r', '\n', 'data: 1'])).toBe(
      'one server-sent event exceeded 20 bytes',
    );
  });

  it('treats a CRLF split across chunks as one line end, not a blank line', () => {
    const limiter = eventStreamLimiter(20, 10_000);
    expect(feed(limiter, ['data: 1234567\r', '\ndata: 1234567\n'])).toBe('one server-sent event exceeded 20 bytes');
  });

  it('caps the whole stream', () => {
    const event = 'data: x\n\n';
    expect(feed(eventStreamLimiter(100, 30), [event, event, event, event])).toBe('event stream exceeded 30 bytes');
  });
});
