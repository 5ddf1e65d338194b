// GET/PUT /policy over the route as Next calls it: env from process.env, real Postgres and Redis.
import { defaultExecPolicy } from '@mcptest/core';
import { createTenant, generateApiToken } from '@mcptest/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../test/route-env';
import type * as PolicyRoute from './route';
import type * as ServiceDepsModule from '@/server/services/get-service-deps';
import type { PolicyResource } from '@/server/services/policy/policy-schemas';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

/** The error answer; a test reads it where it expects one. */
interface ErrorJson {
  error: { code: string; message: string; details: { path: string; message: string }[] };
}

let routes: {
  policy: typeof PolicyRoute;
  deps: typeof ServiceDepsModule;
};
let tenant: { id: string; admin: string };

async function call(handler: typeof routes.policy.GET, token: string, method = 'GET', body?: unknown) {
  const request = new Request('http://localhost/api/v1/policy', {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const response = await handler(request, { params: Promise.resolve({}) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as PolicyResource & ErrorJson };
}

const put = (token: string, body: unknown) => call(routes.policy.PUT, token, 'PUT', body);

async function makeToken(scopes: ('READ' | 'ADMIN')[], projectId?: string): Promise<string> {
  const { token, tokenHash, prefix } = generateApiToken();
  await testDb.db.tenant(tenant.id).apiToken.create({
    data: { tenantId: tenant.id, name: 't', tokenHash, prefix, scopes, projectId: projectId ?? null },
  });
  return token;
}

beforeAll(async () => {
  routes = {
    policy: await import('./route'),
    deps: await import('@/server/services/get-service-deps'),
  };
  const created = await createTenant(testDb.db, { name: 'Policy', ownerEmail: 'policy@example.test' });
  tenant = { id: created.tenant.id, admin: created.token };
});

describe('policy API', () => {
  it('shows the defaults with the plan, stores a new policy, and caps limits by the plan', async () => {
    // The plan table in force (MCPTEST_PLAN_LIMITS may override the defaults).
    const free = routes.deps.getServiceDeps().plans.FREE;
    const read = await makeToken(['READ']);
    const initial = await call(routes.policy.GET, read);
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({
      policy: defaultExecPolicy(),
      plan: 'FREE',
      limits: free,
      effective: { maxCallsPerRun: free.maxCallsPerRun, dailyCalls: free.dailyCalls },
    });

    const updated = await put(tenant.admin, {
      execute_destructive: true,
      max_calls: 50,
      daily_call_budget: 1_000_000,
      annotation_trust: 'cap',
      overrides: [{ tool: 'admin_*', class: 'Destructive' }],
      destructive_words: ['nuke'],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.policy).toEqual({
      ...defaultExecPolicy(),
      execute_destructive: true,
      max_calls: 50,
      daily_call_budget: 1_000_000,
      annotation_trust: 'cap',
      overrides: [{ tool: 'admin_*', class: 'Destructive' }],
      destructive_words: ['nuke'],
    });
    // The policy narrows the plan, never widens it.
    expect(updated.body.effective).toEqual({ maxCallsPerRun: 50, dailyCalls: free.dailyCalls });
    expect((await call(routes.policy.GET, read)).body).toEqual(updated.body);
    const row = await testDb.db.global.tenant.findUnique({ where: { id: tenant.id }, select: { execPolicy: true } });
    expect(row?.execPolicy).toEqual(updated.body.policy);

    // PUT replaces: absent knobs go back to their defaults.
    const reset = await put(tenant.admin, { concurrency: 4 });
    expect(reset.body.policy).toEqual({ ...defaultExecPolicy(), concurrency: 4 });

    const audit = await testDb.db.tenant(tenant.id).auditLog.findMany({
      where: { action: 'policy.update' },
      orderBy: { createdAt: 'asc' },
      select: { metadata: true },
    });
    expect(audit).toHaveLength(2);
    expect((audit[1]?.metadata as { changed: string[] }).changed.sort()).toEqual(
      [
        'annotation_trust',
        'concurrency',
        'daily_call_budget',
        'destructive_words',
        'execute_destructive',
        'max_calls',
        'overrides',
      ].sort(),
    );
  });

  it('refuses a misspelt knob or a bad value naming it, and leaves the stored policy alone', async () => {
    const before = (await call(routes.policy.GET, tenant.admin)).body.policy;
    const typo = await put(tenant.admin, { execute_destructiv: true });
    expect(typo.status).toBe(400);
    expect(typo.body.error.code).toBe('validation_failed');
    expect(typo.body.error.message).toContain('execute_destructiv');

    const bad = await put(tenant.admin, { concurrency: 0, annotation_trust: 'sometimes', overrides: [{ tool: 'x' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d) => d.path)).toEqual(
      expect.arrayContaining(['concurrency', 'annotation_trust', 'overrides[0].class']),
    );
    expect((await call(routes.policy.GET, tenant.admin)).body.policy).toEqual(before);
  });

  it('needs admin to change it, and a token restricted to a project cannot', async () => {
    const read = await makeToken(['READ']);
    expect((await put(read, {})).status).toBe(403);
    const project = await testDb.db
      .tenant(tenant.id)
      .project.create({ data: { tenantId: tenant.id, name: 'p', slug: 'p' } });
    const restricted = await makeToken(['ADMIN'], project.id);
    expect((await call(routes.policy.GET, restricted)).status).toBe(200);
    const denied = await put(restricted, { execute_destructive: true });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toContain('restricted');
  });
});
