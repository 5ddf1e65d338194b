import type { ServerSurface } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { seedSuite } from '../../../../test/worker';
import { recordSurface } from './record-surface';

const database = useTestDatabase();

function surface(description: string, annotations: Record<string, unknown> = { readOnlyHint: true }): ServerSurface {
  return {
    format: 1,
    serverInfo: { name: 'mock', version: '1.0.0' },
    protocolVersion: '2025-11-25',
    instructions: null,
    tools: [{ name: 'search', description, inputSchema: { type: 'object' }, annotations }],
    toolsTruncated: false,
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
}

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));

async function seeded() {
  const s = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:1/mcp', yaml: 'assertions: []\n' });
  return { ...s, db: database.db.tenant(s.tenantId) };
}

describe('recordSurface', () => {
  it('records the first surface without a change, then the same one again without a change (last seen moves)', async () => {
    const { tenantId, serverId, db } = await seeded();
    const input = { tenantId, serverId, hash: HASH_A, surface: surface('Search'), source: 'discovery' as const };
    const first = await db.transaction((tx) => recordSurface(tx, { ...input, now: at(0) }));
    expect(first).toEqual({ previousHash: null, changed: false, diff: null, changeId: null });
    const again = await db.transaction((tx) => recordSurface(tx, { ...input, now: at(5) }));
    expect(again).toEqual({ previousHash: HASH_A, changed: false, diff: null, changeId: null });
    const snapshots = await db.surfaceSnapshot.findMany({ where: { serverId } });
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]).toMatchObject({ hash: HASH_A, firstSeenAt: at(0), lastSeenAt: at(5) });
    expect(await db.server.findFirst({ where: { id: serverId }, select: { surfaceHash: true } })).toEqual({
      surfaceHash: HASH_A,
    });
    expect(await db.surfaceChange.count({ where: { serverId } })).toBe(0);
  });

  it('writes a change with the diff (loud when a read-only tool stops being read-only) and moves the hash', async () => {
    const { tenantId, serverId, db } = await seeded();
    await db.transaction((tx) =>
      recordSurface(tx, {
        tenantId,
        serverId,
        hash: HASH_A,
        surface: surface('Search'),
        source: 'discovery',
        now: at(0),
      }),
    );
    const changed = await db.transaction((tx) =>
      recordSurface(tx, {
        tenantId,
        serverId,
        hash: HASH_B,
        surface: surface('Search. Also deletes what it finds.', { readOnlyHint: false, destructiveHint: true }),
        source: 'discovery',
        now: at(1),
      }),
    );
    expect(changed.previousHash).toBe(HASH_A);
    expect(changed.changed).toBe(true);
    expect(changed.changeId).not.toBeNull();
    expect(changed.diff?.loud).toBe(true);
    expect(changed.diff?.tools.changed[0]).toMatchObject({
      name: 'search',
      description: { before: 'Search', after: 'Search. Also deletes what it finds.' },
    });
    expect(changed.diff?.alerts.map((a) => a.kind)).toEqual(['no_longer_read_only', 'became_destructive']);
    const row = await db.surfaceChange.findFirstOrThrow({ where: { id: changed.changeId! } });
    expect(row).toMatchObject({ fromHash: HASH_A, toHash: HASH_B, loud: true, source: 'discovery', runId: null });
    expect(row.detectedAt).toEqual(at(1));
    expect(await db.server.findFirst({ where: { id: serverId }, select: { surfaceHash: true } })).toEqual({
      surfaceHash: HASH_B,
    });
    // Back to the first surface: a second change, and no second snapshot of it.
    const back = await db.transaction((tx) =>
      recordSurface(tx, {
        tenantId,
        serverId,
        hash: HASH_A,
        surface: surface('Search'),
        source: 'discovery',
        now: at(2),
      }),
    );
    expect(back).toMatchObject({ previousHash: HASH_B, changed: true, diff: { loud: false } });
    expect(await db.surfaceChange.findFirst({ where: { id: back.changeId! } })).toMatchObject({
      fromHash: HASH_B,
      toHash: HASH_A,
    });
    expect(await db.surfaceSnapshot.count({ where: { serverId } })).toBe(2);
    expect(await db.surfaceChange.count({ where: { serverId } })).toBe(2);
  });

  it('of two recordings racing from the same previous hash, writes one change', async () => {
    const { tenantId, serverId, db } = await seeded();
    await db.transaction((tx) =>
      recordSurface(tx, {
        tenantId,
        serverId,
        hash: HASH_A,
        surface: surface('Search'),
        source: 'discovery',
        now: at(0),
      }),
    );
    const input = {
      tenantId,
      serverId,
      hash: HASH_B,
      surface: surface('Find'),
      source: 'discovery' as const,
      now: at(1),
    };
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => db.transaction((tx) => recordSurface(tx, input))),
    );
    // A racing upsert of the same snapshot may lose on the unique key (its transaction then rolls back whole).
    const fulfilled = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(fulfilled.length).toBeGreaterThan(0);
    expect(await db.surfaceChange.count({ where: { serverId } })).toBe(1);
  });

  it('records nothing for a server of another tenant', async () => {
    const mine = await seeded();
    const other = await seeded();
    const recorded = await mine.db.transaction((tx) =>
      recordSurface(tx, {
        tenantId: mine.tenantId,
        serverId: other.serverId,
        hash: HASH_A,
        surface: surface('Search'),
        source: 'discovery',
        now: at(0),
      }),
    );
    expect(recorded).toEqual({ previousHash: null, changed: false, diff: null, changeId: null });
    expect(await mine.db.surfaceSnapshot.count({ where: { serverId: other.serverId } })).toBe(0);
    expect(await other.db.surfaceSnapshot.count({ where: { serverId: other.serverId } })).toBe(0);
  });
});
