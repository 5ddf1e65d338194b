// Seeding for the badge tests: suites in one project, and finished runs with chosen outcomes (no worker needed).
import { seedRun, type Database, type RunStatus } from '@mcptest/db';
import { seedSuite, type SeededSuite } from '../../../../../../test/worker';

export const BADGE_TEST_YAML = `
name: badge
assertions:
  - name: finds apples
    assert: { tool: search, args: { q: apples }, expect: { contains: [found apples] } }
`;

/** A tenant, project, server and suite; the server URL is never called unless a worker runs the suite. */
export function seedBadgeSuite(
  db: Database,
  serverUrl = 'http://127.0.0.1:9/mcp',
  options: { tenantId?: string | undefined } = {},
): Promise<SeededSuite> {
  return seedSuite(db, { serverUrl, yaml: BADGE_TEST_YAML, ...options });
}

let counter = 0;

/** Another suite in the same project (and on the same server). */
export async function addSuite(
  db: Database,
  seeded: SeededSuite,
  options: { enabled?: boolean } = {},
): Promise<SeededSuite & { badgeKey: string }> {
  counter += 1;
  const badgeKey = `extra-${counter}-${Math.random().toString(36).slice(2)}`;
  const suite = await db.tenant(seeded.tenantId).suite.create({
    data: {
      tenantId: seeded.tenantId,
      projectId: seeded.projectId,
      serverId: seeded.serverId,
      name: `extra ${counter}`,
      yaml: BADGE_TEST_YAML,
      badgeKey,
      enabled: options.enabled ?? true,
    },
  });
  return { ...seeded, suiteId: suite.id, badgeKey };
}

/** The suite's public badge key. */
export async function suiteBadgeKey(db: Database, seeded: SeededSuite): Promise<string> {
  const suite = await db.tenant(seeded.tenantId).suite.findFirstOrThrow({
    where: { id: seeded.suiteId },
    select: { badgeKey: true },
  });
  return suite.badgeKey;
}

let clock = Date.UTC(2026, 0, 1);

/** A run of the suite with the given final status and counts, queued after every run added before it. */
export async function addRun(
  db: Database,
  seeded: SeededSuite,
  run: { status: RunStatus; failed?: number; total?: number },
): Promise<string> {
  clock += 60_000;
  const row = await seedRun(db.tenant(seeded.tenantId), {
    suiteId: seeded.suiteId,
    status: run.status,
    total: run.total ?? 3,
    failed: run.failed ?? 0,
    queuedAt: new Date(clock),
  });
  return row.id;
}
