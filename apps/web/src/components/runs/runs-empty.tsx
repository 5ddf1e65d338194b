import { buildCiSnippets } from '@mcptest/core';
import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * The shared EmptyState's heading is an h3; on these pages it follows the h1, so this one is an h2 (headings in order)
 * with the same look.
 */
export function RunsEmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="empty-state" aria-labelledby="runs-empty-title">
      <h2 id="runs-empty-title" className="runs-empty-title">
        {title}
      </h2>
      <div className="empty-state-body">{children}</div>
      {action ? <div className="empty-state-action">{action}</div> : null}
    </section>
  );
}

/** What a run history with no runs teaches: the three ways a run starts (the CI command filled in where it can be). */
export function RunsEmpty({
  org,
  appUrl,
  filtered,
  clearHref,
  suiteId,
}: {
  org: string;
  appUrl: string;
  filtered: boolean;
  clearHref: string;
  suiteId?: string;
}) {
  if (filtered) {
    return (
      <RunsEmptyState title="No run matches these filters" action={<Link href={clearHref}>Clear the filters</Link>}>
        <p>Try another status, trigger or branch, or clear the filters to see every run.</p>
      </RunsEmptyState>
    );
  }
  return (
    <RunsEmptyState title="No runs yet">
      <p>A run executes a suite against its server and records a verdict for every assertion. Runs start three ways:</p>
      <ul className="runs-ways">
        <li>
          <strong>Run now</strong> on{' '}
          {suiteId ? <Link href={`/o/${org}/suites/${suiteId}`}>the suite’s overview</Link> : 'a suite’s overview'}{' '}
          (members and above): you watch it live.
        </li>
        <li>
          <strong>On a schedule</strong>:{' '}
          {suiteId ? (
            <Link href={`/o/${org}/suites/${suiteId}/schedule`}>give the suite a cron expression</Link>
          ) : (
            'give a suite a cron expression on its Schedule tab'
          )}
          .
        </li>
        <li>
          <strong>From CI</strong>, with an API token (<Link href={`/o/${org}/settings`}>Settings</Link>) in{' '}
          <code>MCPTEST_TOKEN</code>:
          <pre className="runs-command" tabIndex={0}>
            {buildCiSnippets({ appUrl, suiteId: suiteId ?? '<suite id>' }).shell}
          </pre>
          It waits for the verdict and fails the job on a failure or a regression (docs/ci.md has GitHub Actions and
          GitLab examples; the REST API is described at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>).
        </li>
      </ul>
    </RunsEmptyState>
  );
}
