import { isRecord } from '../util';
import { validateWireMessage } from './validate-wire-message';
import type { WireDirection, WireFinding, WireRevision } from './wire-finding';

/**
 * Validates a session transcript's messages (entries as the session records them: `{seq, direction, message}`) in
 * order. A response is checked against the result of the request it answers, found by JSON-RPC id among the requests
 * that went the other way earlier in the same transcript (ids are per sender). Entries that are not messages (a
 * too-large stand-in, a truncation marker) are skipped.
 */
export function validateWireTranscript(revision: WireRevision, entries: readonly unknown[]): WireFinding[] {
  const requests: Record<WireDirection, Map<string, { method: string; params?: unknown }>> = {
    sent: new Map(),
    received: new Map(),
  };
  const findings: WireFinding[] = [];
  for (const entry of entries) {
    if (!isRecord(entry) || (entry.direction !== 'sent' && entry.direction !== 'received')) continue;
    const direction: WireDirection = entry.direction;
    const message = entry.message;
    if (isRecord(message) && 'omitted' in message && !('jsonrpc' in message)) continue;
    let request: { method: string; params?: unknown } | undefined;
    if (isRecord(message)) {
      const id = idKey(message.id);
      if (typeof message.method === 'string') {
        if (id !== undefined) requests[direction].set(id, { method: message.method, params: message.params });
      } else if (id !== undefined) {
        request = requests[direction === 'sent' ? 'received' : 'sent'].get(id);
      }
    }
    const seq = typeof entry.seq === 'number' ? entry.seq : undefined;
    for (const found of validateWireMessage({ revision, direction, message, ...(request ? { request } : {}) })) {
      findings.push(seq === undefined ? found : { ...found, seq });
    }
  }
  return findings;
}

function idKey(id: unknown): string | undefined {
  // 1 and "1" are different JSON-RPC ids.
  if (typeof id === 'number') return `n:${id}`;
  if (typeof id === 'string') return `s:${id}`;
  return undefined;
}
