/**
 * The part of a run's ConformanceReport the Run resource carries (core's RunConformanceSummary): add it to a run
 * query as `include: RUN_CONFORMANCE_INCLUDE`, and the row maps with `toRunListItem` / `toRunResource` as is. The
 * checks themselves are read by the Conformance tab, not here.
 */
export const RUN_CONFORMANCE_INCLUDE = {
  conformance: {
    select: {
      revision: true,
      ok: true,
      total: true,
      passed: true,
      failed: true,
      warnings: true,
      skipped: true,
      expectedFailures: true,
    },
  },
} as const;
