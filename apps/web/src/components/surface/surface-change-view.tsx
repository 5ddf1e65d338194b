import Link from 'next/link';
import type { ItemListDiff, JsonChange, SurfaceDiff, ToolChange } from '@mcptest/core';
import { shortId } from '@/components/runs/format';
import { TimeStamp } from '@/components/time-stamp';
import { changedFieldsLabel } from '@/components/servers/tool-labels';
import type { SurfaceChangeResource } from '@/server/services/surface/surface-schemas';

/** A hash as people compare them: its first 12 hex characters (the full one is in the title). */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}

const VALUE_CHARS = 400;

/** A JSON value in one line, cut at VALUE_CHARS (a whole schema fits the table only as its path entries). */
function jsonText(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}…` : text;
}

const KIND_LABELS: Record<JsonChange['kind'], string> = { added: 'added', removed: 'removed', changed: 'changed' };

/** The entries of a JSON diff (core diffJson): where, what kind, before and after. */
function JsonChanges({ changes, label }: { changes: readonly JsonChange[]; label: string }) {
  return (
    <div className="table-wrap">
      <table className="table surface-json-changes" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Change</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, i) => (
            <tr key={i}>
              <td>
                <code>{change.path === '' ? '(whole value)' : change.path}</code>
              </td>
              <td>{KIND_LABELS[change.kind]}</td>
              <td>
                {change.kind === 'added' ? '—' : <code className="surface-value">{jsonText(change.before)}</code>}
              </td>
              <td>
                {change.kind === 'removed' ? '—' : <code className="surface-value">{jsonText(change.after)}</code>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A text field's two versions, whole (a reviewer judges a rewritten description by reading both). */
function BeforeAfter({ label, before, after }: { label: string; before: unknown; after: unknown }) {
  const text = (value: unknown) => (value === undefined || value === null ? '(none)' : String(value));
  return (
    <div className="surface-before-after">
      <p className="servers-diff-field">{label}</p>
      <div className="surface-before-after-pair">
        <figure>
          <figcaption>Before</figcaption>
          <pre className="servers-json servers-diff-del" tabIndex={0}>
            {text(before)}
          </pre>
        </figure>
        <figure>
          <figcaption>After</figcaption>
          <pre className="servers-json servers-diff-add" tabIndex={0}>
            {text(after)}
          </pre>
        </figure>
      </div>
    </div>
  );
}

const JSON_FIELDS = ['inputSchema', 'outputSchema', 'annotations', '_meta', 'other'] as const;

function ToolChangeView({ change }: { change: ToolChange }) {
  return (
    <li className="surface-tool-change">
      <h4>
        <code>{change.name}</code> <span className="muted">({changedFieldsLabel(change.fields)})</span>
      </h4>
      {change.title ? <BeforeAfter label="Title" before={change.title.before} after={change.title.after} /> : null}
      {change.description ? (
        <BeforeAfter label="Description" before={change.description.before} after={change.description.after} />
      ) : null}
      {JSON_FIELDS.map((field) => {
        const changes = change[field];
        if (!changes || changes.length === 0) return null;
        const label = changedFieldsLabel([field]);
        return (
          <div key={field}>
            <p className="servers-diff-field">{label}</p>
            <JsonChanges changes={changes} label={`${change.name}: ${label}`} />
          </div>
        );
      })}
    </li>
  );
}

function Names({ label, names, className }: { label: string; names: readonly string[]; className: string }) {
  if (names.length === 0) return null;
  return (
    <p>
      {label}:{' '}
      {names.map((name) => (
        <code key={name} className={`servers-change-name ${className}`}>
          {name}
        </code>
      ))}
    </p>
  );
}

function ItemsView({ noun, diff }: { noun: string; diff: ItemListDiff }) {
  if (diff.added.length + diff.removed.length + diff.changed.length === 0) return null;
  return (
    <div>
      <h4>{noun}</h4>
      <Names label="Added" names={diff.added} className="servers-change-added" />
      <Names label="Removed" names={diff.removed} className="servers-change-removed" />
      {diff.changed.map((item) => (
        <div key={item.key}>
          <p className="servers-diff-field">
            Changed: <code>{item.key}</code>
          </p>
          <JsonChanges changes={item.changes} label={`${noun} ${item.key}`} />
        </div>
      ))}
    </div>
  );
}

/** A surface diff (core SurfaceDiff), readable: loud alerts first, then tools, other lists and server-level fields. */
export function SurfaceDiffView({ diff }: { diff: SurfaceDiff }) {
  return (
    <div className="surface-diff">
      {diff.loud ? (
        <ul className="surface-alerts" aria-label="Loud changes">
          {diff.alerts.map((alert, i) => (
            <li key={i}>
              <strong>{alert.message}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      <Names label="Tools added" names={diff.tools.added} className="servers-change-added" />
      <Names label="Tools removed" names={diff.tools.removed} className="servers-change-removed" />
      {diff.tools.changed.length > 0 ? (
        <ul className="servers-plain-list">
          {diff.tools.changed.map((change) => (
            <ToolChangeView key={change.name} change={change} />
          ))}
        </ul>
      ) : null}
      <ItemsView noun="Resources" diff={diff.resources} />
      <ItemsView noun="Resource templates" diff={diff.resourceTemplates} />
      <ItemsView noun="Prompts" diff={diff.prompts} />
      {diff.instructions ? (
        <BeforeAfter label="Instructions" before={diff.instructions.before} after={diff.instructions.after} />
      ) : null}
      {diff.serverInfo.length > 0 ? (
        <div>
          <p className="servers-diff-field">Server info</p>
          <JsonChanges changes={diff.serverInfo} label="Server info" />
        </div>
      ) : null}
      {diff.protocolVersion ? (
        <p>
          Protocol version: <code>{String(diff.protocolVersion.before)}</code> →{' '}
          <code>{String(diff.protocolVersion.after)}</code>
        </p>
      ) : null}
      {diff.toolsTruncated ? (
        <p>{diff.toolsTruncated.after ? 'tools/list is now truncated.' : 'tools/list is no longer truncated.'}</p>
      ) : null}
    </div>
  );
}

/** One entry of the drift history: when, found by which run or discovery, the hashes, and the diff. */
export function SurfaceChangeView({ org, change }: { org: string; change: SurfaceChangeResource }) {
  const titleId = `surface-change-${change.id}`;
  return (
    <article
      className={`card surface-change${change.loud ? ' surface-change-loud' : ''}`}
      aria-labelledby={titleId}
      data-testid="surface-change"
    >
      <h3 id={titleId} className="surface-change-title">
        <TimeStamp value={change.detectedAt} />
        {change.loud ? <span className="pill pill-fail">Loud</span> : null}
      </h3>
      <p className="muted">
        Found by{' '}
        {change.source === 'run' && change.runId ? (
          <Link href={`/o/${org}/runs/${change.runId}`}>Run #{shortId(change.runId)}</Link>
        ) : change.source === 'run' ? (
          'a run (deleted)'
        ) : (
          'a discovery'
        )}{' '}
        · <code title={change.fromHash}>{shortHash(change.fromHash)}</code> →{' '}
        <code title={change.toHash}>{shortHash(change.toHash)}</code>
      </p>
      <p>{change.summary}</p>
      <details className="servers-diff" open={change.loud}>
        <summary>What changed</summary>
        <SurfaceDiffView diff={change.diff} />
      </details>
    </article>
  );
}
