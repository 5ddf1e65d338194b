// The wrapper on a linked in-memory pair (the SDK's fake at the Transport interface): the far end plays a server that
// sends raw JSON-RPC, so sizes, ordering and forged errors are exact.
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { OVERSIZE_DATA_KEY, RecordingTransport, type CapturedNotification } from './recording-transport';

async function setup(maxMessageBytes = 200, maxEntries = 100) {
  const [near, far] = InMemoryTransport.createLinkedPair();
  let clock = 1000;
  const seen: CapturedNotification[] = [];
  const recorder = new RecordingTransport(near, {
    maxMessageBytes,
    maxEntries,
    now: () => clock++,
    onNotification: (notification) => seen.push(notification),
  });
  const delivered: JSONRPCMessage[] = [];
  recorder.onmessage = (message) => delivered.push(message);
  await recorder.start();
  await far.start();
  return { recorder, far, delivered, seen };
}

describe('RecordingTransport', () => {
  it('records both directions in order with kinds, ids, methods and clock times, and learns the protocol version', async () => {
    const { recorder, far } = await setup(10_000);
    await recorder.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25' } });
    await far.send({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', capabilities: {} } });
    await recorder.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await far.send({ jsonrpc: '2.0', id: 'srv-1', method: 'roots/list' });
    await far.send({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'nope' } });

    expect(recorder.transcript().map((e) => [e.seq, e.at, e.direction, e.kind, e.method, e.id])).toEqual([
      [1, 1000, 'sent', 'request', 'initialize', 0],
      [2, 1001, 'received', 'result', undefined, 0],
      [3, 1002, 'sent', 'notification', 'notifications/initialized', undefined],
      [4, 1003, 'received', 'request', 'roots/list', 'srv-1'],
      [5, 1004, 'received', 'error', undefined, 7],
    ]);
    expect(recorder.initializeInfo()?.protocolVersion).toBe('2025-06-18');
    expect(recorder.transcript(3).map((e) => e.seq)).toEqual([4, 5]);
  });

  it('keeps copies, so later changes to a delivered or sent object do not rewrite history', async () => {
    const { recorder, far, delivered } = await setup(10_000);
    const sent = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: { name: 'a' } };
    await recorder.send(sent);
    sent.params.name = 'changed';
    await far.send({ jsonrpc: '2.0', id: 1, result: { content: [] } });
    (delivered[0] as unknown as { result: { content: unknown[] } }).result.content.push('changed');
    expect(JSON.stringify(recorder.transcript())).not.toContain('changed');
  });

  it('captures notifications in order, tells listeners, and slices by mark', async () => {
    const { recorder, far, seen } = await setup(10_000);
    const heard: string[] = [];
    const unsubscribe = recorder.subscribe((n) => heard.push(n.method));
    await far.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'a' } });
    const mark = recorder.mark();
    await far.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } });
    unsubscribe();
    await far.send({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'x://1' } });

    expect(seen.map((n) => n.method)).toEqual([
      'notifications/message',
      'notifications/progress',
      'notifications/resources/updated',
    ]);
    expect(heard).toEqual(['notifications/message', 'notifications/progress']);
    expect(recorder.notifications(mark).map((n) => n.params)).toEqual([
      { progressToken: 1, progress: 1 },
      { uri: 'x://1' },
    ]);
  });

  it('answers an oversized response with our marked error and omits it from the transcript', async () => {
    const { recorder, far, delivered } = await setup(200);
    await far.send({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'x'.repeat(500) }] } });
    expect(delivered).toHaveLength(1);
    const error = (delivered[0] as { error: { code: number; data: Record<string, unknown> } }).error;
    expect(error.data).toEqual({ [OVERSIZE_DATA_KEY]: recorder.oversizeMarker, bytes: expect.any(Number), limit: 200 });
    expect(error.data.bytes).toBeGreaterThan(500);
    expect(recorder.transcript()[0]?.message).toEqual({ omitted: 'too_large', bytes: error.data.bytes });
  });

  it('drops an oversized notification but still delivers an oversized server request', async () => {
    const { recorder, far, delivered, seen } = await setup(200);
    const big = 'y'.repeat(400);
    await far.send({ jsonrpc: '2.0', method: 'notifications/message', params: { data: big } });
    await far.send({ jsonrpc: '2.0', id: 'r1', method: 'sampling/createMessage', params: { note: big } });
    expect(seen).toHaveLength(0);
    expect(delivered.map((m) => ('method' in m ? m.method : ''))).toEqual(['sampling/createMessage']);
    expect(recorder.transcript().map((e) => 'omitted' in e.message)).toEqual([true, true]);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const { recorder, far } = await setup(10_000, 3);
    for (let i = 0; i < 5; i++) await far.send({ jsonrpc: '2.0', method: 'notifications/message', params: { i } });
    expect(recorder.transcript().map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(recorder.notifications().map((n) => n.params?.i)).toEqual([2, 3, 4]);
  });

  it('keeps at most twice maxMessageBytes of messages, so a flood of small notifications cannot grow it', async () => {
    const { recorder, far } = await setup(1000, 10_000);
    const data = 'f'.repeat(300);
    for (let i = 0; i < 50; i++)
      await far.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data, i } });
    const kept = recorder.transcript();
    // Each message is ~360 JSON bytes: 2000 bytes hold five of them, the newest.
    expect(kept.map((e) => e.seq)).toEqual([46, 47, 48, 49, 50]);
    expect(JSON.stringify(kept.map((e) => e.message)).length).toBeLessThanOrEqual(2000);
    expect(recorder.notifications().map((n) => n.params?.i)).toEqual([45, 46, 47, 48, 49]);
  });
});
