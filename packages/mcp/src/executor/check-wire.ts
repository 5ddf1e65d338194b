import {
  isWireRevision,
  MAX_WIRE_FINDINGS_PER_ASSERTION,
  type WireFinding,
  type WireRevision,
  type WireSchemaMode,
} from '@mcptest/core';
import { validateWireTranscript } from '@mcptest/core/wire';
import type { McpSession } from '../session';

/**
 * The wire findings of one assertion: its own messages (the transcript after `since`, as stored with the result)
 * validated against the official schema of the revision the session negotiated, and, when `withOpening` is set, the
 * session's opening exchange before `since` too (initialize, initialized, tools/list), which the run checks once per
 * server so a broken initialize answer is reported once rather than on every assertion. Nothing when the mode is
 * `off` or the negotiated revision has no vendored schema (2025-03-26 and older): undefined, nothing was validated.
 * At most MAX_WIRE_FINDINGS_PER_ASSERTION findings.
 */
export function checkWire(
  session: McpSession,
  since: number,
  mode: WireSchemaMode,
  withOpening: boolean,
): { revision: WireRevision; findings: WireFinding[] } | undefined {
  const revision = session.protocolVersion;
  if (mode === 'off' || !isWireRevision(revision)) return undefined;
  const entries = withOpening ? session.transcript(0) : session.transcript(since);
  return { revision, findings: validateWireTranscript(revision, entries).slice(0, MAX_WIRE_FINDINGS_PER_ASSERTION) };
}
