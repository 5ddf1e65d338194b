import { createHash } from 'node:crypto';
import { canonicalSurfaceJson, type ServerSurface } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { createTenant } from '../tenant/create-tenant';
import { recordSurface } from './record-surface';

const database = useTestDatabase();

const surface = (description: string): ServerSurface => ({
  format: 1,
  serverInfo: { name: 's', version: '1' },
  protocolVersion: '2025-11-25',
  instructions: null,
  tools: [{ name: 'lookup', description, annotations: { readOnlyHint: true } }],
  toolsTruncated: false,
  resources: [],
  resourceTemplates: [],
  prompts: [],
});
const hashOf = (s: ServerSurface) => createHash('sha256').update(canonicalSurfaceJson(s)).digest('hex');

let counter = 0;
async function seedServer() {
  counter += 1;
  const { tenant } = await createTenant(database.db, { name: `T${counter}`, ownerEmail: `rs${counter}@example.test` });
  const tdb = database.db.tenant(tenant.id);
  const project = await tdb.project.create({ data: { tenantId: tenant.id, name: 'p', slug: `p${counter}` } });
  const server = await tdb.server.create({
    data: { tenantId: tenant.id, projectId: project.id, name: 's', url: 'https://s.example/mcp' },
  });
  return { tenantId: tenant.id, serverId: server.id, tdb };
}

describe('recordSurface', () => {
  it('stores the first surface without a change, moves lastSeenAt on a repeat, and writes one change on a new one', async () => {
    const { tenantId, serverId, tdb } = await seedServer();
    const record = (s: ServerSurface, now: Date) =>
      tdb.transaction((tx) =>
        recordSurface(tx, { tenantId, serverId, surface: s, hash: hashOf(s), source: 'run', now }),
      );
    const one = surface('one');
    const two = surface('two');

    expect(await record(one, new Date('2026-11-27T10:00:00Z'))).toEqual({
      previousHash: null,
      changed: false,
      diff: null,
      changeId: null,
    });
    expect(await record(one, new Date('2026-11-27T10:05:00Z'))).toMatchObject({ changed: false, changeId: null });
    const snapshot = await tdb.surfaceSnapshot.findFirstOrThrow({ where: { serverId, hash: hashOf(one) } });
    expect(snapshot.firstSeenAt.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(snapshot.lastSeenAt.toISOString()).toBe('2026-11-27T10:05:00.000Z');

    const moved = await record(two, new Date('2026-11-27T10:10:00Z'));
    expect(moved).toMatchObject({ previousHash: hashOf(one), changed: true });
    expect(moved.diff?.tools.changed).toEqual([
      { name: 'lookup', fields: ['description'], description: { before: 'one', after: 'two' } },
    ]);
    const changes = await tdb.surfaceChange.findMany({ where: { serverId } });
    expect(changes).toEqual([
      expect.objectContaining({ id: moved.changeId, fromHash: hashOf(one), toHash: hashOf(two), loud: false }),
    ]);
    expect((await tdb.server.findFirstOrThrow({ where: { id: serverId } })).surfaceHash).toBe(hashOf(two));

    // Back to the first surface: a change again (drift history is every move, not every distinct surface).
    expect(await record(one, new Date('2026-11-27T10:15:00Z'))).toMatchObject({ changed: true });
    expect(await tdb.surfaceChange.count({ where: { serverId } })).toBe(2);
    expect(await tdb.surfaceSnapshot.count({ where: { serverId } })).toBe(2);
  });

  it('writes one change, and fails no transaction, when recordings of the same new surface race', async () => {
    const { tenantId, serverId, tdb } = await seedServer();
    const now = new Date();
    const record = (s: ServerSurface) =>
      tdb.transaction((tx) =>
        recordSurface(tx, { tenantId, serverId, surface: s, hash: hashOf(s), source: 'run', now }),
      );
    await record(surface('one'));
    const results = await Promise.all([record(surface('two')), record(surface('two')), record(surface('two'))]);
    expect(results.filter((r) => r.changed).length).toBeGreaterThanOrEqual(1);
    // The guard on the previous hash lets one of them move the server and write the change.
    expect(results.filter((r) => r.changeId !== null)).toHaveLength(1);
    expect(await tdb.surfaceChange.count({ where: { serverId } })).toBe(1);
  });

  it('reports a change whose previous snapshot is gone without writing one it cannot diff', async () => {
    const { tenantId, serverId, tdb } = await seedServer();
    await tdb.server.update({ where: { id: serverId }, data: { surfaceHash: 'f'.repeat(64) } });
    const s = surface('one');
    const recorded = await tdb.transaction((tx) =>
      recordSurface(tx, { tenantId, serverId, surface: s, hash: hashOf(s), source: 'discovery', now: new Date() }),
    );
    expect(recorded).toEqual({ previousHash: 'f'.repeat(64), changed: true, diff: null, changeId: null });
    expect(await tdb.surfaceChange.count({ where: { serverId } })).toBe(0);
    expect((await tdb.server.findFirstOrThrow({ where: { id: serverId } })).surfaceHash).toBe(hashOf(s));
  });
});
