import type { LatencyResource } from '@/server/services/latency/latency-schemas';
import { DataTable } from '@/components/data-table';

const ms = (v: number | undefined) => (v === undefined ? '—' : `${v} ms`);

function targetText(targets: LatencyResource['tools'][number]['targets']): string {
  const parts = (['p50', 'p95', 'p99'] as const).flatMap((p) =>
    targets[p] === undefined ? [] : [`${p} ≤ ${targets[p]} ms`],
  );
  return parts.length ? parts.join(', ') : '—';
}

/** p50/p95/p99 per tool over the window, with each tool's targets and verdict when there is an SLO. */
export function ToolLatencyTable({
  latency,
  caption,
  withSlo,
}: {
  latency: LatencyResource;
  caption: string;
  withSlo: boolean;
}) {
  return (
    <DataTable
      caption={caption}
      columns={['Tool', 'Calls', 'Runs', 'p50', 'p95', 'p99', withSlo && 'Target', withSlo && 'SLO']}
      className="latency-tools"
    >
      {latency.tools.map((t) => (
        <tr key={t.tool} className={t.breaches.length > 0 ? 'latency-row-breached' : undefined}>
          <th scope="row">
            <code>{t.tool}</code>
          </th>
          <td>{t.samples}</td>
          <td>{t.runs}</td>
          <td>{ms(t.p50)}</td>
          <td>{ms(t.p95)}</td>
          <td>{ms(t.p99)}</td>
          {withSlo ? <td>{targetText(t.targets)}</td> : null}
          {withSlo ? (
            <td>
              {Object.keys(t.targets).length === 0
                ? '—'
                : !t.judged
                  ? `not judged (${t.runs} of ${latency.minRuns} runs)`
                  : t.breaches.length > 0
                    ? `breached: ${t.breaches.map((b) => `${b.percentile} ${b.observedMs} ms > ${b.targetMs} ms`).join(', ')}`
                    : 'met'}
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}
