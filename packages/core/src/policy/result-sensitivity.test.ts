import { describe, expect, it } from 'vitest';
import { REDACTED_MARKER, redactToolResult, shouldRedact } from './result-sensitivity';

const sens = (value: unknown) => ({ _meta: { 'mcp.dev/resultSensitivity': value } });

describe('shouldRedact', () => {
  it.each([
    ['confidential', sens('confidential'), true],
    ['restricted', sens('restricted'), true],
    ['public', sens('public'), false],
    ['internal', sens('internal'), false],
    ['no _meta', {}, false],
    ['other _meta only', { _meta: { 'mcp.dev/effect': 'read' } }, false],
    ['_meta not an object', { _meta: 'confidential' }, false],
    ['unknown word (cautious)', sens('secret'), true],
    ['other case (cautious)', sens('Confidential'), true],
    ['not a string (cautious)', sens(true), true],
  ])('%s -> %s', (_label, tool, expected) => {
    expect(shouldRedact(tool)).toBe(expected);
  });
});

describe('redactToolResult', () => {
  it('replaces every content block and structuredContent, keeps isError, drops _meta', () => {
    const result = {
      content: [
        { type: 'text', text: 'ssn 123-45-6789' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'file:///secret', text: 'x' } },
      ],
      structuredContent: { ssn: '123-45-6789' },
      isError: false,
      _meta: { trace: 'abc' },
    };
    const redacted = redactToolResult(result);
    expect(redacted).toEqual({
      content: [
        { type: 'text', text: REDACTED_MARKER },
        { type: 'text', text: REDACTED_MARKER },
        { type: 'text', text: REDACTED_MARKER },
      ],
      structuredContent: { redacted: REDACTED_MARKER },
      isError: false,
    });
    expect(JSON.stringify(redacted)).not.toContain('123-45');
    expect(result.content[0]).toEqual({ type: 'text', text: 'ssn 123-45-6789' });
  });

  it('adds nothing that was not there', () => {
    expect(redactToolResult({ content: [] })).toEqual({ content: [] });
  });
});
