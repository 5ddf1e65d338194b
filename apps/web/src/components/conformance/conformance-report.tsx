import Link from 'next/link';
import { BadgeSnippets } from '@/components/badges/badge-snippets';
import { CodeBlock } from '@/components/code-block';
import { shortId } from '@/components/runs/format';
import { StatusPill } from '@/components/status-pill';
import { TimeStamp } from '@/components/time-stamp';
import type { ConformanceReportResource } from '@/server/services/conformance/conformance-schemas';

/** Evidence as readable JSON; a string stays as it is. */
function evidenceText(evidence: unknown): string {
  return typeof evidence === 'string' ? evidence : JSON.stringify(evidence, null, 2);
}

/**
 * The latest conformance result of one revision: the badge-style headline, the verdict, what was called, stale
 * expected failures, and every check with its status, message, spec section and evidence (collapsed).
 */
export function ConformanceReport({ org, report }: { org: string; report: ConformanceReportResource }) {
  const titleId = `conformance-${report.revision}`;
  const { counts } = report;
  return (
    <section className="card conformance-report" aria-labelledby={titleId}>
      <h2 id={titleId}>{report.headline}</h2>
      <p className="conformance-verdict">
        <StatusPill status={report.ok ? 'passed' : 'failed'} /> {report.ok ? 'Conformant' : 'Not conformant'} ·{' '}
        <Link href={`/o/${org}/runs/${report.runId}`}>Run #{shortId(report.runId)}</Link> ·{' '}
        <TimeStamp value={report.createdAt} />
      </p>
      <p className="muted">
        {counts.passed} passed, {counts.failed} failed, {counts.warnings} warnings, {counts.expectedFailures} expected
        failures, {counts.skipped} skipped of {counts.total} checks. Negotiated protocol:{' '}
        {report.protocolVersion ?? 'none (no session opened)'}.
      </p>
      <p className="muted">
        Tools called:{' '}
        {report.toolCalls.length === 0 ? (
          'none'
        ) : (
          <>
            {report.toolCalls.map((tool, index) => (
              <span key={`${tool}-${index}`}>
                {index > 0 ? ', ' : null}
                <code>{tool}</code>
              </span>
            ))}{' '}
            (read-only tools and named fixtures only)
          </>
        )}
      </p>
      {report.staleExpectedFailures.length > 0 ? (
        <div className="conformance-stale" role="note">
          <p>
            <strong>Stale expected failures</strong>: these entries of <code>expected_failures</code> matched no failing
            check. The fix landed: remove them from the suite.
          </p>
          <ul>
            {report.staleExpectedFailures.map((entry) => (
              <li key={entry}>
                <code>{entry}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="table-wrap">
        <table className="conformance-checks">
          <caption className="sr-only">Checks of MCP {report.revision}</caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Check</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {report.checks.map((check) => (
              <tr key={check.id} data-check={check.id}>
                <td>
                  <StatusPill status={check.status} />
                </td>
                <td>
                  <code>{check.id}</code>
                  <div>{check.title}</div>
                  <a href={check.specUrl} target="_blank" rel="noreferrer">
                    Spec section<span className="sr-only"> for {check.id}</span>
                  </a>
                </td>
                <td>
                  {check.message ? <p>{check.message}</p> : null}
                  {check.evidence === undefined ? null : (
                    <details>
                      <summary>
                        Evidence<span className="sr-only"> for {check.id}</span>
                      </summary>
                      <CodeBlock label={`Evidence for ${check.id}`} className="conformance-evidence">
                        {evidenceText(check.evidence)}
                      </CodeBlock>
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Badge</h3>
      <BadgeSnippets
        svgUrl={report.badge.svgUrl}
        jsonUrl={report.badge.jsonUrl}
        linkUrl={report.badge.statusUrl}
        label={`MCP ${report.revision} conformance`}
        previewVersion={report.runId}
      />
    </section>
  );
}
