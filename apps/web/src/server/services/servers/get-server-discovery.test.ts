// The saved discovery read back (what the server page shows on load) and the discovery that stores it.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { createServer } from './create-server';
import { discoverServer } from './discover-server';
import { getServerDiscovery } from './get-server-discovery';
import { seedProject, useMockServer } from './server-test-helpers';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { updateServer } from './update-server';

const FIRST = `
mock_server:
  name: first
  version: '1.0.0'
  tools:
    - name: search
      description: Search the catalogue by keyword
      annotations: { readOnlyHint: true }
      inputSchema: { type: object, properties: { q: { type: string } } }
      response: { content: [ { type: text, text: found } ] }
    - name: drop_table
      description: Drop a table for good
      inputSchema: { type: object, properties: { table: { type: string } } }
      response: { content: [ { type: text, text: dropped } ] }
`;

const SECOND = `
mock_server:
  name: second
  version: '2.0.0'
  tools:
    - name: search
      description: Search the catalogue by keyword
      annotations: { readOnlyHint: true }
      inputSchema: { type: object, properties: { q: { type: string } }, required: [q] }
      response: { content: [ { type: text, text: found } ] }
    - name: create_item
      description: Create one catalogue item
      inputSchema: { type: object, properties: { name: { type: string } } }
      response: { content: [ { type: text, text: created } ] }
`;

const database = useTestDatabase();
const redis = useTestRedis();
const first = useMockServer(FIRST);
const second = useMockServer(SECOND);

describe('getServerDiscovery', () => {
  const deps = testServiceDeps(database, redis);

  it('is null before the first discovery, then the last discovery with the changes it found', async () => {
    const { actor, projectId } = await seedProject(database.db);
    const server = await createServer(deps, actor, projectId, { name: 'S', url: first.url, transport: 'http' });
    expect(await getServerDiscovery(deps, actor, server.id)).toBeNull();

    const fresh = await discoverServer(deps, actor, server.id);
    const saved = await getServerDiscovery(deps, actor, server.id);
    // Read back, it is the response it was.
    expect(saved).toEqual({ ...fresh, changedFrom: [] });
    expect(saved?.changes).toEqual({
      previousDiscoveredAt: null,
      added: ['search', 'drop_table'],
      removed: [],
      changed: [],
    });

    await updateServer(deps, actor, server.id, { url: second.url });
    const again = await discoverServer(deps, actor, server.id);
    const savedAgain = await getServerDiscovery(deps, actor, server.id);
    // With what the changed tool was before.
    expect(savedAgain).toEqual({
      ...again,
      changedFrom: [
        expect.objectContaining({
          name: 'search',
          inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        }),
      ],
    });
    expect(savedAgain?.server).toMatchObject({ name: 'second', version: '2.0.0', transport: 'http' });
    expect(savedAgain?.changes).toEqual({
      previousDiscoveredAt: fresh.discoveredAt,
      added: ['create_item'],
      removed: ['drop_table'],
      changed: [{ name: 'search', fields: ['inputSchema'] }],
    });
  });

  it("classifies the saved tools under the tenant's current policy", async () => {
    const { actor, projectId } = await seedProject(database.db);
    const server = await createServer(deps, actor, projectId, { name: 'S', url: first.url, transport: 'http' });
    await discoverServer(deps, actor, server.id);
    const before = await getServerDiscovery(deps, actor, server.id);
    expect(before?.tools.find((t) => t.name === 'drop_table')).toMatchObject({ class: 'Destructive', live: 'Refuse' });

    await database.db.global.tenant.update({
      where: { id: actor.tenantId },
      data: { execPolicy: { execute_destructive: true } },
    });
    const after = await getServerDiscovery(deps, actor, server.id);
    expect(after?.tools.find((t) => t.name === 'drop_table')).toMatchObject({
      class: 'Destructive',
      live: 'ExecuteOnce',
    });
    expect(after?.policy.execute_destructive).toBe(true);
  });

  it('shows a discovery stored before changes were kept without changes, and hides other tenants', async () => {
    const { actor, projectId } = await seedProject(database.db);
    const server = await createServer(deps, actor, projectId, { name: 'S', url: first.url, transport: 'http' });
    await database.db.tenant(actor.tenantId).server.updateMany({
      where: { id: server.id },
      data: {
        discoveredAt: new Date('2025-01-01T00:00:00Z'),
        discovery: {
          format: 1,
          serverInfo: { name: 'old', version: '0.1' },
          protocolVersion: '2025-06-18',
          transport: 'http',
          tools: [{ name: 'list_things', inputSchema: { type: 'object' } }],
          toolsTruncated: false,
          resources: [],
          resourceTemplates: [],
          prompts: [],
        },
      },
    });
    const saved = await getServerDiscovery(deps, actor, server.id);
    expect(saved).toMatchObject({
      discoveredAt: '2025-01-01T00:00:00.000Z',
      changes: null,
      warnings: [],
      changedFrom: [],
    });
    expect(saved?.tools.map((t) => [t.name, t.class, t.source])).toEqual([['list_things', 'ReadOnlyPresumed', 'name']]);

    const other = await seedProject(database.db);
    await expect(getServerDiscovery(deps, other.actor, server.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
