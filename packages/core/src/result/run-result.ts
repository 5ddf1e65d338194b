/**
 * The result shapes shared by the checker, the executor, the reporters and the service. The JSON reporter's output
 * is a contract (DESIGN.md, `mcptest run --json`): {"summary":{total,passed,failed,skipped},"results":[{name,status,
 * detail,durationMs}]}; extra fields may be added, none removed or renamed.
 */

import type { WireFinding } from '../wire/wire-finding';
import type { ConformanceRevision, ConformanceRunReport, ConformanceStatus } from '../conformance/conformance-types';
import type { AuthPostureSeverity, AuthPostureStatus } from '../auth-posture/auth-posture-types';

export type AssertionStatus = 'PASS' | 'FAIL' | 'SKIP';

/** pass@k / pass^k over the trials of one assertion (present when trials > 1). */
export interface TrialStats {
  /** Number of trials run. */
  k: number;
  /** Trials that passed. */
  passed: number;
  /** pass@k: at least one of the k trials passed (1 or 0 for a single run of k trials). */
  passAtK: number;
  /** pass^k: all k trials passed. */
  passHatK: number;
}

export interface AssertionResult {
  /** The assertion's name (unique within a run; duplicates get a " (2)" suffix from the loader). */
  name: string;
  status: AssertionStatus;
  /** Why it failed or was skipped (expected vs got, trimmed); empty when it passed. */
  detail: string;
  durationMs: number;
  /** Source file of the assertion, for reporters that group by file (JUnit classname). */
  file?: string;
  /** The tool called, when the assertion calls one. */
  tool?: string | undefined;
  trials?: TrialStats;
  /**
   * Where the assertion's JSON-RPC messages break the official schema of the negotiated revision (suite key
   * `wire_schema`, default warn); absent when there were none or validation was off or not possible.
   */
  wireFindings?: WireFinding[];
  /**
   * Set on the results of a suite's `conformance:` block (named `conformance <check id>`): the check's own verdict,
   * which keeps WARN and XFAIL apart where `status` folds them into PASS.
   */
  conformance?: AssertionConformance;
  /**
   * Set on the results of a suite's `auth_posture:` block (named `auth_posture <finding id>`): the finding's own
   * verdict (WARN is folded into PASS in `status`) and how bad a FAIL of it is.
   */
  authPosture?: AssertionAuthPosture;
}

/** Which auth-posture finding a result is (docs/oauth.md#auth-posture-check). */
export interface AssertionAuthPosture {
  findingId: string;
  status: AuthPostureStatus;
  severity: AuthPostureSeverity;
  specUrl: string;
}

/** Which conformance check a result is, and its verdict in the catalog's words (docs/protocol.md#conformance). */
export interface AssertionConformance {
  checkId: string;
  scenario: string;
  status: ConformanceStatus;
  specUrl: string;
  revision: ConformanceRevision;
}

export interface RunSummary {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
}

/** An assertion that passed in the baseline and does not pass now (PASS -> FAIL or PASS -> SKIP). */
export interface Regression {
  name: string;
  before: 'PASS';
  after: Exclude<AssertionStatus, 'PASS'>;
  detail: string;
}

export interface RunReport {
  /** Display name of what ran (suite name, or the CLI's argument list). */
  name: string;
  summary: RunSummary;
  results: AssertionResult[];
  regressions: Regression[];
  durationMs: number;
  /**
   * The MCP protocol version the run's sessions negotiated (e.g. `2026-07-28`, `2025-11-25`); distinct values joined
   * with ", " when assertions reached servers on different revisions. Absent when no session opened.
   */
  protocolVersion?: string;
  /** The reports of the run's suites that have a `conformance:` block, in suite order. */
  conformance?: SuiteConformanceReport[];
}

/** One suite's conformance report in a run report. */
export interface SuiteConformanceReport extends ConformanceRunReport {
  /** The suite file whose `conformance:` block ran. */
  file: string;
}

/** Counts by status; the one place a summary is computed. */
export function summarize(results: readonly Pick<AssertionResult, 'status'>[]): RunSummary {
  const summary: RunSummary = { total: results.length, passed: 0, failed: 0, skipped: 0 };
  for (const r of results) {
    switch (r.status) {
      case 'PASS':
        summary.passed++;
        break;
      case 'FAIL':
        summary.failed++;
        break;
      case 'SKIP':
        summary.skipped++;
        break;
      default:
        assertNever(r.status);
    }
  }
  return summary;
}

/** Exhaustiveness guard for switches over unions: adding a member breaks the build where it must be handled. */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${String(value)}`);
}
