import { describe, expect, it } from 'vitest';
import { createSseParser } from './parse-sse';

describe('createSseParser', () => {
  it('parses events with type, id and multi-line data; comments and unknown fields are ignored', () => {
    const parser = createSseParser();
    const events = parser.push(
      ': hello\nretry: 10\nid: 1\nevent: run.started\ndata: {"a":1}\n\nid: 2\ndata: line one\ndata: line two\nfoo: bar\n\n',
    );
    expect(events).toEqual([
      { event: 'run.started', data: '{"a":1}', id: '1' },
      { event: 'message', data: 'line one\nline two', id: '2' },
    ]);
  });

  it('joins lines split across chunks, whatever the line ending (CRLF split included)', () => {
    const parser = createSseParser();
    const out = [
      ...parser.push('id: 7\r'),
      ...parser.push('\nevent: x\r\nda'),
      ...parser.push('ta: {"b":'),
      ...parser.push('2}\r\r'),
      ...parser.push('data:no-space\n\n'),
    ];
    expect(out).toEqual([
      { event: 'x', data: '{"b":2}', id: '7' },
      { event: 'message', data: 'no-space', id: '7' },
    ]);
  });

  it('drops an event without data, keeps the last id, and ignores an id with NUL', () => {
    const parser = createSseParser();
    expect(parser.push('id: 3\nevent: ping\n\nid: 4\u0000\ndata: x\n\n')).toEqual([
      { event: 'message', data: 'x', id: '3' },
    ]);
  });

  it('dispatches nothing until the blank line arrives', () => {
    const parser = createSseParser();
    expect(parser.push('data: half')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: 'half' }]);
  });
});
