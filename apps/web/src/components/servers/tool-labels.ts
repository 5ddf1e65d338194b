import type { ProtocolChoice, ToolClass } from '@mcptest/core';
import type { DiscoveredTool } from '@/server/services/servers/discovery-schemas';
import type { ComparedToolField } from '@mcptest/core';

/** Words for the exec policy's tool classes, and the pill tone of each (the word always shows: never colour alone). */
export function classLabel(cls: ToolClass): { label: string; tone: 'ok' | 'neutral' | 'warn' | 'bad' } {
  switch (cls) {
    case 'ReadOnly':
      return { label: 'Read-only', tone: 'ok' };
    case 'ReadOnlyPresumed':
      return { label: 'Read-only (presumed)', tone: 'neutral' };
    case 'Mutating':
      return { label: 'Mutating', tone: 'warn' };
    case 'Destructive':
      return { label: 'Destructive', tone: 'bad' };
    default:
      return assertNever(cls);
  }
}

/** Where a class came from (DESIGN.md: "the source of every classification is recorded and shown"). */
export function sourceLabel(source: DiscoveredTool['source']): string {
  switch (source) {
    case 'override':
      return 'your policy’s override';
    case 'annotation':
      return 'the tool’s annotations';
    case 'meta':
      return 'the tool’s _meta hint';
    case 'name':
      return 'its name (heuristic)';
    default:
      return assertNever(source);
  }
}

/** What the policy does with a tool, in words. */
export function decisionLabel(decision: DiscoveredTool['live']): string {
  switch (decision) {
    case 'Execute':
      return 'Execute';
    case 'ExecuteOnce':
      return 'Execute once per run';
    case 'GenerateOnly':
      return 'Generate a test to review, never call';
    case 'Refuse':
      return 'Refuse (the assertion is skipped)';
    default:
      return assertNever(decision);
  }
}

/**
 * Exhaustiveness guard (like core's assertNever, which client components cannot import: core's barrel pulls in Node
 * modules). A new class, source or decision breaks the build here.
 */
function assertNever(value: never): never {
  throw new Error(`unexpected value ${String(value)}`);
}

const FIELD_LABELS: Record<ComparedToolField, string> = {
  title: 'title',
  description: 'description',
  inputSchema: 'input schema',
  outputSchema: 'output schema',
  annotations: 'annotations',
  _meta: '_meta',
  other: 'other fields',
};

/** "input schema, annotations" */
export function changedFieldsLabel(fields: readonly ComparedToolField[]): string {
  return fields.map((field) => FIELD_LABELS[field]).join(', ');
}

/** Transports in words: the one map every page and form uses (a page printing the raw value read as another name). */
export const TRANSPORT_LABELS = {
  auto: 'Auto (Streamable HTTP, then SSE)',
  http: 'Streamable HTTP',
  sse: 'Legacy SSE',
} as const;

/**
 * The protocol eras, in the order of PROTOCOL_CHOICES (packages/core; a test keeps the two equal). Written out here
 * so client components import nothing from core at run time.
 */
export const PROTOCOL_OPTIONS: readonly { value: ProtocolChoice; label: string }[] = [
  { value: 'auto', label: 'Auto-detect (server/discover, then the 2025 handshake)' },
  { value: 'modern', label: 'Current (2026-07-28)' },
  { value: 'legacy', label: '2025 era (initialize handshake)' },
  { value: '2026-07-28', label: '2026-07-28 only' },
  { value: '2025-11-25', label: '2025-11-25 only' },
  { value: '2025-06-18', label: '2025-06-18 only' },
  { value: '2025-03-26', label: '2025-03-26 only' },
  { value: '2024-11-05', label: '2024-11-05 only' },
];
