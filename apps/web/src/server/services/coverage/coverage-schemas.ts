import { CoverageReport } from '@mcptest/core';
import { z } from 'zod';

/** `?suiteId=`: the coverage of one suite of the server instead of all of them. */
export const CoverageQuery = z.object({
  suiteId: z.string().min(1).optional().meta({ description: "Only this suite's assertions (one of the server's)." }),
});
export type CoverageQuery = z.infer<typeof CoverageQuery>;

const CoverageSuite = z.object({
  id: z.string(),
  name: z.string(),
  /** Its assertions counted; 0 when its YAML no longer loads (then `problem` says why). */
  assertions: z.int(),
  problem: z.string().optional(),
});

/**
 * A server's coverage: its last discovery's tools against the assertions of its suites (all, or the one asked for),
 * by risk phase (docs/health.md#coverage-and-risk-phases). `report` is null until the server is discovered.
 */
export const ServerCoverage = z.object({
  serverId: z.string(),
  serverName: z.string(),
  projectId: z.string(),
  discoveredAt: z.iso.datetime().nullable(),
  /** The suites counted (every enabled or disabled suite of the server, or the one asked for). */
  suites: z.array(CoverageSuite),
  /** The suite asked for with `suiteId`, else absent (all suites). */
  suiteId: z.string().optional(),
  /** True when the discovery held only part of the tool list (over its size cap). */
  toolsTruncated: z.boolean(),
  report: CoverageReport.nullable(),
});
export type ServerCoverage = z.infer<typeof ServerCoverage>;

/** A project's coverage: each of its servers against the project's suites of that server. */
export const ProjectCoverage = z.object({
  projectId: z.string(),
  servers: z.array(ServerCoverage),
});
export type ProjectCoverage = z.infer<typeof ProjectCoverage>;
