import { describe, expect, it } from 'vitest';
import { parseBaseline } from './parse-baseline';

describe('parseBaseline', () => {
  it('reads a file written by mcp-assert (no version, language kept)', () => {
    const text = `{
  "entries": [
    { "name": "hover returns type info", "status": "PASS", "language": "go" },
    { "name": "rename", "status": "FAIL" }
  ]
}`;
    expect(parseBaseline(text)).toEqual({
      ok: true,
      baseline: {
        entries: [
          { name: 'hover returns type info', status: 'PASS', language: 'go' },
          { name: 'rename', status: 'FAIL' },
        ],
      },
    });
  });

  it('reads its own format', () => {
    const text = '{"version":1,"suite":"s","createdAt":"2026-03-01T12:00:00.000Z","entries":[]}';
    expect(parseBaseline(text)).toEqual({
      ok: true,
      baseline: { version: 1, suite: 's', createdAt: '2026-03-01T12:00:00.000Z', entries: [] },
    });
  });

  it.each([
    { name: 'empty text', text: '', error: /^baseline is not valid JSON: / },
    { name: 'truncated JSON', text: '{"entries":[', error: /^baseline is not valid JSON: / },
    { name: 'not an object', text: '[]', error: /^invalid baseline: .*expected object/ },
    { name: 'no entries', text: '{"version":1}', error: /^invalid baseline: entries: / },
    {
      name: 'bad status',
      text: '{"entries":[{"name":"a","status":"PASS"},{"name":"b","status":"pass"}]}',
      error: /^invalid baseline: entries\[1\]\.status: /,
    },
    { name: 'missing name', text: '{"entries":[{"status":"PASS"}]}', error: /^invalid baseline: entries\[0\]\.name: / },
    {
      name: 'bad createdAt',
      text: '{"version":1,"createdAt":"yesterday","entries":[]}',
      error: /^invalid baseline: createdAt: /,
    },
    { name: 'unknown older version', text: '{"version":0,"entries":[]}', error: /^invalid baseline: version: / },
    {
      name: 'newer version',
      text: '{"version":2,"entries":[]}',
      error: /^baseline version 2 is newer than this mcptest reads \(1\); upgrade mcptest or save the baseline again$/,
    },
  ])('refuses $name without throwing', ({ text, error }) => {
    const result = parseBaseline(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });
});
