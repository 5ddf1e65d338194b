import Link from 'next/link';
import type { RunSuiteName } from '@/server/services/runs/list-run-suite-names';
import { RunStatus, RunTrigger } from '@/server/services/runs/run-schemas';
import { RUN_STATUS_LABELS, triggerLabel } from './format';

export interface RunFilterValues {
  status?: string;
  trigger?: string;
  branch?: string;
  suiteId?: string;
}

/**
 * Filters of a run history as a plain GET form: the URL holds the filters (shareable, back button works) and the
 * list service does the filtering. `suites` adds the suite choice (organization-wide page).
 */
export function RunFilters({
  path,
  values,
  suites,
  suitesTruncated,
}: {
  path: string;
  values: RunFilterValues;
  suites?: RunSuiteName[];
  suitesTruncated?: boolean;
}) {
  const active = Boolean(values.status || values.trigger || values.branch || values.suiteId);
  return (
    <form method="get" action={path} className="runs-filters" aria-label="Filter runs">
      {suites ? (
        <div className="field">
          <label htmlFor="runs-filter-suite">Suite</label>
          <select id="runs-filter-suite" name="suiteId" defaultValue={values.suiteId ?? ''}>
            <option value="">All suites</option>
            {suites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.projectName})
              </option>
            ))}
          </select>
          {suitesTruncated ? <p className="field-hint">The first 100 suites by name.</p> : null}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="runs-filter-status">Status</label>
        <select id="runs-filter-status" name="status" defaultValue={values.status ?? ''}>
          <option value="">Any status</option>
          {RunStatus.options.map((s) => (
            <option key={s} value={s}>
              {RUN_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="runs-filter-trigger">Trigger</label>
        <select id="runs-filter-trigger" name="trigger" defaultValue={values.trigger ?? ''}>
          <option value="">Any trigger</option>
          {RunTrigger.options.map((t) => (
            <option key={t} value={t}>
              {triggerLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="runs-filter-branch">Branch</label>
        <input
          id="runs-filter-branch"
          name="branch"
          defaultValue={values.branch ?? ''}
          maxLength={255}
          placeholder="e.g. main"
        />
      </div>
      <div className="runs-filters-actions">
        <button type="submit" className="btn btn-secondary">
          Apply filters
        </button>
        {active ? <Link href={path}>Clear</Link> : null}
      </div>
    </form>
  );
}
