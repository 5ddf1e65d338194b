import type { z } from 'zod';
import { BASELINE_VERSION, Baseline } from './baseline-schema';
import { isRecord } from '../util/is-record';

export type ParseBaselineResult = { ok: true; baseline: Baseline } | { ok: false; error: string };

/**
 * Reads a baseline file's text (ours, or mcp-assert's, which has no `version`). Never throws: bad JSON, a newer
 * version or a wrong shape come back as `{ ok: false, error }` with a message that names the offending field.
 */
export function parseBaseline(text: string): ParseBaselineResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `baseline is not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (isRecord(json) && typeof json.version === 'number' && json.version > BASELINE_VERSION) {
    return {
      ok: false,
      error: `baseline version ${json.version} is newer than this mcptest reads (${BASELINE_VERSION}); upgrade mcptest or save the baseline again`,
    };
  }
  const parsed = Baseline.safeParse(json);
  if (!parsed.success) return { ok: false, error: `invalid baseline: ${describeIssues(parsed.error.issues)}` };
  return { ok: true, baseline: parsed.data };
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.reduce<string>(
        (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
        '',
      );
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
