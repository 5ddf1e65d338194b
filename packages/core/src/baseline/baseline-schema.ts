import { z } from 'zod';

/**
 * A baseline file: the last known status of every assertion, saved with `--save-baseline` and compared with
 * `--baseline`. It extends mcp-assert's baseline (`{"entries":[{"name","status","language"?}]}`) with a format
 * version, the suite name and a creation time, so each tool reads the other's files: mcp-assert ignores the keys it
 * does not know, and a file without `version` is read as mcp-assert's. Entries are a list, not an object keyed by
 * name, so that any string (even `__proto__`) is a safe assertion name.
 */
export const BaselineEntry = z.object({
  name: z.string(),
  status: z.enum(['PASS', 'FAIL', 'SKIP']),
  /** mcp-assert's matrix mode language; kept so a round trip does not lose it, unused for regressions. */
  language: z.string().optional(),
});
export type BaselineEntry = z.infer<typeof BaselineEntry>;

/** The version this code writes; reading a newer one is refused rather than guessed at. */
export const BASELINE_VERSION = 1;

export const Baseline = z.object({
  /** Format version; absent in files written by mcp-assert. */
  version: z.literal(BASELINE_VERSION).optional(),
  /** Display name of what ran when the baseline was saved. */
  suite: z.string().optional(),
  /** ISO 8601 time the baseline was saved. */
  createdAt: z.iso.datetime({ offset: true }).optional(),
  entries: z.array(BaselineEntry),
});
export type Baseline = z.infer<typeof Baseline>;
