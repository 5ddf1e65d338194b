'use client';
import Link from 'next/link';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { SuiteTrend } from '@/server/services/runs/get-suite-trend';
import { StatusPill } from '@/components/status-pill';
import { formatDuration, shortId } from './format';
import { DataTable } from '@/components/data-table';

/** The trend's one-line reading, also the chart's accessible description. */
export function trendSentence(summary: SuiteTrend['summary']): string {
  const rate = summary.passRate === null ? 'no assertions recorded' : `${summary.passRate}% of assertions passed`;
  const median =
    summary.medianDurationMs === null ? '' : `, median duration ${formatDuration(summary.medianDurationMs)}`;
  return `Last ${summary.runs} finished runs: ${rate}${median}.`;
}

/**
 * Pass rate (line, left axis) and duration (bars, right axis) of the suite's last finished runs, oldest on the left.
 * The chart has a title and description, recharts' keyboard layer (arrow keys move the tooltip), and the same numbers
 * as a table under "Show the data" for anyone who prefers reading to a picture.
 */
export function TrendChart({ trend, runsPath }: { trend: SuiteTrend; runsPath: string }) {
  const data = trend.points.map((p, index) => ({
    run: index + 1,
    runId: p.runId,
    status: p.status,
    finishedAt: p.finishedAt,
    label: p.finishedAt.slice(5, 16).replace('T', ' '),
    passRate: p.passRate,
    seconds: p.durationMs === null ? null : Math.round(p.durationMs / 100) / 10,
  }));
  const sentence = trendSentence(trend.summary);
  const timeTicks = durationTicks(Math.max(0, ...data.map((d) => d.seconds ?? 0)));
  return (
    <figure className="runs-trend" aria-labelledby="runs-trend-title" aria-describedby="runs-trend-summary">
      <figcaption>
        <h2 id="runs-trend-title">Trend</h2>
        <p id="runs-trend-summary" className="muted">
          {sentence}
        </p>
      </figcaption>
      <div className="runs-trend-chart">
        <ComposedChart
          responsive
          style={{ width: '100%', height: '100%' }}
          data={data}
          margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
          title="Pass rate and duration per run"
          desc={sentence}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: 'var(--muted)' }} minTickGap={24} />
          <YAxis yAxisId="rate" domain={[0, 100]} unit="%" width={48} tick={{ fontSize: 12, fill: 'var(--muted)' }} />
          <YAxis
            yAxisId="time"
            orientation="right"
            unit=" s"
            domain={[0, timeTicks.at(-1)!]}
            ticks={timeTicks}
            width={52}
            tick={{ fontSize: 12, fill: 'var(--muted)' }}
          />
          <Tooltip
            contentStyle={{ background: 'var(--card)', border: '1px solid var(--border)', color: 'var(--fg)' }}
            formatter={(value, name) => (name === 'Pass rate' ? [`${value}%`, name] : [`${value} s`, name])}
          />
          <Bar
            yAxisId="time"
            dataKey="seconds"
            name="Duration"
            fill="var(--runs-duration)"
            maxBarSize={18}
            isAnimationActive={false}
          />
          <Line
            yAxisId="rate"
            type="monotone"
            dataKey="passRate"
            name="Pass rate"
            stroke="var(--runs-rate)"
            strokeWidth={2}
            dot={(props: DotProps) => <RunDot key={props.index} {...props} runsPath={runsPath} />}
            activeDot={false}
            connectNulls
            isAnimationActive={false}
          />
        </ComposedChart>
      </div>
      <p className="runs-trend-legend muted" aria-hidden="true">
        <span className="runs-key runs-key-rate" /> Pass rate (left, %) <span className="runs-key runs-key-time" />{' '}
        Duration (right, seconds)
      </p>
      <details className="runs-trend-data">
        <summary>Show the data</summary>
        <DataTable
          caption={`Pass rate and duration of the last ${trend.points.length} finished runs`}
          columns={['Finished', 'Run', 'Passed', 'Pass rate', 'Duration']}
        >
          {trend.points
            .slice()
            .reverse()
            .map((p) => (
              <tr key={p.runId}>
                <td>{p.finishedAt.slice(0, 16).replace('T', ' ')} UTC</td>
                <td>
                  <Link href={`${runsPath}/${p.runId}`} aria-label={`Run ${shortId(p.runId)}, ${p.status}`}>
                    <StatusPill status={p.status} />
                  </Link>
                </td>
                <td>
                  {p.passed} / {p.total}
                </td>
                <td>{p.passRate === null ? '—' : `${p.passRate}%`}</td>
                <td>{formatDuration(p.durationMs)}</td>
              </tr>
            ))}
        </DataTable>
      </details>
    </figure>
  );
}

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: { runId: string; status: string; passRate: number | null; finishedAt: string };
}

/**
 * A point of the pass-rate line as a link to its run (keyboard-focusable, named for screen readers): the chart
 * answers "which run was that?" with one click instead of a trip through the history table.
 */
function RunDot({ cx, cy, payload, runsPath }: DotProps & { runsPath: string }) {
  if (cx === undefined || cy === undefined || !payload || payload.passRate === null) return null;
  const when = `${payload.finishedAt.slice(0, 16).replace('T', ' ')} UTC`;
  return (
    <a
      href={`${runsPath}/${payload.runId}`}
      aria-label={`Run ${shortId(payload.runId)}, ${payload.status}, ${payload.passRate}% passed, finished ${when}`}
      className="runs-trend-point"
    >
      <circle cx={cx} cy={cy} r={9} fill="transparent" />
      <circle cx={cx} cy={cy} r={3.5} fill="var(--card)" stroke="var(--runs-rate)" strokeWidth={2} />
    </a>
  );
}

/** Round seconds for the duration axis: 0 up to the first multiple of a 1/2/5 step that covers the slowest run. */
function durationTicks(maxSeconds: number): number[] {
  if (maxSeconds <= 0) return [0, 1];
  const raw = maxSeconds / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const count = Math.ceil(maxSeconds / step);
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(6)));
}
