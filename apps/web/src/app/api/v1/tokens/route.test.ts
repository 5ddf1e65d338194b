// API tokens over the REST routes as Next calls them: env from process.env, real Postgres and Redis.
import { createTenant, generateApiToken, hashToken } from '@mcptest/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../test/route-env';
import type * as TokenRoute from './[id]/route';
import type * as TokensRoute from './route';
import type * as ServiceDepsModule from '@/server/services/get-service-deps';
import type * as CreateTokenModule from '@/server/services/tokens/create-token';
import type { CreatedToken, TokenResource } from '@/server/services/tokens/token-schemas';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** The error answer; a test reads it where it expects one. */
interface ErrorJson {
  error: { code: string; message: string; details: { path: string; message: string }[] };
}
type TokenPage = { items: TokenResource[]; nextCursor: string | null };

let routes: {
  tokens: typeof TokensRoute;
  token: typeof TokenRoute;
  deps: typeof ServiceDepsModule;
  createToken: typeof CreateTokenModule;
};
let tenantA: { id: string; admin: string };
let tenantB: { id: string; admin: string };

async function call<T>(
  handler: Handler,
  token: string,
  options: { method?: string; params?: Record<string, string>; body?: unknown; query?: string } = {},
) {
  const request = new Request(`http://localhost/api/v1/tokens${options.query ?? ''}`, {
    method: options.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  return { status: response.status, text, body: (text ? JSON.parse(text) : {}) as T & ErrorJson };
}

const create = (token: string, body: unknown) =>
  call<CreatedToken>(routes.tokens.POST, token, { method: 'POST', body });
const revoke = (token: string, id: string) =>
  call<TokenResource>(routes.token.DELETE, token, { method: 'DELETE', params: { id } });

async function project(tenantId: string, name: string): Promise<string> {
  const row = await testDb.db.tenant(tenantId).project.create({ data: { tenantId, name, slug: name.toLowerCase() } });
  return row.id;
}

beforeAll(async () => {
  routes = {
    tokens: await import('./route'),
    token: await import('./[id]/route'),
    deps: await import('@/server/services/get-service-deps'),
    createToken: await import('@/server/services/tokens/create-token'),
  };
  const a = await createTenant(testDb.db, { name: 'Tokens A', ownerEmail: 'tokens-a@example.test' });
  const b = await createTenant(testDb.db, { name: 'Tokens B', ownerEmail: 'tokens-b@example.test' });
  tenantA = { id: a.tenant.id, admin: a.token };
  tenantB = { id: b.tenant.id, admin: b.token };
});

describe('tokens API', () => {
  it('creates a token shown once, lists it without the secret, and revokes it (idempotently) so it gets 401', async () => {
    const before = Date.now();
    const created = await create(tenantA.admin, { name: 'CI', scopes: ['run', 'read', 'run'], expiresInDays: 30 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'CI',
      prefix: created.body.token.slice(0, 11),
      scopes: ['read', 'run'],
      projectId: null,
      expiresAt: expect.any(String),
      revokedAt: null,
      lastUsedAt: null,
      createdAt: expect.any(String),
      token: expect.stringMatching(/^mcpt_[A-Za-z0-9_-]{40,}$/),
    });
    const days = (Date.parse(created.body.expiresAt ?? '') - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const token = created.body.token as string;
    const row = await testDb.db.tenant(tenantA.id).apiToken.findFirst({ where: { id: created.body.id } });
    expect(row?.tokenHash).toBe(hashToken(token));

    // The new token works (read scope is enough to be authenticated; it is not admin, so listing is 403).
    expect((await call<TokenPage>(routes.tokens.GET, token)).status).toBe(403);
    const list = await call<TokenPage>(routes.tokens.GET, tenantA.admin);
    expect(list.status).toBe(200);
    expect(list.body.items.map((t) => t.id)).toContain(created.body.id);
    expect(list.text).not.toContain(token);
    expect(list.text).not.toContain(row!.tokenHash);
    expect(list.body.items.every((t) => !('token' in t) && !('tokenHash' in t))).toBe(true);
    // The admin token used lastUsedAt.
    expect(list.body.items.find((t) => t.prefix === tenantA.admin.slice(0, 11))?.lastUsedAt).not.toBeNull();

    const revoked = await revoke(tenantA.admin, created.body.id);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    const again = await revoke(tenantA.admin, created.body.id);
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    const refused = await call<TokenPage>(routes.tokens.GET, token);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('unauthorized');

    const got = await call<TokenResource>(routes.token.GET, tenantA.admin, { params: { id: created.body.id } });
    expect(got.body).toMatchObject({ id: created.body.id, revokedAt: revoked.body.revokedAt });

    const audit = await testDb.db
      .tenant(tenantA.id)
      .auditLog.findMany({ where: { targetId: created.body.id }, select: { action: true, metadata: true } });
    expect(audit.map((a) => a.action).sort()).toEqual(['token.create', 'token.revoke']);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('answers 404 for unknown and other tenants’ tokens, 401 for an expired token, 403 for a read token', async () => {
    expect((await revoke(tenantA.admin, 'nope')).status).toBe(404);
    const theirs = await create(tenantB.admin, { name: 'theirs', scopes: ['read'] });
    expect((await revoke(tenantA.admin, theirs.body.id)).status).toBe(404);
    expect(
      (await call<TokenResource>(routes.token.GET, tenantA.admin, { params: { id: theirs.body.id } })).status,
    ).toBe(404);
    expect((await call<TokenPage>(routes.tokens.GET, tenantA.admin)).text).not.toContain(theirs.body.id);

    const expired = generateApiToken();
    await testDb.db.tenant(tenantA.id).apiToken.create({
      data: {
        tenantId: tenantA.id,
        name: 'expired',
        tokenHash: expired.tokenHash,
        prefix: expired.prefix,
        scopes: ['ADMIN'],
        expiresAt: new Date(Date.now() - 1000),
      },
    });
    const answer = await call<TokenPage>(routes.tokens.GET, expired.token);
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toContain('expired');

    const read = await create(tenantA.admin, { name: 'reader', scopes: ['read'] });
    const denied = await create(read.body.token, { name: 'escalate', scopes: ['admin'] });
    expect(denied.status).toBe(403);
  });

  it('validates the body: scopes non-empty and known, one expiry form, in the future', async () => {
    const empty = await create(tenantA.admin, { name: 'x', scopes: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.map((d) => d.path)).toContain('scopes');
    const unknown = await create(tenantA.admin, { name: 'x', scopes: ['owner'] });
    expect(unknown.body.error.details.map((d) => d.path)).toContain('scopes[0]');
    const both = await create(tenantA.admin, {
      name: 'x',
      scopes: ['read'],
      expiresAt: '2999-01-01T00:00:00Z',
      expiresInDays: 3,
    });
    expect(both.status).toBe(400);
    expect(both.body.error.details.map((d) => d.path)).toContain('expiresInDays');
    const past = await create(tenantA.admin, { name: 'x', scopes: ['read'], expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.error.details).toEqual([{ path: 'expiresAt', message: 'must be in the future' }]);
    const extra = await create(tenantA.admin, { name: 'x', scopes: ['read'], admin: true });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toContain('admin');
  });

  it('lets a project-restricted token create tokens for its project only, and list only those', async () => {
    const projectA = await project(tenantA.id, 'RestrictedA');
    const projectB = await project(tenantA.id, 'RestrictedB');
    const restricted = await create(tenantA.admin, { name: 'project admin', scopes: ['admin'], projectId: projectA });
    expect(restricted.status).toBe(201);
    expect(restricted.body.projectId).toBe(projectA);
    const token = restricted.body.token as string;

    const unrestricted = await create(token, { name: 'x', scopes: ['read'] });
    expect(unrestricted.status).toBe(403);
    expect(unrestricted.body.error.message).toContain('projectId');
    expect((await create(token, { name: 'x', scopes: ['read'], projectId: projectB })).status).toBe(404);
    const own = await create(token, { name: 'ci for A', scopes: ['run'], projectId: projectA });
    expect(own.status).toBe(201);

    const listed = await call<TokenPage>(routes.tokens.GET, token);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((t) => t.id).sort()).toEqual([own.body.id, restricted.body.id].sort());
    // Tokens of the tenant outside the project are not its business.
    const tenantAdminRow = await testDb.db
      .tenant(tenantA.id)
      .apiToken.findFirst({ where: { tokenHash: hashToken(tenantA.admin) } });
    expect((await revoke(token, tenantAdminRow!.id)).status).toBe(404);

    expect((await create(tenantA.admin, { name: 'x', scopes: ['read'], projectId: 'missing' })).status).toBe(404);
  });

  it('never hands out more than the creator has: scopes and lifetime', async () => {
    const { createToken } = routes.createToken;
    const deps = routes.deps.getServiceDeps();
    await expect(
      createToken(deps, { tenantId: tenantA.id, scopes: ['run'] }, { name: 'x', scopes: ['read', 'admin'] }),
    ).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('admin') });

    const shortLived = await create(tenantA.admin, { name: 'short', scopes: ['admin'], expiresInDays: 1 });
    const inherits = await create(shortLived.body.token, { name: 'child', scopes: ['read'] });
    expect(inherits.status).toBe(201);
    expect(inherits.body.expiresAt).toBe(shortLived.body.expiresAt);
    const outlives = await create(shortLived.body.token, { name: 'child', scopes: ['read'], expiresInDays: 30 });
    expect(outlives.status).toBe(400);
    expect(outlives.body.error.details[0]?.path).toBe('expiresInDays');
  });

  it('pages the list newest first', async () => {
    const ids: string[] = [];
    for (const name of ['p1', 'p2', 'p3']) ids.push((await create(tenantA.admin, { name, scopes: ['read'] })).body.id);
    const first = await call<TokenPage>(routes.tokens.GET, tenantA.admin, { query: '?limit=2' });
    expect(first.body.items.map((t) => t.id)).toEqual([ids[2], ids[1]]);
    const second = await call<TokenPage>(routes.tokens.GET, tenantA.admin, {
      query: `?limit=2&cursor=${first.body.nextCursor}`,
    });
    expect(second.body.items[0]?.id).toBe(ids[0]);
  });
});
