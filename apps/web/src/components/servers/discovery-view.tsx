import Link from 'next/link';
import { revealHidden } from '@mcptest/core';
import type { LintFindingResource, SavedDiscovery } from '@/server/services/servers/discovery-schemas';
import type { ComparedToolField } from '@mcptest/core';
import { CodeBlock } from '@/components/code-block';
import { EmptyState } from '@/components/empty-state';
import { TimeStamp } from '@/components/time-stamp';
import { SurfaceLintView } from './surface-lint-view';
import { ToolDiff } from './tool-diff';
import { changedFieldsLabel, classLabel, decisionLabel, sourceLabel, TRANSPORT_LABELS } from './tool-labels';
import type { z } from 'zod';

type Finding = z.infer<typeof LintFindingResource>;
type Tool = SavedDiscovery['tools'][number];

/** "2 prompts", or '' for none. */
function count(n: number, one: string, many: string): string {
  return n === 0 ? '' : `${n} ${n === 1 ? one : many}`;
}

function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <CodeBlock className="servers-json" label={label}>
      {JSON.stringify(value, null, 2)}
    </CodeBlock>
  );
}

/** What changed at the last discovery: prominent when anything did, one quiet line when nothing did. */
function Changes({ discovery }: { discovery: SavedDiscovery }) {
  const { changes } = discovery;
  if (!changes) return null;
  if (changes.previousDiscoveredAt === null) {
    return (
      <p className="servers-changes-none">
        First discovery, <TimeStamp value={discovery.discoveredAt} />. Discover again after a deploy to see what
        changed.
      </p>
    );
  }
  const empty = changes.added.length + changes.removed.length + changes.changed.length === 0;
  if (empty) {
    return (
      <p className="servers-changes-none">
        <span aria-hidden="true">✓ </span>No changes since the discovery of{' '}
        <TimeStamp value={changes.previousDiscoveredAt} />.
      </p>
    );
  }
  return (
    <section className="servers-changes" aria-labelledby="changes-title">
      <h3 id="changes-title">
        Changed since <TimeStamp value={changes.previousDiscoveredAt} />
      </h3>
      <p className="muted">
        Suites that call these tools may need updating; classes and decisions below already reflect the change.
      </p>
      <dl className="servers-facts">
        {changes.added.length ? (
          <>
            <dt>Added ({changes.added.length})</dt>
            <dd>
              {changes.added.map((name) => (
                <code key={name} className="servers-change-name servers-change-added">
                  + {name}
                </code>
              ))}
            </dd>
          </>
        ) : null}
        {changes.removed.length ? (
          <>
            <dt>Removed ({changes.removed.length})</dt>
            <dd>
              {changes.removed.map((name) => (
                <code key={name} className="servers-change-name servers-change-removed">
                  − {name}
                </code>
              ))}
            </dd>
          </>
        ) : null}
        {changes.changed.length ? (
          <>
            <dt>Changed ({changes.changed.length})</dt>
            <dd>
              <ul className="servers-plain-list">
                {changes.changed.map((change) => (
                  <li key={change.name}>
                    <code className="servers-change-name">~ {change.name}</code> {changedFieldsLabel(change.fields)}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

const SEVERITY_LABEL = { error: 'Error', warning: 'Warning', info: 'Info' } as const;
const SEVERITY_TONE = { error: 'bad', warning: 'warn', info: 'neutral' } as const;

function ToolCard({
  tool,
  index,
  findings,
  mark,
}: {
  tool: Tool;
  index: number;
  findings: Finding[];
  mark:
    | { kind: 'added' }
    | { kind: 'changed'; fields: ComparedToolField[]; before: Record<string, unknown> | undefined }
    | null;
}) {
  const headingId = `tool-${index}`;
  const cls = classLabel(tool.class);
  const descriptor = tool.descriptor as {
    inputSchema?: unknown;
    outputSchema?: unknown;
    annotations?: unknown;
    _meta?: unknown;
  };
  return (
    <article className="servers-tool" aria-labelledby={headingId} data-tool-class={tool.class}>
      <header className="servers-tool-header">
        <h3 id={headingId}>
          <code>{revealHidden(tool.name)}</code>
        </h3>
        <span className={`pill servers-tone-${cls.tone}`}>{cls.label}</span>
        {mark?.kind === 'added' ? <span className="pill servers-tone-info">New</span> : null}
        {mark?.kind === 'changed' ? (
          <span className="pill servers-tone-info">Changed: {changedFieldsLabel(mark.fields)}</span>
        ) : null}
      </header>
      {/* Text from the server, hidden characters written out: what the model reads, made visible. */}
      {tool.title ? <p className="servers-tool-title">{revealHidden(tool.title)}</p> : null}
      <p className={tool.description ? 'servers-tool-description' : 'muted'}>
        {tool.description !== null ? revealHidden(tool.description) : 'No description.'}
      </p>
      <dl className="servers-facts">
        <dt>Class</dt>
        <dd>
          {cls.label}, from {sourceLabel(tool.source)}
          <span className="muted"> — {tool.reason}</span>
        </dd>
        <dt>Live call</dt>
        <dd>
          {decisionLabel(tool.live)}
          {tool.liveReason ? <span className="muted"> — {tool.liveReason}</span> : null}
        </dd>
        <dt>Generated test</dt>
        <dd>
          {decisionLabel(tool.generate)}
          {tool.generateReason ? <span className="muted"> — {tool.generateReason}</span> : null}
        </dd>
      </dl>
      {findings.length ? (
        <ul className="servers-lints" aria-label={`Lints for ${tool.name}`}>
          {findings.map((finding, i) => (
            <li key={i}>
              <span className={`pill servers-tone-${SEVERITY_TONE[finding.severity]}`}>
                {SEVERITY_LABEL[finding.severity]}
              </span>{' '}
              {revealHidden(finding.message)}
              {finding.field ? <span className="muted"> ({revealHidden(finding.field)})</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {mark?.kind === 'changed' && mark.before ? (
        <ToolDiff before={mark.before} after={tool.descriptor} fields={mark.fields} />
      ) : null}
      <div className="servers-tool-details">
        <details>
          <summary>Input schema</summary>
          <Json value={descriptor.inputSchema ?? null} label={`Input schema of ${tool.name}`} />
        </details>
        {descriptor.outputSchema !== undefined ? (
          <details>
            <summary>Output schema</summary>
            <Json value={descriptor.outputSchema} label={`Output schema of ${tool.name}`} />
          </details>
        ) : null}
        {descriptor.annotations !== undefined || descriptor._meta !== undefined ? (
          <details>
            <summary>Annotations &amp; _meta</summary>
            <Json
              value={{ annotations: descriptor.annotations, _meta: descriptor._meta }}
              label={`Annotations and _meta of ${tool.name}`}
            />
          </details>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The server's last discovery: who answered, what changed since the discovery before, and every tool with its class
 * (and where the class came from), what the policy decides for live calls and generated tests, its lints and schemas.
 */
export function DiscoveryView({
  discovery,
  canRun,
  policyHref,
  starterHref,
}: {
  discovery: SavedDiscovery | null;
  canRun: boolean;
  policyHref: string;
  starterHref: string | null;
}) {
  if (!discovery) {
    return (
      <section aria-labelledby="tools-title" className="servers-discovery">
        <h2 id="tools-title">Tools</h2>
        <EmptyState title="Not discovered yet">
          <p>
            Discovery lists the server’s tools and shows how mcptest will treat each one before anything is called:
            read-only tools run freely, mutating ones at most once per run, and destructive ones not at all unless your
            policy allows it.
          </p>
          <p>{canRun ? 'Use “Discover tools” above.' : 'A member of this organization can discover it.'}</p>
        </EmptyState>
      </section>
    );
  }
  const findingsByIndex = new Map<number, Finding[]>();
  for (const finding of discovery.lints.findings) {
    findingsByIndex.set(finding.index, [...(findingsByIndex.get(finding.index) ?? []), finding]);
  }
  const added = new Set(discovery.changes?.previousDiscoveredAt ? discovery.changes.added : []);
  const changed = new Map((discovery.changes?.changed ?? []).map((c) => [c.name, c.fields]));
  const before = new Map(discovery.changedFrom.map((tool) => [tool.name, tool as Record<string, unknown>]));
  const byClass = new Map<string, number>();
  for (const tool of discovery.tools) {
    const label = classLabel(tool.class).label.toLowerCase();
    byClass.set(label, (byClass.get(label) ?? 0) + 1);
  }
  const { summary } = discovery.lints;
  const extras = [
    count(discovery.resources.length, 'resource', 'resources'),
    count(discovery.resourceTemplates.length, 'resource template', 'resource templates'),
    count(discovery.prompts.length, 'prompt', 'prompts'),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <section aria-labelledby="tools-title" className="servers-discovery">
      <div className="servers-discovery-heading">
        <h2 id="tools-title">
          Tools <span className="muted">({discovery.tools.length})</span>
        </h2>
        {starterHref ? (
          <Link href={starterHref} className="btn btn-secondary btn-small">
            Generate a starter suite
          </Link>
        ) : null}
      </div>
      <p className="servers-discovery-summary">
        {discovery.server.name} <span className="muted">{discovery.server.version}</span> · protocol{' '}
        <code>{discovery.server.protocolVersion}</code> · {TRANSPORT_LABELS[discovery.server.transport]} · discovered{' '}
        <TimeStamp value={discovery.discoveredAt} />
      </p>
      <Changes discovery={discovery} />
      <p>
        {[...byClass].map(([label, count]) => `${count} ${label}`).join(' · ') || 'No tools'}
        {extras ? ` · ${extras}` : ''}
        <br />
        <span className="muted">
          Lints: {count(summary.errors, 'error', 'errors') || 'no errors'},{' '}
          {count(summary.warnings, 'warning', 'warnings') || 'no warnings'}
          {summary.infos ? `, ${count(summary.infos, 'note', 'notes')}` : ''}. Classified under your policy (annotation
          trust: {discovery.policy.annotation_trust}; destructive calls{' '}
          {discovery.policy.execute_destructive ? 'allowed' : 'refused'}) — <Link href={policyHref}>change it</Link>.
        </span>
      </p>
      {discovery.toolsTruncated || discovery.warnings.length ? (
        <ul className="servers-warnings" aria-label="Discovery warnings">
          {discovery.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      <SurfaceLintView findings={discovery.surfaceLints.findings} summary={discovery.surfaceLints.summary} />
      {discovery.tools.length === 0 ? (
        <p className="muted">The server lists no tools.</p>
      ) : (
        <div className="servers-tools">
          {discovery.tools.map((tool, index) => (
            <ToolCard
              key={`${tool.name}-${index}`}
              tool={tool}
              index={index}
              findings={findingsByIndex.get(index) ?? []}
              mark={
                added.has(tool.name)
                  ? { kind: 'added' }
                  : changed.has(tool.name)
                    ? { kind: 'changed', fields: changed.get(tool.name)!, before: before.get(tool.name) }
                    : null
              }
            />
          ))}
        </div>
      )}
      {discovery.resources.length || discovery.resourceTemplates.length || discovery.prompts.length ? (
        <details className="servers-extras">
          <summary>Resources and prompts ({extras})</summary>
          {discovery.resources.length ? (
            <>
              <h3>Resources</h3>
              <ul className="servers-plain-list">
                {discovery.resources.map((resource) => (
                  <li key={resource.uri}>
                    <code>{revealHidden(resource.uri)}</code>
                    {typeof resource.name === 'string' ? (
                      <span className="muted"> {revealHidden(resource.name)}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {discovery.resourceTemplates.length ? (
            <>
              <h3>Resource templates</h3>
              <ul className="servers-plain-list">
                {discovery.resourceTemplates.map((template) => (
                  <li key={template.uriTemplate}>
                    <code>{revealHidden(template.uriTemplate)}</code>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {discovery.prompts.length ? (
            <>
              <h3>Prompts</h3>
              <ul className="servers-plain-list">
                {discovery.prompts.map((prompt) => (
                  <li key={prompt.name}>
                    <code>{revealHidden(prompt.name)}</code>
                    {typeof prompt.description === 'string' ? (
                      <span className="muted"> {revealHidden(prompt.description)}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </details>
      ) : null}
    </section>
  );
}
