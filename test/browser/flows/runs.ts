// Browser steps of the runs area (suite overview, run page, history) for the end-to-end test. Each step starts from a
// signed-in page of a member of `org` and waits for a real outcome (URL, text), never for time.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

export type RunStatus = 'queued' | 'running' | 'passed' | 'failed' | 'error' | 'cancelled';

/** The word the run page shows for each status (StatusPill). */
const STATUS_WORD: Record<RunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  error: 'Error',
  cancelled: 'Cancelled',
};

/**
 * Opens the suite overview, clicks "Run now" and lands on the new run's page; returns the run id.
 * Assumes the user is MEMBER or higher and the suite is enabled.
 */
export async function runSuiteNow(page: Page, base: string, org: string, suiteId: string): Promise<string> {
  await page.goto(`${base}/o/${org}/suites/${suiteId}`);
  await page.getByRole('button', { name: 'Run now', exact: true }).click();
  await page.waitForURL((url) => new RegExp(`^/o/${org}/runs/[^/]+$`).test(url.pathname));
  return new URL(page.url()).pathname.split('/')[4]!;
}

/**
 * Waits until the open run page shows `status`, WITHOUT reloading: the page is marked first and the mark must survive,
 * so a pass proves the status arrived over the live event stream (and the in-place refresh at the end of the run).
 * For a verdict it also waits for the finished page (its downloads), so `downloadJunit` can follow.
 */
export async function waitForRunStatus(page: Page, status: RunStatus, timeoutMs = 60_000): Promise<void> {
  const mark = await page.evaluate(() => {
    const w = globalThis as { __runsFlowMark?: string };
    w.__runsFlowMark ??= Math.random().toString(36).slice(2);
    return w.__runsFlowMark;
  });
  await page
    .getByRole('status')
    .filter({ hasText: new RegExp(`Run status:\\s*${STATUS_WORD[status]}(?![A-Za-z])`) })
    .waitFor({ timeout: timeoutMs });
  // A verdict refreshes the page data in place; the downloads appear with the finished page.
  if (status !== 'queued' && status !== 'running') {
    await page.getByRole('link', { name: 'Download JUnit' }).waitFor({ timeout: timeoutMs });
  }
  const after = await page.evaluate(() => (globalThis as { __runsFlowMark?: string }).__runsFlowMark);
  if (after !== mark) throw new Error(`the run page reloaded while waiting for "${status}": it did not update live`);
}

/**
 * On the suite overview, waits for the trend chart (its svg) and its accessible summary; returns the summary line
 * ("Last N finished runs: …% of assertions passed, median duration …"). Needs two finished runs of the suite.
 */
export async function expectTrendChart(page: Page, base: string, org: string, suiteId: string): Promise<string> {
  await page.goto(`${base}/o/${org}/suites/${suiteId}`);
  const figure = page.getByRole('figure', { name: 'Trend' });
  await figure.locator('svg').first().waitFor();
  const summary = figure.getByRole('paragraph').filter({ hasText: /^Last \d+ finished runs: / });
  await summary.waitFor();
  return (await summary.textContent()) ?? '';
}

/** On a queued or running run's page, clicks "Cancel run" and waits (live) until the page shows it cancelled. */
export async function cancelRun(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cancel run' }).click();
  await waitForRunStatus(page, 'cancelled', 60_000);
}

/** On a finished run's page, downloads the JUnit report and returns the XML. */
export async function downloadJunit(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download JUnit' }).click(),
  ]);
  const file = await download.path();
  return readFile(file, 'utf8');
}
