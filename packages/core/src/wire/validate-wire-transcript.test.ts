import { describe, expect, it } from 'vitest';
import { validateWireTranscript } from './validate-wire-transcript';

const entry = (seq: number, direction: 'sent' | 'received', message: unknown) => ({ seq, direction, message });

describe('validateWireTranscript', () => {
  it('checks each response against the result of the request with its id, in the other direction', () => {
    const findings = validateWireTranscript('2025-11-25', [
      entry(1, 'sent', { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      entry(2, 'sent', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo' } }),
      // The server's own request numbering: its id 1 is not our tools/list.
      entry(3, 'received', { jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: { message: 'name?' } }),
      entry(4, 'sent', { jsonrpc: '2.0', id: 1, result: { action: 'maybe' } }),
      entry(5, 'received', { jsonrpc: '2.0', id: 2, result: {} }),
      entry(6, 'received', { jsonrpc: '2.0', id: 1, result: { tools: [] } }),
    ]);
    expect(findings).toEqual([
      expect.objectContaining({
        seq: 3,
        direction: 'received',
        pointer: '/params',
        definition: 'ElicitRequest',
      }),
      expect.objectContaining({ seq: 4, direction: 'sent', pointer: '/result/action', definition: 'ElicitResult' }),
      expect.objectContaining({ seq: 5, method: 'tools/call', pointer: '/result', definition: 'CallToolResult' }),
    ]);
  });

  it('tells id 1 from id "1"', () => {
    const findings = validateWireTranscript('2025-06-18', [
      entry(1, 'sent', { jsonrpc: '2.0', id: '1', method: 'tools/call', params: { name: 'echo' } }),
      entry(2, 'received', { jsonrpc: '2.0', id: 1, result: {} }),
    ]);
    expect(findings).toEqual([]);
  });

  it('skips what is not a message: too-large stand-ins, truncation markers, junk', () => {
    const findings = validateWireTranscript('2025-06-18', [
      entry(1, 'received', { omitted: 'too_large', bytes: 10_000_000 }),
      { mcptest: 'transcript_truncated', omittedEntries: 3 },
      null,
      'text',
    ]);
    expect(findings).toEqual([]);
  });
});
