import type { ReactNode } from 'react';
import type { WireFinding } from '@mcptest/core';
import { StatusPill } from '@/components/status-pill';
import { explainDetail } from './explain-detail';
import { formatDuration } from './format';

export interface ResultItemData {
  name: string;
  status: 'PASS' | 'FAIL' | 'SKIP';
  detail: string;
  durationMs: number;
  tool?: string | null;
  trial: number;
  /** Schema violations of the result's JSON-RPC messages (the finished page has them; live events do not). */
  wireFindings?: WireFinding[];
  wireRevision?: string | null;
}

/**
 * One assertion's outcome: status in words, a regression marker when it passed in the baseline, and for a failure
 * what was expected against what came back. Shared by the live list (client) and the finished page (server).
 */
export function ResultItem({
  id,
  result,
  regressed,
  children,
}: {
  /** An anchor (the regressions summary links to it). */
  id?: string;
  result: ResultItemData;
  regressed?: boolean;
  /** The transcript disclosure, where the page has one. */
  children?: ReactNode;
}) {
  const status = result.status.toLowerCase();
  return (
    <li
      id={id}
      tabIndex={id ? -1 : undefined}
      className={`runs-result runs-result-${status}${regressed ? ' runs-result-regressed' : ''}`}
    >
      <div className="runs-result-head">
        <StatusPill status={result.status} />
        {regressed ? (
          <span className="runs-regression-mark" title="Passed in the baseline, does not pass now">
            <span aria-hidden="true">▼ </span>Regression
          </span>
        ) : null}
        <span className="runs-result-name">{result.name}</span>
        <span className="muted runs-result-meta">
          {result.trial > 0 ? `trial ${result.trial + 1} · ` : ''}
          {result.tool ? (
            <>
              <code>{result.tool}</code> ·{' '}
            </>
          ) : null}
          {formatDuration(result.durationMs)}
        </span>
      </div>
      {result.detail ? <Explanation status={result.status} detail={result.detail} /> : null}
      {result.wireFindings?.length ? (
        <WireFindings findings={result.wireFindings} revision={result.wireRevision ?? undefined} />
      ) : null}
      {children}
    </li>
  );
}

function Explanation({ status, detail }: { status: ResultItemData['status']; detail: string }) {
  if (status !== 'FAIL') {
    return (
      <p className="runs-explain-line">
        <strong>{status === 'SKIP' ? 'Skipped: ' : 'Note: '}</strong>
        {detail}
      </p>
    );
  }
  const explained = explainDetail(detail);
  return (
    <div className="runs-explain">
      <p className="runs-explain-line">
        <strong>Why it failed: </strong>
        {explained.summary}
      </p>
      {explained.expected !== undefined || explained.got !== undefined ? (
        <dl className="runs-explain-pair">
          {explained.expected !== undefined ? (
            <div>
              <dt>Expected</dt>
              <dd>
                <pre tabIndex={0}>{explained.expected}</pre>
              </dd>
            </div>
          ) : null}
          {explained.got !== undefined ? (
            <div>
              <dt>What came back</dt>
              <dd>
                <pre tabIndex={0}>{explained.got}</pre>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}

/** Only links we build ourselves (core's wireSpecLink) become links; anything else stored is shown as text. */
const SPEC_PREFIX = 'https://modelcontextprotocol.io/specification/';

function WireFindings({ findings, revision }: { findings: WireFinding[]; revision: string | undefined }) {
  return (
    <details className="runs-wire">
      <summary>
        {findings.length} wire schema {findings.length === 1 ? 'finding' : 'findings'}
        {revision ? ` (MCP ${revision})` : ''}
      </summary>
      <ul>
        {findings.map((finding, index) => (
          <li key={index}>
            <code>{finding.pointer || '/'}</code> {finding.message}
            <span className="muted">
              {' '}
              · {finding.direction} {finding.method ?? ''} ·{' '}
              {finding.specLink.startsWith(SPEC_PREFIX) ? (
                <a href={finding.specLink} rel="noreferrer" target="_blank">
                  {finding.definition}
                </a>
              ) : (
                finding.definition
              )}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
