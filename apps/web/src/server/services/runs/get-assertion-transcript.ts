import { assertNever } from '@mcptest/core';
import { z } from 'zod';
import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getRunRowOrThrow } from './get-run';

/** A stored transcript entry (packages/mcp `TranscriptEntry`); anything else in the column is skipped, not fatal. */
const StoredEntry = z.object({
  seq: z.number(),
  at: z.number(),
  direction: z.enum(['sent', 'received']),
  kind: z.enum(['request', 'notification', 'result', 'error']),
  method: z.string().optional(),
  id: z.union([z.string(), z.number()]).optional(),
  message: z.unknown(),
});
type StoredEntry = z.infer<typeof StoredEntry>;

/**
 * One step of an assertion's MCP conversation. `sent` is mcptest (the client) speaking; a request the server sends
 * (sampling, roots, elicitation) is `received` and its answer `sent`.
 */
export type TranscriptExchange =
  | {
      kind: 'call';
      seq: number;
      method: string;
      direction: 'sent' | 'received';
      request: unknown;
      /** The result or error message; absent when no answer was recorded (timeout, cancelled, connection lost). */
      response?: unknown;
      outcome: 'result' | 'error' | 'no_answer';
      /** Time from request to answer. */
      ms?: number;
    }
  | { kind: 'notification'; seq: number; method: string; direction: 'sent' | 'received'; message: unknown };

export interface AssertionTranscript {
  name: string;
  trial: number;
  exchanges: TranscriptExchange[];
  /** Why the transcript is cut or missing (the per-assertion cap, or the team's storage quota), when it is. */
  notice?: string;
}

/** The marker the worker stores in place of what it left out (packages/core `capTranscript`, `transcriptNotStored`). */
const StoredMarker = z.object({
  mcptest: z.enum(['transcript_truncated', 'transcript_not_stored']),
  note: z.string(),
});

/** The note of the transcript's marker, if it has one. */
export function transcriptNotice(stored: unknown): string | undefined {
  if (!Array.isArray(stored)) return undefined;
  for (const raw of stored) {
    const marker = StoredMarker.safeParse(raw);
    if (marker.success) return marker.data.note;
  }
  return undefined;
}

/**
 * The JSON-RPC transcript of one result of a run, as request/response pairs in the order the requests were made.
 * Sensitive tool results were already redacted by the executor before storage.
 */
export async function getAssertionTranscript(
  deps: ServiceDeps,
  actor: Actor,
  runId: string,
  resultId: string,
): Promise<AssertionTranscript> {
  await getRunRowOrThrow(deps, actor, runId);
  const row = await deps.db.tenant(actor.tenantId).assertionResult.findFirst({
    where: { id: resultId, runId },
    select: { name: true, trial: true, transcript: true },
  });
  if (!row) throw new ApiError('not_found', 'result not found');
  const notice = transcriptNotice(row.transcript);
  return {
    name: row.name,
    trial: row.trial,
    exchanges: pairTranscript(row.transcript),
    ...(notice === undefined ? {} : { notice }),
  };
}

/** Pairs each request with its answer (same JSON-RPC id, opposite direction); notifications stand alone. */
export function pairTranscript(stored: unknown): TranscriptExchange[] {
  if (!Array.isArray(stored)) return [];
  const entries = stored.flatMap((raw) => {
    const parsed = StoredEntry.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  const exchanges: TranscriptExchange[] = [];
  const open = new Map<string, { exchange: Extract<TranscriptExchange, { kind: 'call' }>; at: number }>();
  const keyOf = (direction: StoredEntry['direction'], id: string | number) => `${direction}:${typeof id}:${id}`;
  for (const entry of entries) {
    switch (entry.kind) {
      case 'request': {
        const exchange: Extract<TranscriptExchange, { kind: 'call' }> = {
          kind: 'call',
          seq: entry.seq,
          method: entry.method ?? '(unknown method)',
          direction: entry.direction,
          request: entry.message,
          outcome: 'no_answer',
        };
        exchanges.push(exchange);
        if (entry.id !== undefined) open.set(keyOf(entry.direction, entry.id), { exchange, at: entry.at });
        break;
      }
      case 'result':
      case 'error': {
        const requester = entry.direction === 'sent' ? 'received' : 'sent';
        const pending = entry.id === undefined ? undefined : open.get(keyOf(requester, entry.id));
        if (pending) {
          pending.exchange.response = entry.message;
          pending.exchange.outcome = entry.kind;
          pending.exchange.ms = Math.max(0, entry.at - pending.at);
          open.delete(keyOf(requester, entry.id!));
        } else {
          // An answer whose request was not recorded (a transcript sliced mid-session): still worth showing.
          exchanges.push({
            kind: 'call',
            seq: entry.seq,
            method: '(answer to an earlier request)',
            direction: requester,
            request: null,
            response: entry.message,
            outcome: entry.kind,
          });
        }
        break;
      }
      case 'notification':
        exchanges.push({
          kind: 'notification',
          seq: entry.seq,
          method: entry.method ?? '(notification)',
          direction: entry.direction,
          message: entry.message,
        });
        break;
      default:
        assertNever(entry.kind);
    }
  }
  return exchanges;
}
