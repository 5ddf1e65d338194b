import type { CoverageReport, RiskLevel } from '@mcptest/core';
import { DataTable } from '@/components/data-table';

/** What each risk phase means, in the order a run executes them (docs/health.md#coverage-and-risk-phases). */
export const PHASE_LABELS: Record<RiskLevel, string> = {
  setup: 'Setup',
  'read-only': 'Read-only',
  low: 'Low (idempotent write)',
  medium: 'Medium (write)',
  high: 'High (destructive)',
};
const PHASE_TONE: Record<RiskLevel, 'neutral' | 'ok' | 'info' | 'warn' | 'bad'> = {
  setup: 'neutral',
  'read-only': 'ok',
  low: 'info',
  medium: 'warn',
  high: 'bad',
};

/**
 * A coverage report as a table: every listed tool in risk-phase order with its class, assertions and notes, then the
 * uncovered mutating and destructive tools. Shared by the server's Coverage tab and the run page. `suiteNames` turns
 * the suite ids of `assertedBy` into names where known.
 */
export function CoverageTable({
  report,
  caption,
  suiteNames = new Map(),
}: {
  report: CoverageReport;
  caption: string;
  suiteNames?: ReadonlyMap<string, string>;
}) {
  const { totals } = report;
  return (
    <div className="coverage">
      <p className="coverage-summary">
        <strong>
          {totals.covered} of {totals.tools} tools covered ({totals.percentage}%)
        </strong>
        {report.uncoveredRisky.length > 0 ? (
          <>
            {' '}
            ·{' '}
            <span className="pill servers-tone-bad">
              {report.uncoveredRisky.length} mutating or destructive not covered
            </span>
          </>
        ) : null}
        {totals.needsReview > 0 ? (
          <>
            {' '}
            · <span className="pill servers-tone-warn">{totals.needsReview} need review</span>
          </>
        ) : null}
      </p>
      <DataTable
        caption={caption}
        columns={['Phase', 'Tool', 'Class', 'Assertions', 'Notes']}
        className="coverage-table"
      >
        {report.tools.map((tool) => {
          const suites = [...new Set(tool.assertedBy.map((ref) => suiteNames.get(ref.suite) ?? ref.suite))];
          return (
            <tr key={tool.name} data-phase={tool.phase} data-covered={tool.covered ? 'yes' : 'no'}>
              <td>
                <span className={`pill servers-tone-${PHASE_TONE[tool.phase]}`}>{PHASE_LABELS[tool.phase]}</span>
              </td>
              <th scope="row">
                <code>{tool.name}</code>
              </th>
              <td>
                {tool.class} <span className="muted">({tool.classSource})</span>
              </td>
              <td>
                {tool.covered ? (
                  <>
                    {tool.assertions}
                    {suiteNames.size > 0 ? <span className="muted"> in {suites.join(', ')}</span> : null}
                  </>
                ) : (
                  <span className="muted">
                    none
                    {tool.setupUses > 0
                      ? ` (called in ${tool.setupUses} setup step${tool.setupUses === 1 ? '' : 's'})`
                      : ''}
                  </span>
                )}
              </td>
              <td>
                {tool.covered ? null : <span className="pill servers-tone-neutral">Not covered</span>}{' '}
                {tool.needsReview ? (
                  <span className="pill servers-tone-warn" title={tool.reviewReason}>
                    Needs review
                  </span>
                ) : null}{' '}
                <span className="muted">{tool.reason}</span>
              </td>
            </tr>
          );
        })}
      </DataTable>
      {report.unknownTools.length > 0 ? (
        <p className="muted">
          Called by assertions but not listed by the server: {report.unknownTools.map((name) => `“${name}”`).join(', ')}
          .
        </p>
      ) : null}
    </div>
  );
}
