// The connection test: the handshake only, nothing stored, failures named like discovery's.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { createServer } from './create-server';
import { seedProject, useMockServer } from './server-test-helpers';
import { testServiceDeps } from '../test-service-deps';
import { testServerConnection } from './test-server-connection';

const MOCK = `
mock_server:
  name: handshake
  version: '3.1.4'
  instructions: Try the echo tool.
  tools:
    - name: echo
      description: Echo the text back
      inputSchema: { type: object, properties: { text: { type: string } } }
      response: { content: [ { type: text, text: "{{args.text}}" } ] }
`;

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useMockServer(MOCK);

describe('testServerConnection', () => {
  const deps = testServiceDeps(database, redis);

  it("reports the server's identity, protocol, transport and capabilities, and stores nothing", async () => {
    const { actor, projectId } = await seedProject(database.db);
    const server = await createServer(deps, actor, projectId, { name: 'S', url: mock.url, transport: 'auto' });
    const result = await testServerConnection(deps, actor, server.id);
    expect(result).toMatchObject({
      serverId: server.id,
      server: { name: 'handshake', version: '3.1.4', transport: 'http' },
      instructions: 'Try the echo tool.',
    });
    expect(result.server.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result.capabilities).toContain('tools');
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const row = await database.db.tenant(actor.tenantId).server.findFirst({ where: { id: server.id } });
    expect(row).toMatchObject({ discovery: null, discoveredAt: null });
  });

  it('names the failure: unreachable (503 with the reason) and refused by the network rules (400 with the rule)', async () => {
    const { actor, projectId } = await seedProject(database.db);
    const down = await createServer(deps, actor, projectId, {
      name: 'D',
      url: 'http://127.0.0.1:1/mcp',
      transport: 'http',
    });
    const unavailable = await testServerConnection(deps, actor, down.id).catch((e: unknown) => e);
    expect(unavailable).toMatchObject({ code: 'unavailable', details: { reason: 'connect_failed' } });
    expect((unavailable as Error).message).toMatch(/^connection test failed: .*127\.0\.0\.1:1/);

    // A row that got in without the registration check (an older row, a changed allow-list).
    const sneaked = await database.db.tenant(actor.tenantId).server.create({
      data: { tenantId: actor.tenantId, projectId, name: 'P', url: 'http://10.0.0.1/mcp', transport: 'HTTP' },
    });
    const refused = await testServerConnection(deps, actor, sneaked.id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'SsrfRefusedError', rule: 'private_address' });

    const other = await seedProject(database.db);
    await expect(testServerConnection(deps, other.actor, down.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
