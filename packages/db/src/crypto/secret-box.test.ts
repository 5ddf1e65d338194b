import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { loadServerAuthorization } from '../server-authorization/load-server-authorization';
import { saveServerAuthorization } from '../server-authorization/save-server-authorization';
import { rotateSecrets } from './rotate-secrets';
import { createSecretBox, secretContext } from './secret-box';

const database = useTestDatabase();
const k1 = { id: 'k1', key: randomBytes(32) };
const k2 = { id: 'k2', key: randomBytes(32) };

describe('secret box', () => {
  const box = createSecretBox([k1]);

  it('round-trips and never produces the same ciphertext twice', () => {
    const a = box.seal('{"Authorization":"Bearer s3cret"}', 'ctx');
    const b = box.seal('{"Authorization":"Bearer s3cret"}', 'ctx');
    expect(a.keyId).toBe('k1');
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(false);
    expect(box.open(a, 'ctx')).toBe('{"Authorization":"Bearer s3cret"}');
  });

  it.each([
    [
      'another context (another tenant)',
      (s: { keyId: string; data: Uint8Array<ArrayBuffer> }) => ({ sealed: s, ctx: 'other' }),
    ],
    [
      'a flipped ciphertext bit',
      (s: { keyId: string; data: Uint8Array<ArrayBuffer> }) => {
        const data = Uint8Array.from(s.data);
        data[data.length - 1] = (data[data.length - 1] ?? 0) ^ 1;
        return { sealed: { keyId: s.keyId, data }, ctx: 'ctx' };
      },
    ],
    [
      'a truncated envelope',
      (s: { keyId: string; data: Uint8Array<ArrayBuffer> }) => ({
        sealed: { keyId: s.keyId, data: s.data.slice(0, 10) },
        ctx: 'ctx',
      }),
    ],
  ])('refuses %s', (_name, mutate) => {
    const { sealed, ctx } = mutate(box.seal('secret', 'ctx'));
    expect(() => box.open(sealed, ctx)).toThrow(expect.objectContaining({ code: 'secret_corrupt' }));
  });

  it('names an unknown key id', () => {
    const other = createSecretBox([k2]);
    expect(() => box.open(other.seal('x', 'ctx'), 'ctx')).toThrow(/key "k2"/);
  });

  it('opens secrets of older keys after rotation and seals with the first key', () => {
    const old = box.seal('old secret', 'ctx');
    const rotated = createSecretBox([k2, k1]);
    expect(rotated.activeKeyId).toBe('k2');
    expect(rotated.open(old, 'ctx')).toBe('old secret');
    expect(rotated.seal('new', 'ctx').keyId).toBe('k2');
  });
});

describe('secrets at rest in Postgres', () => {
  it('stores only ciphertext and re-seals everything under a new key', async () => {
    const { db } = database;
    const tenant = await db.global.tenant.create({ data: { slug: 'sec', name: 'Sec' } });
    const scoped = db.tenant(tenant.id);
    const project = await scoped.project.create({ data: { tenantId: tenant.id, name: 'p', slug: 'p' } });
    const oldBox = createSecretBox([k1]);
    const headers = JSON.stringify({ Authorization: 'Bearer plaintext-token-123' });
    const sealedHeaders = oldBox.seal(headers, secretContext.serverHeaders(tenant.id));
    const server = await scoped.server.create({
      data: {
        tenantId: tenant.id,
        projectId: project.id,
        name: 's',
        url: 'https://s.example/mcp',
        headersEncrypted: sealedHeaders.data,
        headersKeyId: sealedHeaders.keyId,
      },
    });
    const sealedSecret = oldBox.seal('whsec_plaintextsecret', secretContext.webhookSecret(tenant.id));
    const sealedPrevious = oldBox.seal('whsec_previoussecret', secretContext.webhookSecret(tenant.id));
    await scoped.webhook.create({
      data: {
        tenantId: tenant.id,
        projectId: project.id,
        url: 'https://hooks.example/x',
        secretEncrypted: sealedSecret.data,
        secretKeyId: sealedSecret.keyId,
        previousSecretEncrypted: sealedPrevious.data,
        previousSecretKeyId: sealedPrevious.keyId,
        events: ['run.completed'],
      },
    });
    const sealedTrigger = oldBox.seal('gh-trigger-secret', secretContext.suiteTriggerSecret(tenant.id));
    const createdSuite = await scoped.suite.create({
      data: {
        tenantId: tenant.id,
        projectId: project.id,
        serverId: server.id,
        name: 'suite',
        yaml: 'assertions: []',
        badgeKey: 'badge-sec',
      },
    });
    await scoped.suiteTriggerSecret.create({
      data: {
        tenantId: tenant.id,
        suiteId: createdSuite.id,
        secretEncrypted: sealedTrigger.data,
        secretKeyId: sealedTrigger.keyId,
      },
    });
    await saveServerAuthorization(db.tenant(tenant.id), oldBox, {
      serverId: server.id,
      kind: 'AUTHORIZATION_CODE',
      registrationMethod: 'DYNAMIC',
      clientId: 'client-1',
      now: new Date(),
      secrets: {
        tokens: { accessToken: 'plaintext-access-token', tokenType: 'bearer', refreshToken: 'plaintext-refresh-tok' },
        clientSecret: 'plaintext-client-secret',
        tokenEndpointAuthMethod: 'client_secret_basic',
        discovery: {
          resource: 'https://s.example/mcp',
          resourceMetadataUrl: 'https://s.example/.well-known/oauth-protected-resource/mcp',
          resourceMetadata: {},
          issuer: 'https://as.example',
          authorizationServer: { issuer: 'https://as.example', token_endpoint: 'https://as.example/token' },
          authorizationServerMetadataUrl: 'https://as.example/.well-known/oauth-authorization-server',
        },
      },
    });

    // Read the raw bytes as the database holds them (setting the tenant so row-level security shows the rows).
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenant.id]);
      const raw = await client.query<{ h: Buffer; w: Buffer; a: Buffer; row: string }>(
        `SELECT s."headersEncrypted" AS h, w."secretEncrypted" AS w, a."secretsEncrypted" AS a,
                row_to_json(s)::text || row_to_json(w)::text || row_to_json(a)::text AS row
         FROM "Server" s, "Webhook" w, "ServerAuthorization" a WHERE s.id = $1 AND a."serverId" = s.id`,
        [server.id],
      );
      await client.query('COMMIT');
      const row = raw.rows[0];
      expect(row).toBeDefined();
      expect(row?.h.length).toBeGreaterThan(28);
      for (const text of [row?.h.toString('latin1'), row?.w.toString('latin1'), row?.a.toString('latin1'), row?.row]) {
        expect(text).not.toContain('plaintext-token-123');
        expect(text).not.toContain('whsec_plaintextsecret');
        for (const secret of ['plaintext-access-token', 'plaintext-refresh-tok', 'plaintext-client-secret']) {
          expect(text).not.toContain(secret);
        }
      }
    } finally {
      await client.end();
    }

    const stored = await scoped.server.findUniqueOrThrow({ where: { id: server.id } });
    expect(
      oldBox.open(
        { keyId: stored.headersKeyId ?? '', data: stored.headersEncrypted ?? new Uint8Array() },
        secretContext.serverHeaders(tenant.id),
      ),
    ).toBe(headers);

    const newBox = createSecretBox([k2, k1]);
    expect(await rotateSecrets(db, newBox)).toEqual({ servers: 1, webhooks: 1, suites: 1, serverAuthorizations: 1 });
    expect(await rotateSecrets(db, newBox)).toEqual({ servers: 0, webhooks: 0, suites: 0, serverAuthorizations: 0 });
    const after = await scoped.server.findUniqueOrThrow({ where: { id: server.id } });
    expect(after.headersKeyId).toBe('k2');
    // Only the new key is needed from now on.
    const onlyNew = createSecretBox([k2]);
    expect(
      onlyNew.open(
        { keyId: 'k2', data: after.headersEncrypted ?? new Uint8Array() },
        secretContext.serverHeaders(tenant.id),
      ),
    ).toBe(headers);
    const hook = await scoped.webhook.findFirstOrThrow();
    expect(
      onlyNew.open({ keyId: hook.secretKeyId, data: hook.secretEncrypted }, secretContext.webhookSecret(tenant.id)),
    ).toBe('whsec_plaintextsecret');
    expect(
      onlyNew.open(
        { keyId: hook.previousSecretKeyId ?? '', data: hook.previousSecretEncrypted ?? new Uint8Array() },
        secretContext.webhookSecret(tenant.id),
      ),
    ).toBe('whsec_previoussecret');
    const trigger = await scoped.suiteTriggerSecret.findFirstOrThrow();
    expect(
      onlyNew.open(
        { keyId: trigger.secretKeyId, data: trigger.secretEncrypted },
        secretContext.suiteTriggerSecret(tenant.id),
      ),
    ).toBe('gh-trigger-secret');
    const authorization = await loadServerAuthorization(scoped, onlyNew, server.id);
    expect(authorization?.secrets.tokens.refreshToken).toBe('plaintext-refresh-tok');
    expect(authorization?.secrets.clientSecret).toBe('plaintext-client-secret');
    // Rotation re-seals only: the version that guards refreshes is unchanged.
    expect(authorization?.tokenVersion).toBe(0);
  });
});
