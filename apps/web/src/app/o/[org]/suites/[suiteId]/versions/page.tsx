import Link from 'next/link';
import { CodeBlock } from '@/components/code-block';
import { Pagination } from '@/components/pagination';
import { TimeStamp } from '@/components/time-stamp';
import { YamlDiff } from '@/components/suites/yaml-diff';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { listSuiteVersionHistory } from '@/server/services/suites/list-suite-version-history';
import { getSuiteVersion } from '@/server/services/suites/list-suite-versions';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import { RestoreForm } from './restore-form';
import { DataTable } from '@/components/data-table';

export const metadata = { title: 'Suite versions · mcptest' };

interface Props {
  params: Promise<{ org: string; suiteId: string }>;
  searchParams: Promise<{ cursor?: string; v?: string; against?: string; full?: string; restored?: string }>;
}

function versionParam(value: string | undefined, max: number): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
}

/**
 * Every saved version of the suite (newest first, a page at a time) and the diff of one of them against the version
 * before it or any other; members can restore an old version (saved as a new one).
 */
export default async function SuiteVersionsPage({ params, searchParams }: Props) {
  const { org, suiteId } = await params;
  const query = await searchParams;
  const base = `/o/${org}/suites/${suiteId}/versions`;
  const ctx = await loadOrgPage(org, base);
  const suite = await orNotFound(getSuiteOrThrow(ctx.deps, ctx.actor, suiteId));
  const history = await listSuiteVersionHistory(ctx.deps, ctx.actor, suiteId, { limit: 20, cursor: query.cursor });

  const selected = versionParam(query.v, suite.version) ?? suite.version;
  const defaultAgainst = selected > 1 ? selected - 1 : undefined;
  const against = versionParam(query.against, suite.version) ?? defaultAgainst;
  const full = query.full === '1';
  const [shown, compared] = await Promise.all([
    orNotFound(getSuiteVersion(ctx.deps, ctx.actor, suiteId, selected)),
    against && against !== selected ? orNotFound(getSuiteVersion(ctx.deps, ctx.actor, suiteId, against)) : undefined,
  ]);
  const link = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries({ cursor: query.cursor, ...params }))
      if (value !== undefined && value !== '') search.set(key, String(value));
    const text = search.toString();
    return text ? `${base}?${text}` : base;
  };
  const label = (version: number) => `version ${version}${version === suite.version ? ' (current)' : ''}`;
  const restored = versionParam(query.restored, suite.version);

  return (
    <main className="page suites-versions" id="main">
      <h1>Versions</h1>
      <p className="lead">
        Every save of new YAML is kept as a version. Pick one to see what it changed; restoring an old version saves it
        again as the newest, so nothing is lost.
      </p>
      <div className="suites-versions-layout">
        <section aria-labelledby="versions-list-title" className="suites-versions-list">
          <h2 id="versions-list-title">History</h2>
          <DataTable caption="Saved versions, newest first" columns={['Version', 'Saved']}>
            {history.items.map((item) => (
              <tr key={item.version} className={item.version === selected ? 'suites-version-selected' : undefined}>
                <th scope="row">
                  <Link href={link({ v: item.version })} aria-current={item.version === selected ? 'true' : undefined}>
                    {/* The name starts with the visible "v3" (label-content-name-mismatch: speech users say what
                        they see); the rest is for screen readers. */}
                    v{item.version}
                    <span className="sr-only">
                      {item.version === suite.version ? ', the current version' : ''}: show its changes
                    </span>
                  </Link>
                  {item.version === suite.version ? <span className="pill suites-pill-current">current</span> : null}
                </th>
                <td>
                  <TimeStamp value={item.createdAt} />
                  <span className="suites-version-author">
                    by{' '}
                    {item.author ? (item.author.email ?? 'a former user') : <span className="muted">an API token</span>}
                  </span>
                </td>
              </tr>
            ))}
          </DataTable>
          <Pagination
            basePath={base}
            params={{ cursor: query.cursor }}
            nextCursor={history.nextCursor}
            label="Older versions"
          />
        </section>

        <section aria-labelledby="diff-title" className="suites-versions-diff">
          <h2 id="diff-title">
            {compared
              ? `Changes in ${label(selected)}`
              : `Version ${selected}${selected === suite.version ? ' (current)' : ''}`}
          </h2>
          {restored ? (
            <p className="form-success" role="status">
              Version {restored} restored as version {selected}.
            </p>
          ) : null}
          <form method="get" action={base} className="suites-compare">
            <input type="hidden" name="v" value={selected} />
            {query.cursor ? <input type="hidden" name="cursor" value={query.cursor} /> : null}
            <label htmlFor="compare-with">Compare with</label>
            <select id="compare-with" name="against" defaultValue={against ? String(against) : ''}>
              {Array.from({ length: suite.version }, (_, i) => suite.version - i)
                .filter((v) => v !== selected)
                .map((v) => (
                  <option key={v} value={v}>
                    {label(v)}
                    {v === selected - 1 ? ' — the one before' : ''}
                  </option>
                ))}
            </select>
            <label className="suites-inline-check">
              <input type="checkbox" name="full" value="1" defaultChecked={full} /> Whole file
            </label>
            <button type="submit" className="btn btn-secondary btn-small">
              Show diff
            </button>
          </form>
          {compared ? (
            <YamlDiff
              oldText={compared.yaml}
              newText={shown.yaml}
              oldLabel={`version ${compared.version}`}
              newLabel={`version ${shown.version}`}
              context={full ? Number.MAX_SAFE_INTEGER : 3}
            />
          ) : (
            <p className="muted">Version 1 is where the suite started: there is nothing before it to compare with.</p>
          )}
          <p className="suites-version-meta">
            Version {selected} was saved <TimeStamp value={shown.createdAt} />.
            {selected === suite.version ? ' It is the current YAML.' : ''}
          </p>
          {selected !== suite.version && ctx.can('MEMBER') ? (
            <RestoreForm org={org} suiteId={suiteId} version={selected} />
          ) : null}
          <details className="suites-version-yaml">
            <summary>YAML of version {selected}</summary>
            <CodeBlock label={`YAML of version ${selected}`}>
              <code>{shown.yaml}</code>
            </CodeBlock>
          </details>
        </section>
      </div>
    </main>
  );
}
