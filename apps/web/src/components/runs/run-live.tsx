'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { ResultItem, type ResultItemData } from './result-item';
import { RunStatusLine } from './run-status-line';

interface FinishedEvent {
  status: string;
  summary: { total: number; passed: number; failed: number; skipped: number };
  regressions: number;
  error?: string;
}

const keyOf = (r: { name: string; trial: number }) => `${r.trial}:${r.name}`;

/**
 * A queued or running run, live: the page's server-sent events (`events` route, same stream as the REST API) append
 * each assertion as it finishes. The list itself is not a live region (it would read every passing assertion aloud);
 * a separate polite region says when the run starts, when an assertion fails, and the verdict. When the run finishes
 * the server data is refreshed in place (no reload), which replaces this with the full results.
 */
export function RunLive({
  eventsUrl,
  initialStatus,
  initialResults,
  total,
}: {
  eventsUrl: string;
  initialStatus: 'queued' | 'running';
  initialResults: ResultItemData[];
  /** How many results the run will have (its version's assertions); without it the bar shows no total. */
  total?: number | undefined;
}) {
  const router = useRouter();
  const [status, setStatus] = useState<string>(initialStatus);
  const [results, setResults] = useState<ResultItemData[]>(initialResults);
  const [current, setCurrent] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [connection, setConnection] = useState<'open' | 'retrying' | 'closed'>('open');
  const finished = useRef(false);

  useEffect(() => {
    const source = new EventSource(eventsUrl);
    const data = <T,>(event: Event) => JSON.parse((event as MessageEvent<string>).data) as T;
    source.addEventListener('open', () => setConnection('open'));
    source.addEventListener('run.started', () => {
      setStatus('running');
      setAnnouncement('The run started.');
    });
    source.addEventListener('assertion.started', (event) => {
      setStatus('running');
      setCurrent(data<{ name: string }>(event).name);
    });
    source.addEventListener('assertion.finished', (event) => {
      const result = data<ResultItemData>(event);
      setStatus('running');
      setCurrent(null);
      setResults((previous) => {
        const at = previous.findIndex((r) => keyOf(r) === keyOf(result));
        if (at === -1) return [...previous, result];
        const next = previous.slice();
        next[at] = result;
        return next;
      });
      if (result.status === 'FAIL') setAnnouncement(`Assertion failed: ${result.name}.`);
    });
    source.addEventListener('budget.exhausted', (event) =>
      setAnnouncement(
        `The ${data<{ unit?: string }>(event).unit === 'requests' ? 'request' : 'call'} budget ran out: ` +
          'the remaining assertions are skipped.',
      ),
    );
    source.addEventListener('run.finished', (event) => {
      const verdict = data<FinishedEvent>(event);
      finished.current = true;
      source.close();
      setCurrent(null);
      setStatus(verdict.status);
      const regressions = verdict.regressions ? `, ${verdict.regressions} regressed` : '';
      // An error is not a count of passes: say why nothing could be tested (the page then shows it as an alert).
      setAnnouncement(
        verdict.status === 'error' && verdict.error
          ? `Run error: ${verdict.error}.`
          : `Run ${verdict.status}: ${verdict.summary.passed} of ${verdict.summary.total} passed${regressions}.`,
      );
      router.refresh();
    });
    source.addEventListener('error', () => {
      if (finished.current) return;
      // EventSource retries by itself (sending Last-Event-ID); CLOSED means the server refused (signed out, gone).
      setConnection(source.readyState === EventSource.CLOSED ? 'closed' : 'retrying');
    });
    return () => source.close();
  }, [eventsUrl, router]);

  const note =
    status === 'queued'
      ? 'Waiting for a worker to pick it up…'
      : status === 'running'
        ? `${results.length}${total ? ` of ${total}` : ''} finished${current ? ` · now: ${current}` : ''}`
        : undefined;
  const done = total ? Math.min(results.length, total) : 0;
  return (
    <section className="runs-live" aria-labelledby="runs-live-title">
      <h2 id="runs-live-title">Live progress</h2>
      <RunStatusLine status={status} note={note} />
      {status === 'running' || status === 'queued' ? (
        total ? (
          // A determinate bar: done of total, as text too (the status line says "N of M finished").
          <div
            className="runs-progress runs-progress-known"
            role="progressbar"
            aria-label="Assertions finished"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            aria-valuetext={`${done} of ${total}`}
          >
            <div className="runs-progress-bar" style={{ width: `${(done / total) * 100}%` }} />
          </div>
        ) : (
          <div className="runs-progress" aria-hidden="true">
            <div className="runs-progress-bar" />
          </div>
        )
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {connection === 'retrying' ? <p className="muted">Connection lost; reconnecting…</p> : null}
      {connection === 'closed' ? (
        <p className="form-error">
          Live updates stopped.{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </p>
      ) : null}
      {results.length === 0 ? (
        <p className="muted">
          {status === 'queued'
            ? 'Results appear here one by one as the worker checks each assertion.'
            : 'Connecting to the server under test…'}
        </p>
      ) : (
        <ol className="runs-results" aria-label="Results so far">
          {results.map((result) => (
            <ResultItem key={keyOf(result)} result={result} />
          ))}
        </ol>
      )}
    </section>
  );
}
