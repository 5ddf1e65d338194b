import { checkSchedule, loadSuite, type PlanLimits } from '@mcptest/core';
import { ApiError, type ErrorDetail } from '@/server/api/api-error';

/** Hosted suites are one document; errors name this file with their line and column. */
const SUITE_FILE = 'suite.yaml';

/**
 * 400 with every loader error as `{path: "yaml", line, column, message, field, hint, code}`, or nothing. Hosted suites
 * run on a shared worker, so every key that reads the runner's files (`file_*`, `audit_log`, `fixture`,
 * `{{fixture}}`) is one of the errors, with `code: "local_files"`; only the CLI may use them.
 */
export function validateSuiteYaml(yaml: string): void {
  const loaded = loadSuite(yaml, SUITE_FILE, { refuseLocalFiles: true });
  if (loaded.ok) return;
  const details: ErrorDetail[] = loaded.errors.map((e) => ({
    path: 'yaml',
    line: e.line,
    column: e.column,
    message: e.message,
    ...(e.path ? { field: e.path } : {}),
    ...(e.hint ? { hint: e.hint } : {}),
    ...(e.code ? { code: e.code } : {}),
  }));
  const first = loaded.errors[0];
  throw new ApiError(
    'validation_failed',
    `the suite YAML is invalid: ${first ? `line ${first.line}, column ${first.column}: ${first.message}` : 'unknown error'}${loaded.errors.length > 1 ? ` (and ${loaded.errors.length - 1} more)` : ''}`,
    details,
  );
}

/** 400 unless the schedule parses, its zone exists, and it respects the plan's minimum interval. */
export function validateSchedule(
  schedule: string | null | undefined,
  timezone: string,
  limits: PlanLimits,
  now: Date,
): void {
  if (schedule === null || schedule === undefined) return;
  const checked = checkSchedule({
    cron: schedule,
    timezone,
    minIntervalSeconds: limits.minScheduleIntervalSeconds,
    now: now.getTime(),
  });
  if (!checked.ok) {
    throw new ApiError('validation_failed', checked.message, [
      {
        path: checked.code === 'invalid_timezone' ? 'timezone' : 'schedule',
        message: checked.message,
        code: checked.code,
      },
    ]);
  }
}
