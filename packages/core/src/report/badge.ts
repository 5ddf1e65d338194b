import { makeBadge } from 'badge-maker';
import type { RunReport, RunSummary } from '../result/run-result';

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
