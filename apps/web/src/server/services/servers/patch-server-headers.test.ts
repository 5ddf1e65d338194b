// Changing one header while the others, write-only, stay as they were.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { createServer } from './create-server';
import { updateServer } from './update-server';
import { patchServerHeaders } from './patch-server-headers';
import { openServerHeaders } from './server-headers';
import { seedProject } from './server-test-helpers';
import { testServiceDeps } from '@/server/services/test-service-deps';

const database = useTestDatabase();
const redis = useTestRedis();

describe('patchServerHeaders', () => {
  const deps = testServiceDeps(database, redis);

  async function storedHeaders(tenantId: string, serverId: string) {
    const row = await database.db.tenant(tenantId).server.findFirstOrThrow({ where: { id: serverId } });
    return openServerHeaders(deps, tenantId, row);
  }

  it('adds, replaces (names ignore case) and removes one header, keeping the others', async () => {
    const { actor, projectId } = await seedProject(database.db);
    const server = await createServer(deps, actor, projectId, {
      name: 'S',
      url: 'https://mcp.example.com/mcp',
      transport: 'auto',
      headers: { Authorization: 'Bearer one', 'X-Tenant': 'acme' },
    });

    const replaced = await patchServerHeaders(deps, actor, server.id, { set: { authorization: 'Bearer two' } });
    expect(replaced.headerNames.sort()).toEqual(['X-Tenant', 'authorization']);
    expect(JSON.stringify(replaced)).not.toContain('Bearer');
    expect(await storedHeaders(actor.tenantId, server.id)).toEqual({ 'X-Tenant': 'acme', authorization: 'Bearer two' });

    await patchServerHeaders(deps, actor, server.id, { set: { 'X-Api-Key': 'k' }, remove: ['x-tenant'] });
    expect(await storedHeaders(actor.tenantId, server.id)).toEqual({ authorization: 'Bearer two', 'X-Api-Key': 'k' });

    const emptied = await patchServerHeaders(deps, actor, server.id, { remove: ['Authorization', 'X-Api-Key'] });
    expect(emptied).toMatchObject({ hasHeaders: false, headerNames: [] });
    expect(await storedHeaders(actor.tenantId, server.id)).toBeUndefined();

    const audit = await database.db
      .tenant(actor.tenantId)
      .auditLog.findMany({ where: { targetId: server.id, action: 'server.update' }, select: { metadata: true } });
    expect(JSON.stringify(audit)).not.toMatch(/Bearer|acme/);
  });

  it('refuses what headers refuse, naming the header, and changes nothing', async () => {
    const { actor, projectId } = await seedProject(database.db);
    const server = await createServer(deps, actor, projectId, {
      name: 'S',
      url: 'https://mcp.example.com/mcp',
      transport: 'auto',
      headers: { Authorization: 'Bearer one' },
    });
    const refused = await patchServerHeaders(deps, actor, server.id, { set: { Host: 'evil' } }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'headers.Host', message: expect.stringContaining("mcptest's HTTP client") }],
    });
    const broken = await patchServerHeaders(deps, actor, server.id, { set: { 'X-Bad': 'a\r\nb' } }).catch(
      (e: unknown) => e,
    );
    expect(broken).toMatchObject({ code: 'validation_failed' });
    expect(await storedHeaders(actor.tenantId, server.id)).toEqual({ Authorization: 'Bearer one' });
  });

  it('never writes headers read for one URL beside another: a URL moved meanwhile makes it a conflict', async () => {
    const { actor, projectId } = await seedProject(database.db);
    const server = await createServer(deps, actor, projectId, {
      name: 'S',
      url: 'https://mcp.example.com/mcp',
      transport: 'auto',
      headers: { Authorization: 'Bearer stored' },
    });
    // The seam: between the patch's read of the stored headers and its write, another request moves the server to
    // another origin (which removes them). Without the guard the patch would write them back beside the new URL.
    const racing = {
      ...deps,
      db: {
        ...deps.db,
        tenant: (tenantId: string) => {
          const scoped = deps.db.tenant(tenantId);
          return {
            ...scoped,
            server: {
              ...scoped.server,
              findFirst: scoped.server.findFirst.bind(scoped.server),
              updateMany: async (args: Parameters<typeof scoped.server.updateMany>[0]) => {
                await updateServer(deps, actor, server.id, { url: 'https://attacker.example.net/mcp' });
                return scoped.server.updateMany(args);
              },
            },
            auditLog: scoped.auditLog,
          };
        },
      },
    } as unknown as typeof deps;
    await expect(patchServerHeaders(racing, actor, server.id, { set: { 'X-Extra': 'typed' } })).rejects.toMatchObject({
      code: 'conflict',
    });
    const row = await database.db.tenant(actor.tenantId).server.findFirstOrThrow({ where: { id: server.id } });
    expect(row.url).toBe('https://attacker.example.net/mcp');
    expect(await storedHeaders(actor.tenantId, server.id)).toBeUndefined();
  });
});
