'use client';
import { startTransition, useActionState, useState, type FormEvent } from 'react';
import type { ActionState } from '@/lib/action-state';
import { TimeStamp } from '@/components/time-stamp';
import { failureHint, type ConnectionOutcome } from './connection-outcome';
import { TRANSPORT_LABELS } from './tool-labels';

type Op = 'test' | 'discover';

function Outcome({ outcome }: { outcome: ConnectionOutcome }) {
  switch (outcome.kind) {
    case 'connected': {
      const { result } = outcome;
      return (
        <div className="servers-outcome servers-outcome-ok">
          <p className="servers-outcome-title">
            <span aria-hidden="true">✓ </span>Connected in {result.durationMs} ms
          </p>
          <dl className="servers-facts">
            <dt>Server</dt>
            <dd>
              {result.server.name} <span className="muted">{result.server.version}</span>
            </dd>
            <dt>Protocol</dt>
            <dd>
              <code>{result.server.protocolVersion}</code>
            </dd>
            <dt>Transport used</dt>
            <dd>{TRANSPORT_LABELS[result.server.transport]}</dd>
            <dt>Declares</dt>
            <dd>{result.capabilities.length ? result.capabilities.join(', ') : 'no capabilities'}</dd>
            <dt>Tested</dt>
            <dd>
              <TimeStamp value={result.testedAt} />
            </dd>
          </dl>
          {result.instructions ? (
            <details>
              <summary>Instructions the server gives clients</summary>
              <p className="servers-pre-line">{result.instructions}</p>
            </details>
          ) : null}
          <p className="muted">Nothing was listed or stored. Discover tools to see what mcptest may call.</p>
        </div>
      );
    }
    case 'discovered': {
      const { changes } = outcome;
      const first = changes.previousDiscoveredAt === null;
      const count = changes.added.length + changes.removed.length + changes.changed.length;
      return (
        <div className="servers-outcome servers-outcome-ok">
          <p className="servers-outcome-title" data-tool-count={outcome.toolCount}>
            <span aria-hidden="true">✓ </span>Discovered {outcome.toolCount}{' '}
            {outcome.toolCount === 1 ? 'tool' : 'tools'} in {outcome.durationMs} ms
          </p>
          <p>
            {outcome.server.name} <span className="muted">{outcome.server.version}</span> · protocol{' '}
            <code>{outcome.server.protocolVersion}</code> · {TRANSPORT_LABELS[outcome.server.transport]}
          </p>
          <p>
            {first
              ? 'First discovery: the listing below is what mcptest will classify from now on.'
              : count === 0
                ? 'No changes since the previous discovery.'
                : `${changes.added.length} added, ${changes.removed.length} removed, ${changes.changed.length} changed since the previous discovery: see below.`}
          </p>
        </div>
      );
    }
    case 'failed':
      return (
        <div className="servers-outcome servers-outcome-bad">
          <p className="servers-outcome-title">
            <span aria-hidden="true">✗ </span>
            {outcome.what === 'discovery' ? 'Discovery failed' : 'Connection failed'}
            {outcome.reason ? <span className="muted"> ({outcome.reason.replaceAll('_', ' ')})</span> : null}
          </p>
          <p className="servers-pre-line">{outcome.message}</p>
          <p>{failureHint(outcome)}</p>
        </div>
      );
  }
}

/**
 * Test connection (handshake only) and Discover tools, with the outcome in a live region. After registering, a
 * callout offers both in one click. Discovery re-renders the page, so the listing and its changes come from the
 * server; this panel says what just happened.
 */
export function ConnectionPanel({
  org,
  serverId,
  canRun,
  justRegistered,
  action,
}: {
  org: string;
  serverId: string;
  canRun: boolean;
  justRegistered: boolean;
  action: (previous: ActionState<ConnectionOutcome>, form: FormData) => Promise<ActionState<ConnectionOutcome>>;
}) {
  const [state, dispatch, pending] = useActionState(action, null);
  const [running, setRunning] = useState<Op | null>(null);
  const [callout, setCallout] = useState(justRegistered);
  const submit = (op: Op) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set('op', op);
    setRunning(op);
    setCallout(false);
    startTransition(() => dispatch(form));
  };
  const hidden = (
    <>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="serverId" value={serverId} />
    </>
  );
  // One form per operation (each posts on its own before hydration), its button busy while that operation runs.
  const opForm = (op: Op, className: string, label: string, busyLabel: string) => (
    <form action={dispatch} onSubmit={submit(op)}>
      {hidden}
      <input type="hidden" name="op" value={op} />
      <button type="submit" className={className} disabled={pending} aria-busy={pending && running === op}>
        {pending && running === op ? busyLabel : label}
      </button>
    </form>
  );
  return (
    <section className="card servers-connection" aria-labelledby="connection-title">
      <h2 id="connection-title">Connection &amp; discovery</h2>
      {callout && canRun ? (
        <div className="servers-callout">
          <p>
            <strong>Server registered.</strong> Next: check that mcptest can reach it and list its tools. Nothing is
            called: discovery only reads the lists.
          </p>
          <form action={dispatch} onSubmit={submit('discover')}>
            {hidden}
            <input type="hidden" name="op" value="discover" />
            <button type="submit" className="btn btn-primary" disabled={pending}>
              Test connection &amp; discover
            </button>
          </form>
        </div>
      ) : null}
      {canRun ? (
        <div className="servers-connection-actions">
          {opForm('test', 'btn btn-secondary', 'Test connection', 'Connecting…')}
          {opForm('discover', 'btn btn-primary', 'Discover tools', 'Discovering…')}
          <p className="field-hint">
            Discovery reads tools/list (and resources and prompts) and classifies every tool under your policy. No tool
            is called. Discover again after a deploy to see what changed.
          </p>
        </div>
      ) : (
        <p className="muted">Members can test the connection and discover tools; your role is viewer.</p>
      )}
      <div aria-live="polite" className="servers-outcome-region">
        {pending ? (
          <p className="muted">{running === 'test' ? 'Connecting…' : 'Discovering…'}</p>
        ) : state && state.ok && state.data ? (
          <Outcome outcome={state.data} />
        ) : state && !state.ok ? (
          <p className="form-error" role="alert">
            {state.error.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
