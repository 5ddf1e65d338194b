// A server's OAuth connection in real Postgres: sealed to its tenant, optimistic token updates (two workers
// refreshing at once store one result), marking expired, and row-level security on the table.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { createSecretBox, secretContext } from '../crypto/secret-box';
import type { TenantDb } from '../tenant/tenant-scope';
import { loadServerAuthorization } from './load-server-authorization';
import { markServerAuthorization } from './mark-server-authorization';
import { saveServerAuthorization } from './save-server-authorization';
import type { ServerAuthorizationSecrets } from './server-authorization-secrets';
import { updateServerAuthorizationTokens } from './update-server-authorization-tokens';

const database = useTestDatabase();
const box = createSecretBox([{ id: 'k1', key: randomBytes(32) }]);

const secrets = (accessToken: string, refreshToken: string): ServerAuthorizationSecrets => ({
  tokens: { accessToken, tokenType: 'bearer', refreshToken, expiresAt: Date.UTC(2026, 10, 27, 12), scope: 'mcp:tools' },
  tokenEndpointAuthMethod: 'none',
  discovery: {
    resource: 'https://s.example/mcp',
    resourceMetadataUrl: 'https://s.example/.well-known/oauth-protected-resource/mcp',
    resourceMetadata: { resource: 'https://s.example/mcp' },
    issuer: 'https://as.example',
    authorizationServer: { issuer: 'https://as.example', token_endpoint: 'https://as.example/token' },
    authorizationServerMetadataUrl: 'https://as.example/.well-known/oauth-authorization-server',
  },
});

let tenants: { a: TenantDb; b: TenantDb };
let serverId: string;

beforeAll(async () => {
  const { db } = database;
  const [ta, tb] = await Promise.all(
    ['oa', 'ob'].map((slug) => db.global.tenant.create({ data: { slug, name: slug } })),
  );
  tenants = { a: db.tenant(ta!.id), b: db.tenant(tb!.id) };
  const project = await tenants.a.project.create({ data: { tenantId: ta!.id, name: 'p', slug: 'p' } });
  const server = await tenants.a.server.create({
    data: { tenantId: ta!.id, projectId: project.id, name: 's', url: 'https://s.example/mcp' },
  });
  serverId = server.id;
});

describe('server authorization', () => {
  it('saves sealed, loads opened, and the row shows no secret', async () => {
    const saved = await saveServerAuthorization(tenants.a, box, {
      serverId,
      kind: 'AUTHORIZATION_CODE',
      registrationMethod: 'DYNAMIC',
      clientId: 'client-1',
      secrets: secrets('access-one', 'refresh-one'),
      now: new Date(),
    });
    const row = await tenants.a.serverAuthorization.findFirstOrThrow({ where: { id: saved.id } });
    expect(row).toMatchObject({
      state: 'CONNECTED',
      issuer: 'https://as.example',
      scope: 'mcp:tools',
      tokenVersion: 0,
    });
    expect(
      JSON.stringify({ ...row, secretsEncrypted: Buffer.from(row.secretsEncrypted).toString('latin1') }),
    ).not.toMatch(/access-one|refresh-one/);
    const loaded = await loadServerAuthorization(tenants.a, box, serverId);
    expect(loaded?.secrets.tokens).toMatchObject({ accessToken: 'access-one', refreshToken: 'refresh-one' });
    // Bound to the tenant: the same bytes do not open in another tenant's context.
    expect(() =>
      box.open({ keyId: row.secretsKeyId, data: row.secretsEncrypted }, secretContext.serverAuthorization('other')),
    ).toThrow(/failed authentication/);
    // Another tenant's scope does not see it.
    expect(await loadServerAuthorization(tenants.b, box, serverId)).toBeNull();
  });

  it('two refreshes from the same version: the first is stored, the second is refused and the first kept', async () => {
    const loaded = await loadServerAuthorization(tenants.a, box, serverId);
    const from = loaded!.tokenVersion;
    const [first, second] = [
      await updateServerAuthorizationTokens(tenants.a, box, {
        id: loaded!.id,
        expectedVersion: from,
        secrets: secrets('access-two', 'refresh-two'),
        now: new Date(),
      }),
      await updateServerAuthorizationTokens(tenants.a, box, {
        id: loaded!.id,
        expectedVersion: from,
        secrets: secrets('access-late', 'refresh-late'),
        now: new Date(),
      }),
    ];
    expect([first, second]).toEqual([true, false]);
    const after = await loadServerAuthorization(tenants.a, box, serverId);
    expect(after).toMatchObject({ tokenVersion: from + 1, state: 'CONNECTED' });
    expect(after?.secrets.tokens.refreshToken).toBe('refresh-two');
  });

  it('marks a connection expired only at the version it failed from', async () => {
    const loaded = await loadServerAuthorization(tenants.a, box, serverId);
    const stale = { id: loaded!.id, state: 'EXPIRED' as const, error: 'refresh refused' };
    expect(await markServerAuthorization(tenants.a, { ...stale, expectedVersion: loaded!.tokenVersion - 1 })).toBe(
      false,
    );
    expect(await markServerAuthorization(tenants.a, { ...stale, expectedVersion: loaded!.tokenVersion })).toBe(true);
    expect(await tenants.a.serverAuthorization.findFirstOrThrow({ where: { id: loaded!.id } })).toMatchObject({
      state: 'EXPIRED',
      lastError: 'refresh refused',
    });
    // Reconnecting replaces it: CONNECTED again, the error gone, a newer version.
    await saveServerAuthorization(tenants.a, box, {
      serverId,
      kind: 'AUTHORIZATION_CODE',
      registrationMethod: 'DYNAMIC',
      clientId: 'client-1',
      secrets: secrets('access-three', 'refresh-three'),
      now: new Date(),
    });
    expect(await loadServerAuthorization(tenants.a, box, serverId)).toMatchObject({
      state: 'CONNECTED',
      tokenVersion: loaded!.tokenVersion + 1,
    });
  });

  it('has row-level security: without the tenant setting no row is visible', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM "ServerAuthorization"');
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await client.end();
    }
  });
});
