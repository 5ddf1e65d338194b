import Link from 'next/link';
import type { LatencyResource } from '@/server/services/latency/latency-schemas';
import { DataTable } from '@/components/data-table';
import { shortId } from '@/components/runs/format';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 56 };

/** A round step (1, 2, 5 × 10^k) so the axis has about four ticks up to `max`. */
export function latencyTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const count = Math.ceil(max / step);
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(6)));
}

function when(iso: string | null): string {
  return iso === null ? '' : `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * p50 and p95 of each run's calls, oldest on the left, drawn as plain SVG on the server (no chart library, no client
 * code): the SLO's suite-level p95 target as a dashed line, and the runs that ended in breach of the SLO marked. Each
 * point links to its run; the same numbers are a table under "Show the data".
 */
export function LatencyChart({
  trend,
  targetMs,
  runsPath,
  title,
}: {
  trend: LatencyResource['trend'];
  /** The p95 target to draw (the suite's), if any. */
  targetMs?: number | undefined;
  runsPath: string;
  title: string;
}) {
  const points = trend.filter((p) => p.p50 !== undefined && p.p95 !== undefined);
  const max = Math.max(targetMs ?? 0, ...points.map((p) => p.p95 ?? 0));
  const ticks = latencyTicks(max);
  const top = ticks.at(-1) ?? 1;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (ms: number) => PAD.top + innerH - (ms / top) * innerH;
  const line = (key: 'p50' | 'p95') =>
    points.map((p, i) => `${x(i).toFixed(1)},${y(p[key] ?? 0).toFixed(1)}`).join(' ');
  const breached = points.filter((p) => p.breached).length;
  const description =
    `p50 and p95 call duration of the last ${points.length} runs` +
    (targetMs === undefined ? '' : `, against a p95 target of ${targetMs} ms`) +
    (breached > 0 ? `; ${breached} run${breached === 1 ? '' : 's'} ended in breach of the SLO` : '') +
    '.';
  return (
    <figure className="latency-chart" aria-labelledby="latency-chart-title" aria-describedby="latency-chart-desc">
      <figcaption>
        <h2 id="latency-chart-title">{title}</h2>
        <p id="latency-chart-desc" className="muted">
          {description}
        </p>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="latency-chart-title latency-chart-desc">
        {ticks.map((t) => (
          <g key={t}>
            <line className="latency-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} />
            <text className="latency-axis" x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
              {t} ms
            </text>
          </g>
        ))}
        {targetMs === undefined ? null : (
          <g data-testid="latency-slo-line">
            <line className="latency-slo" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(targetMs)} y2={y(targetMs)} />
            <text className="latency-slo-label" x={WIDTH - PAD.right} y={y(targetMs) - 4} textAnchor="end">
              SLO p95 {targetMs} ms
            </text>
          </g>
        )}
        <polyline className="latency-p50" points={line('p50')} fill="none" />
        <polyline className="latency-p95" points={line('p95')} fill="none" />
        {points.map((p, i) => (
          <a
            key={p.runId}
            href={`${runsPath}/${p.runId}`}
            aria-label={`Run ${shortId(p.runId)}: p50 ${p.p50} ms, p95 ${p.p95} ms${p.breached ? ', SLO breached' : ''}, finished ${when(p.finishedAt)}`}
          >
            <circle cx={x(i)} cy={y(p.p95 ?? 0)} r={8} fill="transparent" />
            <circle className="latency-dot-p95" cx={x(i)} cy={y(p.p95 ?? 0)} r={3} />
            {p.breached ? (
              <path
                className="latency-breach"
                data-testid="latency-breach"
                d={`M${x(i)},${y(p.p95 ?? 0) - 14} l6,9 h-12 z`}
              />
            ) : null}
          </a>
        ))}
        {points.length > 0 ? (
          <>
            <text className="latency-axis" x={x(0)} y={HEIGHT - 8} textAnchor="start">
              {when(points[0]?.finishedAt ?? null)}
            </text>
            <text className="latency-axis" x={x(points.length - 1)} y={HEIGHT - 8} textAnchor="end">
              {points.length > 1 ? when(points.at(-1)?.finishedAt ?? null) : ''}
            </text>
          </>
        ) : null}
      </svg>
      <p className="latency-legend muted" aria-hidden="true">
        <span className="latency-key latency-key-p50" /> p50 <span className="latency-key latency-key-p95" /> p95
        {targetMs === undefined ? null : (
          <>
            {' '}
            <span className="latency-key latency-key-slo" /> SLO target
          </>
        )}
        {breached > 0 ? <> ▲ run in breach</> : null}
      </p>
      <details>
        <summary>Show the data</summary>
        <DataTable caption={description} columns={['Finished', 'Run', 'Calls', 'p50', 'p95', 'p99', 'SLO']}>
          {points
            .slice()
            .reverse()
            .map((p) => (
              <tr key={p.runId}>
                <td>{when(p.finishedAt)}</td>
                <td>
                  <Link href={`${runsPath}/${p.runId}`}>#{shortId(p.runId)}</Link>
                </td>
                <td>{p.samples}</td>
                <td>{p.p50} ms</td>
                <td>{p.p95} ms</td>
                <td>{p.p99} ms</td>
                <td>{p.breached ? 'breached' : '—'}</td>
              </tr>
            ))}
        </DataTable>
      </details>
    </figure>
  );
}
