import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { loadDatamodel } from '../../../../test/dmmf';
import { DbError } from '../errors';
import { needsTenantSetting, RLS_MODELS, TENANT_MODELS, scopeArgs } from './tenant-scope';

const database = useTestDatabase();

describe('scopeArgs (pure)', () => {
  const T = 'tenant_a';
  const cases: [string, string, Record<string, unknown> | undefined, Record<string, unknown>][] = [
    ['findMany without args', 'findMany', undefined, { where: { tenantId: T } }],
    ['findUnique keeps the unique key', 'findUnique', { where: { id: 'x' } }, { where: { id: 'x', tenantId: T } }],
    ['count', 'count', { where: { status: 'QUEUED' } }, { where: { status: 'QUEUED', tenantId: T } }],
    ['create stamps data', 'create', { data: { name: 'p' } }, { data: { name: 'p', tenantId: T } }],
    [
      'createMany stamps each row',
      'createMany',
      { data: [{ a: 1 }, { a: 2 }] },
      {
        data: [
          { a: 1, tenantId: T },
          { a: 2, tenantId: T },
        ],
      },
    ],
    ['same tenant id is accepted', 'create', { data: { tenantId: T } }, { data: { tenantId: T } }],
    [
      'update scopes where',
      'update',
      { where: { id: 'x' }, data: { name: 'n' } },
      { where: { id: 'x', tenantId: T }, data: { name: 'n' } },
    ],
    ['deleteMany', 'deleteMany', { where: {} }, { where: { tenantId: T } }],
    [
      'upsert scopes where and create',
      'upsert',
      { where: { id: 'x' }, create: { name: 'n' }, update: { name: 'm' } },
      { where: { id: 'x', tenantId: T }, create: { name: 'n', tenantId: T }, update: { name: 'm' } },
    ],
  ];
  it.each(cases)('%s', (_name, op, args, expected) => {
    expect(scopeArgs(T, 'project', op, args)).toEqual(expected);
  });

  const refused: [string, string, Record<string, unknown>][] = [
    ['another tenant in where', 'findMany', { where: { tenantId: 'tenant_b' } }],
    ['a tenant filter object in where', 'findFirst', { where: { tenantId: { in: ['tenant_a', 'tenant_b'] } } }],
    ['another tenant in create data', 'create', { data: { tenantId: 'tenant_b' } }],
    ['a tenant relation in create data', 'create', { data: { tenant: { connect: { id: 'tenant_b' } } } }],
    ['moving a row to another tenant', 'update', { where: { id: 'x' }, data: { tenantId: 'tenant_b' } }],
    ['moving rows via updateMany', 'updateMany', { where: {}, data: { tenantId: 'tenant_b' } }],
    ['an unknown operation', 'findRaw', {}],
  ];
  it.each(refused)('refuses %s', (_name, op, args) => {
    expect(() => scopeArgs(T, 'project', op, args)).toThrow(DbError);
  });
});

describe('TENANT_MODELS', () => {
  it('lists exactly the models with a tenantId field', async () => {
    const datamodel = await loadDatamodel();
    const withTenant = datamodel.models
      .filter((m) => m.fields.some((f) => f.name === 'tenantId'))
      .map((m) => m.name[0]?.toLowerCase() + m.name.slice(1));
    expect([...TENANT_MODELS].sort()).toEqual(withTenant.sort());
  });

  it('marks every table holding a sealed secret as row-level secured, in the scope and in Postgres', async () => {
    // A sealed secret is a Bytes column named *Encrypted (secret-box envelopes); found in the schema, not listed here,
    // so a new one cannot be forgotten.
    const datamodel = await loadDatamodel();
    const sealed = datamodel.models
      .filter((m) => m.fields.some((f) => f.type === 'Bytes' && /Encrypted$/.test(f.name)))
      .map((m) => m.dbName ?? m.name)
      .sort();
    expect(sealed).toEqual(expect.arrayContaining(['Server', 'SuiteTriggerSecret', 'Webhook']));
    expect([...RLS_MODELS].sort()).toEqual(sealed.map((name) => name[0]!.toLowerCase() + name.slice(1)));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const tables = await client.query<{ table: string; enabled: boolean; forced: boolean; policy: string | null }>(
        `SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
                (SELECT p.qual || ' / ' || p.with_check FROM pg_policies p
                  WHERE p.tablename = c.relname AND p.cmd = 'ALL' AND p.permissive = 'PERMISSIVE') AS policy
           FROM pg_class c WHERE c.relname = ANY($1::text[]) ORDER BY c.relname`,
        [sealed],
      );
      const policy = `("tenantId" = current_setting('app.tenant_id'::text, true)) / ("tenantId" = current_setting('app.tenant_id'::text, true))`;
      expect(tables.rows).toEqual(sealed.map((table) => ({ table, enabled: true, forced: true, policy })));
    } finally {
      await client.end();
    }
  });
});

describe('tenant scope against Postgres', () => {
  let a: string;
  let b: string;
  let projectA: string;
  let projectB: string;
  let serverB: string;
  let suiteB: string;

  beforeAll(async () => {
    const { db } = database;
    a = (await db.global.tenant.create({ data: { slug: 'scope-a', name: 'A' } })).id;
    b = (await db.global.tenant.create({ data: { slug: 'scope-b', name: 'B' } })).id;
    projectA = (await db.tenant(a).project.create({ data: { tenantId: a, name: 'PA', slug: 'pa' } })).id;
    projectB = (await db.tenant(b).project.create({ data: { tenantId: b, name: 'PB', slug: 'pb' } })).id;
    await db
      .tenant(a)
      .server.create({ data: { tenantId: a, projectId: projectA, name: 'sa', url: 'https://a.example/mcp' } });
    serverB = (
      await db
        .tenant(b)
        .server.create({ data: { tenantId: b, projectId: projectB, name: 'sb', url: 'https://b.example/mcp' } })
    ).id;
    suiteB = (
      await db.tenant(b).suite.create({
        data: {
          tenantId: b,
          projectId: projectB,
          serverId: serverB,
          name: 'qb',
          yaml: 'assertions: []',
          badgeKey: 'scope-b',
        },
      })
    ).id;
    await db.tenant(b).suiteTriggerSecret.create({
      data: { tenantId: b, suiteId: suiteB, secretEncrypted: new Uint8Array([1, 2, 3]), secretKeyId: 'k' },
    });
  });

  it('reads only its own rows', async () => {
    const { db } = database;
    expect((await db.tenant(a).project.findMany()).map((p) => p.id)).toEqual([projectA]);
    expect(await db.tenant(a).project.findUnique({ where: { id: projectB } })).toBeNull();
    expect(await db.tenant(a).project.count()).toBe(1);
    expect((await db.tenant(a).server.findMany()).map((s) => s.name)).toEqual(['sa']);
    expect(await db.tenant(a).server.findUnique({ where: { id: serverB } })).toBeNull();
  });

  it('cannot update or delete another tenant’s row by id', async () => {
    const { db } = database;
    await expect(
      db.tenant(a).project.update({ where: { id: projectB }, data: { name: 'hijacked' } }),
    ).rejects.toThrow();
    expect((await db.tenant(a).project.deleteMany({ where: { id: projectB } })).count).toBe(0);
    expect((await db.tenant(a).server.updateMany({ where: { id: serverB }, data: { name: 'x' } })).count).toBe(0);
    expect((await db.tenant(b).project.findUnique({ where: { id: projectB } }))?.name).toBe('PB');
  });

  it('refuses to write a row for another tenant', async () => {
    const { db } = database;
    await expect(
      db.tenant(a).project.create({ data: { tenantId: b, name: 'sneaky', slug: 'sneaky' } }),
    ).rejects.toMatchObject({ code: 'tenant_scope_violation' });
    expect(await db.tenant(b).project.count()).toBe(1);
  });

  it('follows relations into row-secured tables within the scope', async () => {
    const { db } = database;
    const project = await db.tenant(b).project.findUnique({ where: { id: projectB }, include: { servers: true } });
    expect(project?.servers.map((s) => s.id)).toEqual([serverB]);
    // A select naming the relation reaches it the same way; one of scalars alone reads the project's own row.
    const selected = await db.tenant(b).project.findUnique({
      where: { id: projectB },
      select: { name: true, servers: { select: { id: true } } },
    });
    expect(selected).toEqual({ name: 'PB', servers: [{ id: serverB }] });
    expect(await db.tenant(b).project.findUnique({ where: { id: projectB }, select: { name: true } })).toEqual({
      name: 'PB',
    });
  });

  it.each([
    ['server', undefined, true],
    ['server', { select: { id: true } }, true],
    ['run', undefined, false],
    ['run', { where: { id: 'r' } }, false],
    ['run', { select: { id: true, status: false } }, false],
    ['run', { include: { conformance: true } }, true],
    ['run', { select: { id: true, server: true } }, true],
    ['run', { select: { id: true, notAColumn: true } }, true],
    ['run', { select: { id: true, server: { select: { url: true } } } }, true],
    ['project', { select: { _count: { select: { servers: true } } } }, true],
    [
      'run',
      { where: { tenantId: 't', OR: [{ status: 'PASSED' }, { id: { in: ['a'] } }] }, select: { id: true } },
      false,
    ],
    ['run', { where: { server: { name: 'x' } }, select: { id: true } }, true],
    ['run', { where: { AND: [{ NOT: { server: { is: null } } }] } }, true],
    ['run', { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } }, false],
    ['run', { orderBy: { server: { name: 'asc' } } }, true],
  ] as const)('%s %j needs the tenant setting: %s', (model, args, expected) => {
    expect(needsTenantSetting(model, args as never)).toBe(expected);
  });

  it('scopes every query inside a transaction', async () => {
    const { db } = database;
    const names = await db.tenant(a).transaction(async (tx) => {
      await tx.project.create({ data: { tenantId: a, name: 'PA2', slug: 'pa2' } });
      return (await tx.server.findMany()).map((s) => s.name);
    });
    expect(names).toEqual(['sa']);
    expect(await db.tenant(a).project.count()).toBe(2);
  });

  it('row-level security hides secret tables from a connection that did not set the tenant', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const role = await client.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
        'SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user',
      );
      // The app role must be an ordinary role, or RLS is silently bypassed (npm test's set-up creates one).
      expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
      expect((await client.query('SELECT count(*)::int AS n FROM "Server"')).rows[0]).toEqual({ n: 0 });
      expect((await client.query('SELECT count(*)::int AS n FROM "Project"')).rows[0]?.n).toBeGreaterThan(0);
      await client.query('BEGIN');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [a]);
      expect((await client.query('SELECT name FROM "Server"')).rows).toEqual([{ name: 'sa' }]);
      await expect(
        client.query(
          `INSERT INTO "Server" (id, "tenantId", "projectId", name, url, "updatedAt") VALUES ('x', $1, $2, 'evil', 'https://e', now())`,
          [b, projectB],
        ),
      ).rejects.toThrow(/row-level security/);
      await client.query('ROLLBACK');
      // The suites' GitHub trigger secrets: B's row is invisible without the setting and from A's, visible in B's.
      expect((await client.query('SELECT count(*)::int AS n FROM "SuiteTriggerSecret"')).rows[0]).toEqual({ n: 0 });
      expect((await client.query('SELECT count(*)::int AS n FROM "Suite"')).rows[0]?.n).toBeGreaterThan(0);
      for (const [tenant, expected] of [
        [a, 0],
        [b, 1],
      ] as const) {
        await client.query('BEGIN');
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenant]);
        const seen = await client.query('SELECT "suiteId" FROM "SuiteTriggerSecret" WHERE "suiteId" = $1', [suiteB]);
        expect(seen.rowCount, `as tenant ${tenant === a ? 'A' : 'B'}`).toBe(expected);
        await client.query('ROLLBACK');
      }
      await client.query('BEGIN');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [a]);
      await expect(
        client.query(
          `INSERT INTO "SuiteTriggerSecret" ("suiteId", "tenantId", "secretEncrypted", "secretKeyId") VALUES ($1, $2, '\\x00', 'k')`,
          [suiteB, b],
        ),
      ).rejects.toThrow(/row-level security/);
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
  });

  it('deleting a tenant cascades through its row-secured rows', async () => {
    const { db } = database;
    const t = await db.global.tenant.create({ data: { slug: 'gone', name: 'Gone' } });
    const p = await db.tenant(t.id).project.create({ data: { tenantId: t.id, name: 'p', slug: 'p' } });
    await db.tenant(t.id).server.create({ data: { tenantId: t.id, projectId: p.id, name: 's', url: 'https://g/mcp' } });
    await db.global.tenant.delete({ where: { id: t.id } });
    expect(await db.tenant(t.id).server.count()).toBe(0);
  });
});
