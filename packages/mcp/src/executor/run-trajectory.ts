import path from 'node:path';
import { renderTemplate, type TrajectoryBlock } from '@mcptest/core';
import type { Checker } from '../sandbox/checker';
import { LOCAL_FILE_TIMEOUT_MS, readLocalFile } from './read-local-file';

/** Largest audit log read; agent logs are JSONL and a few MB at most. */
export const MAX_AUDIT_LOG_BYTES = 32 * 1024 * 1024;

export interface TrajectoryContext {
  /** Where the audit log is parsed and the trajectory checked (see ExecuteSuiteOptions.checker). */
  checker: Checker;
  /** `{{fixture}}` for the audit_log path. */
  fixture?: string | undefined;
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
  let auditLog: { auditLog: string; file: string } | undefined;
  if (block.audit_log !== undefined) {
    const rendered = renderTemplate(block.audit_log, { fixture: context.fixture, captured: {}, env: context.env });
    if (!rendered.ok) return { ok: false, detail: `audit_log: ${rendered.error.message}` };
    const file = path.resolve(context.baseDir, String(rendered.value));
    // A regular file only, size-capped and with a deadline: /dev/zero or a FIFO must not hold the run (CLI runs only;
    // hosted runs refuse audit_log before this).
    const read = await readLocalFile(file, { maxBytes: MAX_AUDIT_LOG_BYTES, timeoutMs: LOCAL_FILE_TIMEOUT_MS });
    if (!read.ok) return { ok: false, detail: `audit_log: cannot read ${file}: ${read.reason}` };
    auditLog = { auditLog: read.content.toString('utf8'), file };
  }
  const checked = await context.checker.run('trajectory', block, auditLog ?? { trace: block.trace ?? [] });
  return checked.ok ? checked.value : { ok: false, detail: checked.reason };
}
