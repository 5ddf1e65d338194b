import type { Database } from '@mcptest/db';

/** Finished runs the public status page lists (newest first), the latest verdict among them. */
export const PUBLIC_STATUS_HISTORY = 10;

/** One finished run as the public page shows it: counts and times only, no id, no error text, no assertion. */
export interface PublicRunStatus {
  status: 'passed' | 'failed' | 'error';
  finishedAt: string | null;
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  durationMs: number | null;
}

/** What anyone holding a suite's badge key may see (docs/badges.md, "Status page"). */
export interface PublicSuiteStatus {
  suiteName: string;
  /** The badge's verdict: the most recently queued finished run; null when the suite has none. */
  latest: PublicRunStatus | null;
  history: PublicRunStatus[];
}

/** Badge keys are base64url (24 random bytes); anything else is no key, answered before Postgres sees it. */
const BADGE_KEY = /^[A-Za-z0-9_-]{1,128}$/;

const FINISHED = { PASSED: 'passed', FAILED: 'failed', ERROR: 'error' } as const;

/**
 * The public status page of a suite, addressed by the same unguessable key as its badge (whoever can see the badge
 * URL can see this page; a suite id, or any other string, finds nothing). It adds to the badge the suite's name and
 * the last runs' outcomes, counts and times, and nothing else: no run or suite id, no server, no error or assertion
 * text, no project or organization name. Runs are chosen as the badge chooses its verdict (finished, by creation).
 */
export async function getPublicSuiteStatus(
  deps: { db: Database },
  badgeKey: string,
): Promise<PublicSuiteStatus | null> {
  if (!BADGE_KEY.test(badgeKey)) return null;
  // eslint-disable-next-line no-restricted-properties -- a public URL names no tenant: the unguessable badge key is the only credential. Selects the id, tenant and name; runs are then read through the suite's tenant scope.
  const suite = await deps.db.unscoped.suite.findUnique({
    where: { badgeKey },
    select: { id: true, tenantId: true, name: true },
  });
  if (!suite) return null;
  const runs = await deps.db.tenant(suite.tenantId).run.findMany({
    where: { suiteId: suite.id, status: { in: ['PASSED', 'FAILED', 'ERROR'] } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: PUBLIC_STATUS_HISTORY,
    select: {
      status: true,
      finishedAt: true,
      total: true,
      passed: true,
      failed: true,
      skipped: true,
      durationMs: true,
    },
  });
  const history = runs.map((run): PublicRunStatus => ({
    status: FINISHED[run.status as keyof typeof FINISHED],
    finishedAt: run.finishedAt?.toISOString() ?? null,
    total: run.total,
    passed: run.passed,
    failed: run.failed,
    skipped: run.skipped,
    durationMs: run.durationMs,
  }));
  return { suiteName: suite.name, latest: history[0] ?? null, history };
}
