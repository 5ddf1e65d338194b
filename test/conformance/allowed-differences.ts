// Every difference the differential test (differential.test.ts) allows between mcptest's conformance verdict and the
// official harness's (@modelcontextprotocol/conformance, pinned in package.json), with its reason. One home: an entry
// anywhere else is a bug. An entry that no longer differs fails the test (stale), as the harness's own baselines do.

/** A verdict in the common vocabulary: mcptest's PASS / FAIL / WARN, the harness's SUCCESS|INFO / FAILURE / WARNING. */
export type SharedVerdict = 'PASS' | 'FAIL' | 'WARN';

export interface AllowedDifference {
  /** The differential server it applies to (the `name` of a case in differential.test.ts). */
  readonly server: string;
  /** The shared check id. */
  readonly check: string;
  readonly mcptest: SharedVerdict;
  readonly official: SharedVerdict;
  readonly reason: string;
}

export const ALLOWED_DIFFERENCES: readonly AllowedDifference[] = [];
