import { makeBadge } from 'badge-maker';
import { z } from 'zod';
import type { ConformanceReportRecord } from '../conformance/conformance-report-record';
import type { RunReport, RunSummary } from '../result/run-result';
import { makeUptimeBadgeData } from '../monitor/uptime-badge';

/** shields.io endpoint JSON (https://shields.io/badges/endpoint-badge), also the input of `renderBadgeSvg`. */
export interface BadgeData {
  schemaVersion: 1;
  label: string;
  message: string;
  /** A shields named colour. */
  color: 'brightgreen' | 'red' | 'yellow' | 'orange' | 'lightgrey';
}

export interface BadgeOptions {
  /** Left-hand text; `mcptest` by default. */
  label?: string;
  /** The last run ended in error (server unreachable, budget exhausted before anything ran): the summary is moot. */
  error?: boolean;
}

/**
 * The badge of a suite's latest run. Pass the run's report (so regressions count) or just its summary, or null
 * when the suite has never run.
 *
 * | state                          | message                       | colour      |
 * | ------------------------------ | ----------------------------- | ----------- |
 * | `error: true`                  | error                         | orange      |
 * | never run (null / undefined)   | no runs                       | lightgrey   |
 * | ran, but had no assertions     | no assertions                 | lightgrey   |
 * | every assertion skipped        | all skipped                   | yellow      |
 * | no failures, no regressions    | 12/12 passing                 | brightgreen |
 * | any failure                    | 10/12 passing                 | red         |
 * | any regression (report input)  | 12/12 passing, 1 regressed    | red         |
 *
 * The count is passed / (passed + failed): a skipped assertion neither passed nor failed, so a suite with a
 * `skip_unless_env` assertion can still be green. mcp-assert's badge (label mcp-assert, `passed/total`, red on any
 * failure, yellow when nothing passed) is the model; orange for errors and the regression count are ours.
 */
export function makeBadgeData(
  input: RunSummary | Pick<RunReport, 'summary' | 'regressions'> | null | undefined,
  options: BadgeOptions = {},
): BadgeData {
  const badge = (message: string, color: BadgeData['color']): BadgeData => ({
    schemaVersion: 1,
    label: options.label ?? 'mcptest',
    message,
    color,
  });
  if (options.error) return badge('error', 'orange');
  if (!input) return badge('no runs', 'lightgrey');

  const summary = 'summary' in input ? input.summary : input;
  const regressed = 'regressions' in input ? input.regressions.length : 0;
  if (summary.total === 0) return badge('no assertions', 'lightgrey');
  const ran = summary.passed + summary.failed;
  const counts = ran === 0 ? 'all skipped' : `${summary.passed}/${ran} passing`;
  if (regressed > 0) return badge(`${counts}, ${regressed} regressed`, 'red');
  if (ran === 0) return badge(counts, 'yellow');
  return badge(counts, summary.failed > 0 ? 'red' : 'brightgreen');
}

export interface BadgeSvgOptions {
  style?: 'flat' | 'flat-square' | 'plastic' | 'for-the-badge' | 'social';
}

/** The badge as an SVG document, drawn by shields' own `badge-maker` (pure: no fonts or network needed). */
export function renderBadgeSvg(data: BadgeData, options: BadgeSvgOptions = {}): string {
  return makeBadge({ label: data.label, message: data.message, color: data.color, style: options.style ?? 'flat' });
}

/** The label of hosted badges unless the URL overrides it (the suite name is not shown: badges are public). */
export const DEFAULT_BADGE_LABEL = 'mcptest';

/** Badge styles the hosted badge URLs accept (`?style=`). */
export const HOSTED_BADGE_STYLES = ['flat', 'flat-square', 'for-the-badge'] as const;
export type HostedBadgeStyle = (typeof HOSTED_BADGE_STYLES)[number];

/** The latest finished run of a suite, as a hosted badge needs it (cancelled and unfinished runs never count). */
export interface FinishedRunOutcome {
  status: 'passed' | 'failed' | 'error';
  /** Failed assertions. */
  failed: number;
  /** All assertions of the run (passed, failed and skipped). */
  total: number;
}

/**
 * What a hosted badge says; `failing` counts assertions on a suite badge and suites on a project badge. A schema
 * because the badge cache stores it in Redis and reads it back (any label is drawn from the cached status).
 */
export const BadgeStatus = z.discriminatedUnion('state', [
  z.object({ state: z.literal('passing') }),
  z.object({
    state: z.literal('failing'),
    failed: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
  z.object({ state: z.literal('error') }),
  z.object({ state: z.literal('no runs') }),
  /** A conformance badge: the latest report of a server's conformance suite for one revision. */
  z.object({
    state: z.literal('conformance'),
    revision: z.string().min(1),
    passed: z.number().int().nonnegative(),
    judged: z.number().int().nonnegative(),
    ok: z.boolean(),
  }),
  z.object({ state: z.literal('not found') }),
  /** An uptime badge: a server's monitor and its availability over UPTIME_BADGE_DAYS (docs/health.md). */
  z.object({
    state: z.literal('uptime'),
    enabled: z.boolean(),
    monitor: z.enum(['UNKNOWN', 'UP', 'DOWN']),
    availability: z.number().min(0).max(100).nullable(),
  }),
]);
export type BadgeStatus = z.infer<typeof BadgeStatus>;

/** A suite's badge status from its latest finished run (null: it has none). */
export function suiteBadgeStatus(latest: FinishedRunOutcome | null | undefined): BadgeStatus {
  if (!latest) return { state: 'no runs' };
  switch (latest.status) {
    case 'passed':
      return { state: 'passing' };
    case 'failed':
      return { state: 'failing', failed: latest.failed, total: latest.total };
    case 'error':
      return { state: 'error' };
  }
}

/**
 * A project's badge status from the latest finished run of each of its enabled suites (null for a suite that has
 * none). Suites without a finished run are not judged. Among the judged ones: any failed suite makes the project
 * `failing n/m`, where n counts the suites that did not pass (failed or error) and m the judged suites; errors alone
 * (nothing failed) make it `error`; otherwise it is `passing`. No judged suite at all: `no runs`.
 */
export function projectBadgeStatus(latest: readonly (FinishedRunOutcome | null | undefined)[]): BadgeStatus {
  const judged = latest.filter((r): r is FinishedRunOutcome => !!r);
  if (judged.length === 0) return { state: 'no runs' };
  const failed = judged.filter((r) => r.status === 'failed').length;
  const errored = judged.filter((r) => r.status === 'error').length;
  if (failed > 0) return { state: 'failing', failed: failed + errored, total: judged.length };
  if (errored > 0) return { state: 'error' };
  return { state: 'passing' };
}

/**
 * The shields endpoint data of a hosted badge.
 *
 * | state     | message       | colour      |
 * | --------- | ------------- | ----------- |
 * | passing   | passing       | brightgreen |
 * | failing   | failing n/m   | red         |
 * | error     | error         | orange      |
 * | no runs   | no runs       | lightgrey   |
 * | not found | not found     | lightgrey   |
 *
 * Orange for errors, as on the CLI's badge: the server could not be tested, which is not the same as a failure.
 */
export function makeStatusBadgeData(status: BadgeStatus, options: { label?: string } = {}): BadgeData {
  const badge = (message: string, color: BadgeData['color']): BadgeData => ({
    schemaVersion: 1,
    label: options.label ?? DEFAULT_BADGE_LABEL,
    message,
    color,
  });
  switch (status.state) {
    case 'passing':
      return badge('passing', 'brightgreen');
    case 'failing':
      return badge(`failing ${status.failed}/${status.total}`, 'red');
    case 'error':
      return badge('error', 'orange');
    case 'no runs':
      return badge('no runs', 'lightgrey');
    case 'not found':
      return badge('not found', 'lightgrey');
    case 'conformance':
      return badge(conformanceHeadline(status), status.ok ? 'brightgreen' : 'red');
    case 'uptime':
      // Labelled `uptime` by default: "mcptest | 99.9%" would not say what the figure is.
      return makeUptimeBadgeData(
        { enabled: status.enabled, state: status.monitor, availability: status.availability },
        options.label ?? 'uptime',
      );
  }
}

/**
 * The badge status of a conformance report. Judged = every check that was not SKIPPED (a WARN or an expected failure
 * was judged and did not pass); the colour follows `ok`, the official harness's verdict, so a report whose only
 * misses are warnings or listed expected failures is green while it shows fewer passes than checks.
 */
export function conformanceBadgeStatus(
  report: Pick<ConformanceReportRecord, 'revision' | 'total' | 'passed' | 'skipped' | 'ok'>,
): Extract<BadgeStatus, { state: 'conformance' }> {
  return {
    state: 'conformance',
    revision: report.revision,
    passed: report.passed,
    judged: report.total - report.skipped,
    ok: report.ok,
  };
}

/** "MCP 2026-07-28 · 12/14": the one wording of a conformance result, on the badge and the Conformance tab alike. */
export function conformanceHeadline(
  status: Pick<Extract<BadgeStatus, { state: 'conformance' }>, 'revision' | 'passed' | 'judged'>,
): string {
  return `MCP ${status.revision} · ${status.passed}/${status.judged}`;
}
