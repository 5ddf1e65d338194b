import { diffLines } from 'diff';
import type { ComparedToolField } from '@mcptest/core';
import { changedFieldsLabel } from './tool-labels';

/** Pretty JSON with object keys sorted at every level, so a diff shows changes of content, not of key order. */
function prettySorted(value: unknown): string {
  if (value === undefined) return '(absent)';
  return JSON.stringify(
    value,
    (_key, v: unknown) =>
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
        : v,
    2,
  );
}

const NAMED_FIELDS = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', '_meta']);

/** The field's value; `other` is every field without a name of its own (execution, icons...), as core's diff groups them. */
function fieldValue(tool: Record<string, unknown>, field: ComparedToolField): unknown {
  if (field !== 'other') return tool[field];
  return Object.fromEntries(Object.entries(tool).filter(([key]) => !NAMED_FIELDS.has(key)));
}

/**
 * What changed in one tool since the previous discovery: a line diff of each changed field (removed lines marked −,
 * added +; the marks are text, so colour is not the only signal).
 */
export function ToolDiff({
  before,
  after,
  fields,
}: {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  fields: readonly ComparedToolField[];
}) {
  return (
    <details className="servers-diff" open>
      <summary>What changed ({changedFieldsLabel(fields)})</summary>
      {fields.map((field) => (
        <div key={field}>
          <p className="servers-diff-field">{changedFieldsLabel([field])}</p>
          <pre
            className="servers-json servers-diff-lines"
            tabIndex={0}
            role="group"
            aria-label={`Changes to ${changedFieldsLabel([field])}`}
          >
            {diffLines(prettySorted(fieldValue(before, field)), prettySorted(fieldValue(after, field))).map(
              (part, i) => {
                const mark = part.added ? '+' : part.removed ? '−' : ' ';
                let lines = part.value.replace(/\n$/, '').split('\n');
                // Long unchanged runs keep three lines of context on each side.
                if (!part.added && !part.removed && lines.length > 8) {
                  lines = [...lines.slice(0, 3), '…', ...lines.slice(-3)];
                }
                return (
                  <span
                    key={i}
                    className={
                      part.added ? 'servers-diff-add' : part.removed ? 'servers-diff-del' : 'servers-diff-same'
                    }
                  >
                    {lines.map((line) => `${mark} ${line}\n`).join('')}
                  </span>
                );
              },
            )}
          </pre>
        </div>
      ))}
    </details>
  );
}
