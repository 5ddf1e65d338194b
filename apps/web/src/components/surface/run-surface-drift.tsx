import Link from 'next/link';
import type { RunSurfaceDrift } from '@mcptest/core';
import { shortHash, SurfaceDiffView } from './surface-change-view';

const VERDICT_TEXT = {
  ok: 'the approved surface',
  changed: 'not the approved surface',
  unapproved: 'no surface approved yet: approve one on the server’s Surface tab',
} as const;

/**
 * The run page's surface part (docs/health.md): whether the surface the run read differs from the server's previous
 * one (with the diff), and, for a pinned run, the pin's verdict against the approved surface. Nothing when the run
 * saw the previous surface and is not pinned.
 */
export function RunSurfaceDriftSection({
  org,
  serverId,
  drift,
}: {
  org: string;
  serverId: string;
  drift: RunSurfaceDrift;
}) {
  if (!drift.changed && drift.pin === null) return null;
  const loud = drift.diff?.loud === true;
  const pinBad = drift.pin !== null && drift.pin.verdict !== 'ok';
  return (
    <section
      className={`runs-regressions surface-run${loud ? ' surface-change-loud' : ''}`}
      aria-labelledby="runs-surface-title"
      data-testid="run-surface"
    >
      <h2 id="runs-surface-title">Server surface</h2>
      {drift.changed ? (
        <p>
          The server’s surface changed since the previous recording (
          <code title={drift.previousHash ?? ''}>{shortHash(drift.previousHash ?? '')}</code> →{' '}
          <code title={drift.hash}>{shortHash(drift.hash)}</code>): {drift.summary ?? 'the previous surface is unknown'}
        </p>
      ) : (
        <p>
          The server’s surface is unchanged (<code title={drift.hash}>{shortHash(drift.hash)}</code>).
        </p>
      )}
      {drift.pin ? (
        <p>
          Pinned ({drift.pin.source === 'suite' ? 'the suite’s pin: key' : 'the project’s pin'}, {drift.pin.mode}):{' '}
          <strong className={pinBad ? 'surface-pin-bad' : undefined}>{VERDICT_TEXT[drift.pin.verdict]}</strong>
          {drift.pin.summary ? <> — {drift.pin.summary}</> : null}
        </p>
      ) : null}
      {drift.diff && drift.diff.changed ? (
        <details className="servers-diff" open={loud}>
          <summary>What changed</summary>
          <SurfaceDiffView diff={drift.diff} />
        </details>
      ) : null}
      <p>
        <Link href={`/o/${org}/servers/${serverId}/surface`}>The server’s Surface tab</Link> has the drift history and
        the approval.
      </p>
    </section>
  );
}
