import { revealHidden } from '@mcptest/core';
import type { z } from 'zod';
import type { SurfaceLintFindingResource } from '@/server/services/servers/discovery-schemas';

type SurfaceFinding = z.infer<typeof SurfaceLintFindingResource>;

const SEVERITY_LABEL = { error: 'Error', warning: 'Warning', info: 'Info' } as const;
const SEVERITY_TONE = { error: 'bad', warning: 'warn', info: 'neutral' } as const;
const KIND_LABEL = {
  serverInfo: 'Server info',
  instructions: 'Instructions',
  tool: 'Tool',
  prompt: 'Prompt',
  resource: 'Resource',
  resourceTemplate: 'Resource template',
} as const;

/** Where a finding is, names and fields with hidden characters written out (they come from the server). */
function where(finding: SurfaceFinding): string {
  const { kind, name, field } = finding.location;
  const item = kind === 'instructions' ? KIND_LABEL[kind] : `${KIND_LABEL[kind]} ${revealHidden(name)}`;
  return field && field !== 'instructions' ? `${item} · ${revealHidden(field)}` : item;
}

/**
 * The security lint of a server's surface (docs/health.md, "Security lint"): each finding with its rule, where it is
 * and the offending text, hidden characters shown as ⟨U+200B⟩. Used by discovery, and by anything else that shows a
 * recorded surface's findings.
 */
export function SurfaceLintView({
  findings,
  summary,
}: {
  findings: readonly SurfaceFinding[];
  summary: { errors: number; warnings: number; infos: number };
}) {
  return (
    <section aria-labelledby="surface-lint-title" className="servers-surface-lint">
      <h3 id="surface-lint-title">Security lint</h3>
      {findings.length === 0 ? (
        <p className="muted">
          Nothing found in what the server tells an agent (names, descriptions, schemas, prompts, resources,
          instructions).
        </p>
      ) : (
        <>
          <p className="muted">
            {summary.errors} {summary.errors === 1 ? 'error' : 'errors'}, {summary.warnings}{' '}
            {summary.warnings === 1 ? 'warning' : 'warnings'}, {summary.infos} {summary.infos === 1 ? 'note' : 'notes'}{' '}
            in what the server tells an agent. Hidden characters are shown as ⟨U+…⟩.
          </p>
          <ul className="servers-lints" aria-label="Security lint findings">
            {findings.map((finding, i) => (
              <li key={i} data-rule={finding.rule}>
                <span className={`pill servers-tone-${SEVERITY_TONE[finding.severity]}`}>
                  {SEVERITY_LABEL[finding.severity]}
                </span>{' '}
                <code>{finding.rule}</code> <span className="muted">{where(finding)}</span>
                <br />
                {finding.message}
                {finding.excerpt !== undefined ? (
                  <>
                    <br />
                    <code className="servers-lint-excerpt">{finding.excerpt}</code>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
