import type { ComponentProps, ReactNode } from 'react';
import type { Page } from '@/server/services/pagination';
import type { RunListItem } from '@/server/services/runs/run-schemas';
import { Pagination } from '@/components/pagination';
import type { RunFilterValues } from './run-filters';
import { RunsEmpty } from './runs-empty';
import { RunsTable } from './runs-table';

/**
 * The body of a run history page (the organization's, or one suite's): the filters once there is something to filter,
 * a note naming filters the URL had that the list does not know, the expired-link notice (`page` null), the empty
 * state that teaches how runs start, or the table with "Older runs".
 */
export function RunHistory({
  org,
  appUrl,
  path,
  page,
  cursor,
  values,
  ignored,
  filters,
  caption,
  suiteNames,
  suiteId,
}: {
  org: string;
  appUrl: string;
  /** The page's own path: the filters' form, the pagination and "Clear the filters" link there. */
  path: string;
  page: Page<RunListItem> | null;
  cursor?: string;
  values: RunFilterValues;
  ignored: readonly string[];
  /** The filter form (the organization's page also offers a suite). */
  filters: ReactNode;
  caption: string;
  suiteNames?: ComponentProps<typeof RunsTable>['suiteNames'];
  /** Set on one suite's history: the empty state links to that suite. */
  suiteId?: string;
}) {
  const filtered = Boolean(values.status || values.trigger || values.branch || values.suiteId);
  return (
    <>
      {/* Filters are noise until there is something to filter. */}
      {filtered || cursor || (page?.items.length ?? 0) > 0 ? filters : null}
      {ignored.length ? (
        <p className="form-error" role="alert">
          Ignored {ignored.join(' and ')}: not a filter this list knows.
        </p>
      ) : null}
      {page === null ? (
        <p className="form-error" role="alert">
          This page link has expired. <a href={path}>Start from the newest runs</a>.
        </p>
      ) : page.items.length === 0 && !cursor ? (
        <RunsEmpty org={org} appUrl={appUrl} filtered={filtered} clearHref={path} {...(suiteId ? { suiteId } : {})} />
      ) : (
        <>
          <RunsTable org={org} runs={page.items} caption={caption} {...(suiteNames ? { suiteNames } : {})} />
          <Pagination basePath={path} params={{ ...values, cursor }} nextCursor={page.nextCursor} label="Older runs" />
        </>
      )}
    </>
  );
}
