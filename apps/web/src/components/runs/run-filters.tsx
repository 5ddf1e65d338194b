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
      <FilterSelect
        name="status"
        label="Status"
        anyLabel="Any status"
        value={values.status}
        options={RunStatus.options.map((s) => ({ value: s, label: RUN_STATUS_LABELS[s] ?? s }))}
      />
      <FilterSelect
        name="trigger"
        label="Trigger"
        anyLabel="Any trigger"
        value={values.trigger}
        options={RunTrigger.options.map((t) => ({ value: t, label: triggerLabel(t) }))}
      />
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

/** One filter's choices, the first meaning "no filter" (an empty value, left out of the URL's meaning). */
function FilterSelect({
  name,
  label,
  anyLabel,
  value,
  options,
}: {
  name: string;
  label: string;
  anyLabel: string;
  value: string | undefined;
  options: { value: string; label: string }[];
}) {
  const id = `runs-filter-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ''}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
