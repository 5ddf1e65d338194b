import path from 'node:path';
import { checkTrajectory, parseAuditLog, renderTemplate, type TraceEntry, type TrajectoryBlock } from '@mcptest/core';
import { LOCAL_FILE_TIMEOUT_MS, readLocalFile } from './read-local-file';

/** Largest audit log read; agent logs are JSONL and a few MB at most. */
export const MAX_AUDIT_LOG_BYTES = 32 * 1024 * 1024;

export interface TrajectoryContext {
  /** `{{fixture}}` for the audit_log path. */
  fixture?: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Directory a relative audit_log path is taken from: the suite file's directory. */
  baseDir: string;
}

export type TrajectoryOutcome = { ok: true } | { ok: false; detail: string };

/**
 * Runs a trajectory assertion, which calls no server: the trace is the JSONL `audit_log` when one is given (it wins
 * over an inline `trace`, as in mcp-assert), else the inline `trace`; then `checkTrajectory`. The audit_log path is
 * templated (`{{fixture}}`, `${VAR}`); a relative path is resolved against the suite file's directory, so a suite and
 * its logs can move together. Never throws.
 */
export async function runTrajectory(block: TrajectoryBlock, context: TrajectoryContext): Promise<TrajectoryOutcome> {
  let trace: readonly TraceEntry[] = block.trace ?? [];
  if (block.audit_log !== undefined) {
    const rendered = renderTemplate(block.audit_log, { fixture: context.fixture, captured: {}, env: context.env });
    if (!rendered.ok) return { ok: false, detail: `audit_log: ${rendered.error.message}` };
    const file = path.resolve(context.baseDir, String(rendered.value));
    // A regular file only, size-capped and with a deadline: /dev/zero or a FIFO must not hold the run (CLI runs only;
    // hosted runs refuse audit_log before this).
    const read = await readLocalFile(file, { maxBytes: MAX_AUDIT_LOG_BYTES, timeoutMs: LOCAL_FILE_TIMEOUT_MS });
    if (!read.ok) return { ok: false, detail: `audit_log: cannot read ${file}: ${read.reason}` };
    const parsed = parseAuditLog(read.content.toString('utf8'));
    if (!parsed.ok) return { ok: false, detail: `audit_log ${file}: ${parsed.error.message}` };
    trace = parsed.trace;
  }
  const checked = checkTrajectory(trace, block.trajectory);
  return checked.ok ? { ok: true } : { ok: false, detail: checked.failure.message };
}
