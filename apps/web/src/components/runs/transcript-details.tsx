'use client';
import { useState } from 'react';
import type { TranscriptExchange } from '@/server/services/runs/get-assertion-transcript';
import { formatDuration } from './format';

type Loaded =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'done'; exchanges: TranscriptExchange[]; notice?: string };

/** The session set-up every assertion repeats; collapsed so the call under test stands out. */
const HANDSHAKE = new Set(['initialize', 'notifications/initialized', 'tools/list', 'ping']);

/**
 * The JSON-RPC transcript of one result, fetched the first time the disclosure opens (a run's transcripts together can
 * be megabytes; most are never looked at). Request and answer are shown as a pair, pretty-printed.
 */
export function TranscriptDetails({ url }: { url: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });
  async function load() {
    if (loaded.state === 'loading' || loaded.state === 'done') return;
    setLoaded({ state: 'loading' });
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' } });
      const body = (await response.json()) as {
        exchanges?: TranscriptExchange[];
        notice?: string;
        error?: { message: string };
      };
      if (!response.ok || !body.exchanges) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
      setLoaded({ state: 'done', exchanges: body.exchanges, ...(body.notice ? { notice: body.notice } : {}) });
    } catch (error) {
      setLoaded({ state: 'error', message: (error as Error).message });
    }
  }
  return (
    <details
      className="runs-transcript"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) void load();
      }}
    >
      <summary>JSON-RPC transcript</summary>
      <div aria-live="polite" aria-busy={loaded.state === 'loading'}>
        {loaded.state === 'loading' ? <p className="muted">Loading the transcript…</p> : null}
        {loaded.state === 'error' ? (
          <p className="form-error">
            Could not load the transcript: {loaded.message}.{' '}
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void load()}>
              Try again
            </button>
          </p>
        ) : null}
        {loaded.state === 'done' && loaded.notice ? <p className="muted">{loaded.notice}</p> : null}
        {loaded.state === 'done' && loaded.exchanges.length === 0 && !loaded.notice ? (
          <p className="muted">
            No messages were recorded: this assertion made no call (skipped, or refused before connecting).
          </p>
        ) : null}
        {loaded.state === 'done' && loaded.exchanges.length > 0 ? (
          <ol className="runs-exchanges">
            {loaded.exchanges.map((exchange) => (
              <li key={exchange.seq}>
                <Exchange exchange={exchange} />
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </details>
  );
}

function Exchange({ exchange }: { exchange: TranscriptExchange }) {
  const who = exchange.direction === 'sent' ? 'mcptest → server' : 'server → mcptest';
  if (exchange.kind === 'notification') {
    return (
      <details className="runs-exchange">
        <summary>
          <code>{exchange.method}</code> <span className="muted">notification, {who}</span>
        </summary>
        <pre tabIndex={0}>{pretty(exchange.message)}</pre>
      </details>
    );
  }
  const outcome =
    exchange.outcome === 'result' ? 'answered' : exchange.outcome === 'error' ? 'error answer' : 'no answer recorded';
  return (
    <details className="runs-exchange" open={!HANDSHAKE.has(exchange.method)}>
      <summary>
        <code>{exchange.method}</code>{' '}
        <span className="muted">
          {who}, {outcome}
          {exchange.ms !== undefined ? ` in ${formatDuration(exchange.ms)}` : ''}
        </span>
      </summary>
      <div className="runs-exchange-pair">
        <div>
          <p className="runs-exchange-label">Request</p>
          <pre tabIndex={0}>{exchange.request === null ? '(not recorded)' : pretty(exchange.request)}</pre>
        </div>
        <div>
          <p className="runs-exchange-label">{exchange.outcome === 'error' ? 'Error' : 'Response'}</p>
          <pre tabIndex={0}>{exchange.response === undefined ? '(none)' : pretty(exchange.response)}</pre>
        </div>
      </div>
    </details>
  );
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}
