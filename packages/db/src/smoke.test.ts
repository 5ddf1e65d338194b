import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import { loadDatamodel } from '../../../test/dmmf';
import { hashToken } from './tokens/api-token';

const database = useTestDatabase();

describe('every model: create and read back', () => {
  it('round-trips one row of each model through the global and tenant-scoped clients', async () => {
    const { db } = database;
    const covered = new Set<string>();
    const seen = <T>(model: string, row: T | null): T => {
      expect(row, model).not.toBeNull();
      covered.add(model);
      return row as T;
    };

    const user = await db.global.user.create({ data: { email: 'smoke@example.com', name: 'Smoke' } });
    seen('User', await db.global.user.findUnique({ where: { id: user.id } }));
    await db.global.account.create({
      data: { userId: user.id, type: 'oauth', provider: 'github', providerAccountId: '42', access_token: 't' },
    });
    seen(
      'Account',
      await db.global.account.findUnique({
        where: { provider_providerAccountId: { provider: 'github', providerAccountId: '42' } },
      }),
    );
    await db.global.session.create({
      data: { sessionToken: 'sess', userId: user.id, expires: new Date(Date.now() + 1e6) },
    });
    seen('Session', await db.global.session.findUnique({ where: { sessionToken: 'sess' } }));
    await db.global.verificationToken.create({
      data: { identifier: 'smoke@example.com', token: 'vt', expires: new Date() },
    });
    seen('VerificationToken', await db.global.verificationToken.findFirst({ where: { token: 'vt' } }));

    const tenant = await db.global.tenant.create({
      data: { slug: 'smoke', name: 'Smoke', plan: 'TEAM', execPolicy: { call_delay_ms: 100 } },
    });
    expect(seen('Tenant', await db.global.tenant.findUnique({ where: { slug: 'smoke' } })).execPolicy).toEqual({
      call_delay_ms: 100,
    });
    const t = db.tenant(tenant.id);
    const tenantId = tenant.id;

    await t.membership.create({ data: { tenantId, userId: user.id, role: 'OWNER' } });
    expect(seen('Membership', await t.membership.findFirst({ where: { userId: user.id } })).role).toBe('OWNER');
    await t.invitation.create({
      data: { tenantId, email: 'new@example.com', tokenHash: hashToken('inv'), expiresAt: new Date(Date.now() + 1e6) },
    });
    seen('Invitation', await t.invitation.findUnique({ where: { tokenHash: hashToken('inv') } }));
    const project = await t.project.create({ data: { tenantId, name: 'P', slug: 'p' } });
    seen('Project', await t.project.findUnique({ where: { tenantId_slug: { tenantId, slug: 'p' } } }));
    await t.apiToken.create({
      data: {
        tenantId,
        projectId: project.id,
        name: 'ci',
        tokenHash: hashToken('mcpt_x'),
        prefix: 'mcpt_x',
        scopes: ['READ', 'RUN'],
      },
    });
    expect(seen('ApiToken', await t.apiToken.findUnique({ where: { tokenHash: hashToken('mcpt_x') } })).scopes).toEqual(
      ['READ', 'RUN'],
    );
    const server = await t.server.create({
      data: {
        tenantId,
        projectId: project.id,
        name: 'S',
        url: 'https://s.example/mcp',
        transport: 'SSE',
        discovery: { tools: [] },
      },
    });
    expect(seen('Server', await t.server.findUnique({ where: { id: server.id } })).transport).toBe('SSE');
    const suite = await t.suite.create({
      data: {
        tenantId,
        projectId: project.id,
        serverId: server.id,
        name: 'Suite',
        yaml: 'assertions: []',
        badgeKey: 'badge-smoke',
        schedule: '*/5 * * * *',
      },
    });
    seen('Suite', await t.suite.findUnique({ where: { badgeKey: 'badge-smoke' } }));
    await t.suiteTriggerSecret.create({
      data: { tenantId, suiteId: suite.id, secretEncrypted: new Uint8Array([1]), secretKeyId: 'k' },
    });
    seen('SuiteTriggerSecret', await t.suiteTriggerSecret.findFirst({ where: { suiteId: suite.id } }));
    await t.serverAuthorization.create({
      data: {
        tenantId,
        serverId: server.id,
        kind: 'AUTHORIZATION_CODE',
        issuer: 'https://as.example',
        resource: 'https://s.example/mcp',
        registrationMethod: 'DYNAMIC',
        clientId: 'client',
        secretsEncrypted: new Uint8Array([1]),
        secretsKeyId: 'k',
      },
    });
    seen('ServerAuthorization', await t.serverAuthorization.findUnique({ where: { serverId: server.id } }));
    await t.suiteVersion.create({ data: { tenantId, suiteId: suite.id, version: 1, yaml: 'assertions: []' } });
    seen(
      'SuiteVersion',
      await t.suiteVersion.findUnique({ where: { suiteId_version: { suiteId: suite.id, version: 1 } } }),
    );
    const run = await t.run.create({
      data: {
        tenantId,
        projectId: project.id,
        suiteId: suite.id,
        serverId: server.id,
        suiteVersion: 1,
        trigger: 'CI',
        idempotencyKey: 'k1',
        commitSha: 'abc',
      },
    });
    expect(
      seen(
        'Run',
        await t.run.findUnique({ where: { suiteId_idempotencyKey: { suiteId: suite.id, idempotencyKey: 'k1' } } }),
      ).status,
    ).toBe('QUEUED');
    await t.assertionResult.create({
      data: {
        tenantId,
        runId: run.id,
        assertionKey: 'echo',
        name: 'echo',
        status: 'PASS',
        durationMs: 12,
        tool: 'echo',
        toolClass: 'READ_ONLY',
        decision: 'EXECUTE',
        transcript: { request: {}, response: {} },
      },
    });
    seen(
      'AssertionResult',
      await t.assertionResult.findUnique({
        where: { runId_assertionKey_trial: { runId: run.id, assertionKey: 'echo', trial: 0 } },
      }),
    );
    await t.conformanceReport.create({
      data: {
        tenantId,
        serverId: server.id,
        suiteId: suite.id,
        runId: run.id,
        revision: '2026-07-28',
        total: 0,
        passed: 0,
        failed: 0,
        warnings: 0,
        skipped: 0,
        expectedFailures: 0,
        ok: true,
        checks: [],
        staleExpectedFailures: [],
        toolCalls: [],
      },
    });
    seen('ConformanceReport', await t.conformanceReport.findUnique({ where: { runId: run.id } }));
    await t.surfaceSnapshot.create({ data: { tenantId, serverId: server.id, hash: 'h1', surface: { format: 1 } } });
    seen(
      'SurfaceSnapshot',
      await t.surfaceSnapshot.findUnique({ where: { serverId_hash: { serverId: server.id, hash: 'h1' } } }),
    );
    await t.surfaceChange.create({
      data: {
        tenantId,
        serverId: server.id,
        fromHash: 'h0',
        toHash: 'h1',
        diff: {},
        loud: false,
        source: 'run',
        runId: run.id,
      },
    });
    seen('SurfaceChange', await t.surfaceChange.findFirst({ where: { runId: run.id } }));
    const monitor = await t.monitor.create({ data: { tenantId, serverId: server.id, badgeKey: 'ub_smoke' } });
    expect(seen('Monitor', await t.monitor.findUnique({ where: { serverId: server.id } })).state).toBe('UNKNOWN');
    await t.monitorDay.create({
      data: { tenantId, monitorId: monitor.id, day: new Date('2026-11-27'), checks: 1, latencyBuckets: [1] },
    });
    seen('MonitorDay', await t.monitorDay.findFirst({ where: { monitorId: monitor.id } }));
    await t.monitorIncident.create({
      data: { tenantId, monitorId: monitor.id, startedAt: new Date(), reason: 'connect_failed' },
    });
    seen('MonitorIncident', await t.monitorIncident.findFirst({ where: { monitorId: monitor.id } }));
    await t.suiteDay.create({ data: { tenantId, suiteId: suite.id, day: new Date('2026-11-27'), runs: 1 } });
    seen('SuiteDay', await t.suiteDay.findFirst({ where: { suiteId: suite.id } }));
    await t.baseline.create({ data: { tenantId, suiteId: suite.id, runId: run.id, results: { echo: 'PASS' } } });
    seen('Baseline', await t.baseline.findUnique({ where: { suiteId: suite.id } }));
    const webhook = await t.webhook.create({
      data: {
        tenantId,
        projectId: project.id,
        url: 'https://hooks.example',
        secretEncrypted: new Uint8Array([1, 2, 3]),
        secretKeyId: 'k',
        events: ['run.failed'],
      },
    });
    expect(seen('Webhook', await t.webhook.findUnique({ where: { id: webhook.id } })).events).toEqual(['run.failed']);
    await t.webhookDelivery.create({
      data: { tenantId, webhookId: webhook.id, runId: run.id, event: 'run.failed', payload: { type: 'run.failed' } },
    });
    expect(
      seen('WebhookDelivery', await t.webhookDelivery.findFirst({ where: { webhookId: webhook.id } })).status,
    ).toBe('PENDING');
    await t.runOutbox.create({ data: { tenantId, runId: run.id, kind: 'run.finished', payload: { deliveryIds: [] } } });
    expect(seen('RunOutbox', await t.runOutbox.findUnique({ where: { runId: run.id } })).doneAt).toBeNull();
    await t.auditLog.create({
      data: { tenantId, actorUserId: user.id, action: 'suite.create', targetType: 'suite', targetId: suite.id },
    });
    seen('AuditLog', await t.auditLog.findFirst({ where: { action: 'suite.create' } }));

    const models = (await loadDatamodel()).models.map((m) => m.name).sort();
    expect([...covered].sort()).toEqual(models);
  });

  it('keeps idempotency: one result per run, assertion and trial', async () => {
    const { db } = database;
    const tenant = await db.global.tenant.findUniqueOrThrow({ where: { slug: 'smoke' } });
    const t = db.tenant(tenant.id);
    const run = await t.run.findFirstOrThrow();
    await expect(
      t.assertionResult.create({
        data: { tenantId: tenant.id, runId: run.id, assertionKey: 'echo', name: 'echo', status: 'FAIL' },
      }),
    ).rejects.toThrow(/Unique constraint/);
  });
});

describe('npm run admin -- tenant create', () => {
  const admin = (args: string[]) =>
    spawnSync(path.resolve('node_modules/.bin/tsx'), ['packages/db/src/bin/admin.ts', ...args], {
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: 'utf8',
    });

  it('prints the tenant and an admin token whose hash is stored', async () => {
    const result = admin(['tenant', 'create', '--name', 'Acme Robotics', '--owner', 'Owner@Acme.example']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const out = JSON.parse(result.stdout) as { tenant: { id: string; slug: string }; token: string };
    expect(out.tenant.slug).toBe('acme-robotics');
    expect(out.token).toMatch(/^mcpt_[A-Za-z0-9_-]{43}$/);
    const { db } = database;
    const token = await db
      .tenant(out.tenant.id)
      .apiToken.findUniqueOrThrow({ where: { tokenHash: hashToken(out.token) } });
    expect(token.scopes).toEqual(['ADMIN']);
    expect(token.prefix).toBe(out.token.slice(0, 11));
    const membership = await db.tenant(out.tenant.id).membership.findFirstOrThrow({ include: { user: true } });
    expect([membership.role, membership.user.email]).toEqual(['OWNER', 'owner@acme.example']);

    const again = JSON.parse(
      admin(['tenant', 'create', '--name', 'Acme Robotics', '--owner', 'x@acme.example']).stdout,
    ) as typeof out;
    expect(again.tenant.slug).toMatch(/^acme-robotics-[0-9a-f]{6}$/);
    // Two cold starts of the admin command through tsx: about 2 s of CPU each, several times that on a busy CI machine.
  }, 120_000);

  it('exits 2 with usage on bad arguments', { timeout: 60_000 }, () => {
    const result = admin(['tenant', 'create', '--name', 'X', '--owner', 'not-an-email']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--owner must be an email address/);
    expect(result.stderr).toMatch(/usage: npm run admin/);
  });
});
