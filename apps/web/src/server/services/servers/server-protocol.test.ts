// A server's protocol era: stored, returned, changed, refused when unknown, and read by the register form; the form's
// choices are exactly core's PROTOCOL_CHOICES.
import { PROTOCOL_CHOICES } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { PROTOCOL_OPTIONS } from '@/components/servers/tool-labels';
import { serverRequestFromForm } from '@/app/o/[org]/servers/server-form-input';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { createServer } from './create-server';
import { CreateServerRequest, UpdateServerRequest } from './server-schemas';
import { seedProject } from './server-test-helpers';
import { updateServer } from './update-server';

const database = useTestDatabase();
const redis = useTestRedis();

describe('server protocol era', () => {
  const deps = testServiceDeps(database, redis);

  it('defaults to auto, is returned, and can be changed', async () => {
    const { actor, projectId } = await seedProject(database.db);
    const request = CreateServerRequest.parse({ name: 'S', url: 'https://mcp.example.com/mcp' });
    const created = await createServer(deps, actor, projectId, request);
    expect(created.protocol).toBe('auto');

    const updated = await updateServer(deps, actor, created.id, UpdateServerRequest.parse({ protocol: '2026-07-28' }));
    expect(updated.protocol).toBe('2026-07-28');
    const row = await database.db.tenant(actor.tenantId).server.findFirstOrThrow({ where: { id: created.id } });
    expect(row.protocol).toBe('2026-07-28');
  });

  it('refuses an unknown era at the boundary', () => {
    expect(UpdateServerRequest.safeParse({ protocol: '2025-01-01' }).success).toBe(false);
    expect(CreateServerRequest.safeParse({ name: 'S', url: 'https://a.example', protocol: 'v2' }).success).toBe(false);
  });

  it('the form sends the chosen era, and offers exactly PROTOCOL_CHOICES', () => {
    const request = serverRequestFromForm({
      name: 'S',
      url: 'https://mcp.example.com/mcp',
      transport: 'http',
      protocol: '2025-06-18',
    });
    expect(request.protocol).toBe('2025-06-18');
    expect(PROTOCOL_OPTIONS.map((option) => option.value)).toEqual([...PROTOCOL_CHOICES]);
  });
});
