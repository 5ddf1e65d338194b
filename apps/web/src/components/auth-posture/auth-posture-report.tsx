import Link from 'next/link';
import { shortId } from '@/components/runs/format';
import { StatusPill } from '@/components/status-pill';
import { TimeStamp } from '@/components/time-stamp';
import type { ServerAuthPosture } from '@/server/services/auth-posture/auth-posture-schemas';

/**
 * The latest auth-posture run of a server: the verdict, the run, and every finding with its severity, status,
 * rationale, message and spec references. Severity is written out (colour is never the only signal).
 */
export function AuthPostureReport({ org, posture }: { org: string; posture: ServerAuthPosture }) {
  const { run, counts } = posture;
  if (run === null) return null;
  return (
    <section className="card auth-posture-report" aria-labelledby="auth-posture-title">
      <h2 id="auth-posture-title">
        {posture.ok === null
          ? 'No findings'
          : posture.ok
            ? 'No finding failed'
            : `${counts.FAIL} of ${posture.findings.length} findings failed`}
      </h2>
      <p className="conformance-verdict">
        <StatusPill status={run.status} /> <Link href={`/o/${org}/runs/${run.id}`}>Run #{shortId(run.id)}</Link>
        {run.finishedAt === null ? null : (
          <>
            {' '}
            · <TimeStamp value={run.finishedAt} />
          </>
        )}
      </p>
      <p className="muted">
        {counts.PASS} passed, {counts.FAIL} failed, {counts.WARN} warnings, {counts.SKIPPED} skipped. The check sends
        only initialize or server/discover, each with a crafted token or none: it never calls a tool.
      </p>
      {posture.findings.length === 0 ? (
        <p>The run ended before judging any finding: open the run for its error.</p>
      ) : (
        <div className="table-wrap">
          <table className="conformance-checks auth-posture-findings">
            <caption className="sr-only">Auth-posture findings</caption>
            <thead>
              <tr>
                <th scope="col">Severity</th>
                <th scope="col">Status</th>
                <th scope="col">Finding</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {posture.findings.map((finding) => (
                <tr key={finding.id} data-finding={finding.id}>
                  <td>
                    <span className={`auth-posture-severity severity-${finding.severity}`}>{finding.severity}</span>
                  </td>
                  <td>
                    <StatusPill status={finding.status} />
                  </td>
                  <td>
                    <code>{finding.id}</code>
                    <div>{finding.title}</div>
                    <p className="muted">{finding.rationale}</p>
                  </td>
                  <td>
                    {finding.message ? <p>{finding.message}</p> : null}
                    <ul className="auth-posture-refs">
                      {finding.specRefs.map((ref) => (
                        <li key={ref.url + ref.label}>
                          <a href={ref.url} target="_blank" rel="noreferrer">
                            {ref.label}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
