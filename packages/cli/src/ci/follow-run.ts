// Following a hosted run to its end: the run's event stream for live progress, polling GET /runs/{id} when the stream
// is not available, and a deadline after which the caller reports the run as unfinished.
import { CiRunEvent, isFinalStatus, type ApiRun } from './api-schemas';
import { abortableSleep, ApiError, type ApiClient } from './call-api';
import { getRun, runPath } from './get-run';
import { createSseParser } from './parse-sse';

export interface FollowRunOptions {
  client: ApiClient;
  runId: string;
  /** Absolute time (by `now`) after which the run counts as unfinished. */
  deadline: number;
  now?: () => number;
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Between two GET /runs/{id} when polling. Default 2 s. */
  pollIntervalMs?: number | undefined;
  /** A stream silent this long is closed, the run checked and the stream reopened (half-open connections). */
  streamIdleMs?: number;
  /** Ctrl-C. */
  signal?: AbortSignal;
  /** Each live event, and while polling an `assertion.finished` for each result not seen before. */
  onEvent?: (event: CiRunEvent) => void;
  /** A line about how the run is followed (fallback to polling), for stderr. */
  onNote?: (message: string) => void;
}

/**
 * `finished`: the run's final state; `timeout`: the deadline passed first, `interrupted`: Ctrl-C came first (`run` is
 * then its last known state, when one was read).
 */
export type FollowOutcome =
  { kind: 'finished'; run: ApiRun } | { kind: 'timeout' | 'interrupted'; run?: ApiRun | undefined };

/** Consecutive stream connections that end without a new event before polling takes over. */
const MAX_FRUITLESS_STREAMS = 3;

type StreamEnd =
  | { kind: 'finished' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'ended'; gotEvents: boolean }
  | { kind: 'idle' }
  | { kind: 'stopped' };

/**
 * Follows the run until it is final or the deadline passes. The stream replays a run's events from the start, and
 * `Last-Event-ID` resumes it after a dropped connection, so every finished assertion is reported once. API errors
 * other than the retried ones (a 401, a 404, the API gone for good) are thrown as ApiError.
 */
export async function followRun(options: FollowRunOptions): Promise<FollowOutcome> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const idleMs = options.streamIdleMs ?? 45_000;
  const { client, runId } = options;

  // One signal for everything in flight: aborts at the deadline or on Ctrl-C.
  const stop = new AbortController();
  const deadlineTimer = setTimeout(() => stop.abort(), Math.max(0, options.deadline - now()));
  const onSigint = () => stop.abort();
  options.signal?.addEventListener('abort', onSigint, { once: true });

  const seen = new Set<string>();
  let lastRun: ApiRun | undefined;
  let lastEventId: string | undefined;
  let streaming = true;
  let fruitless = 0;

  const emit = (event: CiRunEvent) => {
    if (event.type === 'assertion.finished') seen.add(event.name);
    options.onEvent?.(event);
  };

  /** GET the run; undefined when the deadline (or Ctrl-C) cut the request short. */
  const check = async (): Promise<ApiRun | undefined> => {
    try {
      const run = await getRun(client, runId, stop.signal);
      lastRun = run;
      return run;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'aborted') return undefined;
      throw error;
    }
  };

  const streamOnce = async (): Promise<StreamEnd> => {
    let stream;
    try {
      stream = await client.stream({
        path: runPath(runId, '/events'),
        accept: 'text/event-stream',
        headers: lastEventId === undefined ? {} : { 'last-event-id': lastEventId },
        signal: stop.signal,
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'aborted') return { kind: 'stopped' };
      if (error instanceof ApiError) return { kind: 'unavailable', reason: error.message };
      throw error;
    }
    const { response, close } = stream;
    const type = response.headers.get('content-type') ?? '';
    if (!/^text\/event-stream/i.test(type) || !response.body) {
      close();
      return { kind: 'unavailable', reason: `the events endpoint answered ${type || 'no content type'}` };
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = createSseParser();
    let idle = false;
    let idleTimer: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        idle = true;
        close();
      }, idleMs);
    };
    let gotEvents = false;
    try {
      armIdle();
      for (;;) {
        // A read fails when the connection drops or is closed (idle, deadline): the stream just ends here.
        const chunk = await reader.read().catch(() => undefined);
        if (chunk === undefined) break;
        if (chunk.done) break;
        armIdle();
        for (const message of parser.push(decoder.decode(chunk.value, { stream: true }))) {
          if (message.id !== undefined) lastEventId = message.id;
          const event = parseEvent(message.event, message.data);
          if (!event) continue;
          gotEvents = true;
          emit(event);
          if (event.type === 'run.finished') return { kind: 'finished' };
        }
      }
    } finally {
      clearTimeout(idleTimer);
      close();
    }
    if (stop.signal.aborted) return { kind: 'stopped' };
    if (idle) return { kind: 'idle' };
    return { kind: 'ended', gotEvents };
  };

  try {
    for (;;) {
      if (stop.signal.aborted) return { kind: options.signal?.aborted ? 'interrupted' : 'timeout', run: lastRun };
      if (streaming) {
        const end = await streamOnce();
        if (end.kind === 'stopped') continue;
        if (end.kind === 'unavailable') {
          streaming = false;
          options.onNote?.(`no live progress (${end.reason}); checking the run every ${pollIntervalMs / 1000} s`);
        } else if (end.kind === 'ended') {
          fruitless = end.gotEvents ? 0 : fruitless + 1;
          if (fruitless >= MAX_FRUITLESS_STREAMS) {
            streaming = false;
            options.onNote?.(`the event stream keeps closing; checking the run every ${pollIntervalMs / 1000} s`);
          }
        } else if (end.kind === 'finished') {
          // Nothing more will be streamed; if the stored run has not caught up yet, polling waits for it.
          streaming = false;
        }
        // The run's state decides, also after a stream that stopped early: a run that finished while its events were
        // lost has no run.finished to wait for.
        const run = await check();
        if (run && isFinalStatus(run.status)) return { kind: 'finished', run };
        // An idle stream reconnects at once (the run is alive, only quiet); anything else waits a little first.
        if (end.kind !== 'idle') await sleep(pollIntervalMs, stop.signal);
        continue;
      }
      const run = await check();
      if (run === undefined) continue;
      if (isFinalStatus(run.status)) return { kind: 'finished', run };
      for (const result of run.results) {
        if (!seen.has(result.name)) emit({ type: 'assertion.finished', ...result });
      }
      await sleep(pollIntervalMs, stop.signal);
    }
  } finally {
    clearTimeout(deadlineTimer);
    options.signal?.removeEventListener('abort', onSigint);
  }
}

/** An event from its SSE type and JSON data; undefined for unknown types and unreadable data. */
function parseEvent(type: string, data: string): CiRunEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const record = json as Record<string, unknown>;
  const parsed = CiRunEvent.safeParse({ ...record, type: type !== 'message' ? type : record.type });
  return parsed.success ? parsed.data : undefined;
}
