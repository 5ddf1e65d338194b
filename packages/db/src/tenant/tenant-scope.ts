import type { PrismaClient } from '../generated/prisma/client';
import { Prisma } from '../generated/prisma/client';
import { DbError } from '../errors';

/**
 * Every model that belongs to a tenant (has a `tenantId` column). tenant-scope.test.ts checks this list against the
 * schema, so a new tenant-owned model cannot be forgotten here.
 */
export const TENANT_MODELS = [
  'membership',
  'invitation',
  'apiToken',
  'project',
  'server',
  'serverAuthorization',
  'suite',
  'suiteTriggerSecret',
  'suiteVersion',
  'run',
  'assertionResult',
  'baseline',
  'webhook',
  'webhookDelivery',
  'runOutbox',
  'conformanceReport',
  'surfaceSnapshot',
  'surfaceChange',
  'monitor',
  'monitorDay',
  'monitorIncident',
  'suiteDay',
  'auditLog',
] as const;
export type TenantModel = (typeof TENANT_MODELS)[number];

/**
 * Models whose tables have row-level security (the row_level_security, suite_trigger_secret_rls and server_authorization migrations): each
 * statement needs the tenant setting. Every table holding a sealed secret is one (tenant-scope.test.ts checks).
 */
export const RLS_MODELS: ReadonlySet<TenantModel> = new Set<TenantModel>([
  'server',
  'serverAuthorization',
  'suiteTriggerSecret',
  'webhook',
]);

/** The tenant-owned part of the Prisma client: model delegates only, no raw SQL, no unscoped escape hatches. */
export type TenantClient = Pick<PrismaClient, TenantModel>;

/** Tenant-scoped data access: every query is filtered by, and every write stamped with, one tenant id. */
export interface TenantDb extends TenantClient {
  readonly tenantId: string;
  /** An interactive transaction in which every query is scoped to this tenant (and row-level security sees it). */
  transaction<T>(fn: (tx: TenantClient) => Promise<T>, options?: { timeoutMs?: number }): Promise<T>;
}

const WHERE_OPS = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'delete',
  'deleteMany',
  'upsert',
]);
const CREATE_OPS = new Set(['create', 'createMany', 'createManyAndReturn']);

type Args = Record<string, unknown> | undefined;

function violation(tenantId: string, model: string, op: string, found: unknown): DbError {
  return new DbError(
    'tenant_scope_violation',
    `${model}.${op} names tenant ${String(found)} inside the scope of tenant ${tenantId}`,
    {
      model,
      op,
    },
  );
}

/** Returns `data` with tenantId set, refusing a different tenant id (a bug that would otherwise write across tenants). */
function stamp(tenantId: string, model: string, op: string, data: unknown): unknown {
  if (data === null || typeof data !== 'object') return data;
  const record = data as Record<string, unknown>;
  if ('tenantId' in record && record.tenantId !== tenantId) throw violation(tenantId, model, op, record.tenantId);
  if ('tenant' in record) {
    // A relation-style `tenant: { connect }` could point anywhere; the scope owns the tenant link.
    throw new DbError(
      'tenant_scope_violation',
      `${model}.${op}: pass tenantId, not a tenant relation, inside a tenant scope`,
    );
  }
  return { ...record, tenantId };
}

/** Pure: the scoped version of one delegate call's arguments. Exported for table tests. */
export function scopeArgs(tenantId: string, model: string, op: string, args: Args): Args {
  const next: Record<string, unknown> = { ...(args ?? {}) };
  if (WHERE_OPS.has(op)) {
    const where = (next.where ?? {}) as Record<string, unknown>;
    if ('tenantId' in where && where.tenantId !== tenantId) throw violation(tenantId, model, op, where.tenantId);
    next.where = { ...where, tenantId };
  }
  if (CREATE_OPS.has(op)) {
    next.data = Array.isArray(next.data)
      ? next.data.map((d) => stamp(tenantId, model, op, d))
      : stamp(tenantId, model, op, next.data);
  }
  if (op === 'upsert') next.create = stamp(tenantId, model, op, next.create);
  if (op === 'update' || op === 'updateMany' || op === 'updateManyAndReturn' || op === 'upsert') {
    const data = (op === 'upsert' ? next.update : next.data) as Record<string, unknown> | undefined;
    if (data && 'tenantId' in data && data.tenantId !== tenantId) throw violation(tenantId, model, op, data.tenantId);
    if (data && 'tenant' in data) throw violation(tenantId, model, op, 'relation');
  }
  if (!WHERE_OPS.has(op) && !CREATE_OPS.has(op)) {
    throw new DbError('tenant_scope_violation', `${model}.${op} is not available inside a tenant scope`);
  }
  return next;
}

/** Each tenant model's own columns (Prisma's `<Model>ScalarFieldEnum`); a missing one leaves the set empty. */
const SCALAR_FIELDS: ReadonlyMap<TenantModel, ReadonlySet<string>> = new Map(
  TENANT_MODELS.map((model) => {
    const name = `${model[0]!.toUpperCase()}${model.slice(1)}ScalarFieldEnum`;
    const fields = (Prisma as unknown as Record<string, Record<string, string> | undefined>)[name] ?? {};
    return [model, new Set(Object.keys(fields))];
  }),
);

/** Whether a `where` (through AND, OR, NOT) or an `orderBy` names anything but the model's own columns. */
function namesRelation(own: ReadonlySet<string>, clause: unknown): boolean {
  if (Array.isArray(clause)) return clause.some((item) => namesRelation(own, item));
  if (clause === null || typeof clause !== 'object') return false;
  return Object.entries(clause as Record<string, unknown>).some(([key, value]) =>
    key === 'AND' || key === 'OR' || key === 'NOT' ? namesRelation(own, value) : !own.has(key),
  );
}

/**
 * A read that follows relations may reach a row-level-secured table even when the model itself is not one: an
 * `include`, a `select` naming anything but the model's own columns (a relation, `_count`), or a `where` or `orderBy`
 * through a relation. A read of the model's own columns reads its table alone, so it needs no tenant setting, and not
 * paying for one (a transaction: BEGIN, set_config, the query, COMMIT) keeps the run page and the trend at one round
 * trip per query (docs/operations.md#data-lifecycle). Unknown names count as relations, so a mistake costs a
 * transaction, never rows. Exported for table tests.
 */
export function needsTenantSetting(model: TenantModel, args: Args): boolean {
  if (RLS_MODELS.has(model)) return true;
  if (args === undefined) return false;
  if ('include' in args) return true;
  const own = SCALAR_FIELDS.get(model) ?? new Set<string>();
  // tenantId is in every where (the scope adds it) and is a column of every tenant model.
  if (namesRelation(own, args.where) || namesRelation(own, args.orderBy)) return true;
  const select = args.select;
  if (select === undefined || select === null) return false;
  if (typeof select !== 'object') return true;
  return Object.entries(select as Record<string, unknown>).some(
    ([field, value]) => typeof value !== 'boolean' || !own.has(field),
  );
}

/**
 * How long a transaction may wait for a pooled connection. Prisma's default (2 s) failed a burst of 25 concurrent
 * scoped queries on a loaded machine although Postgres was fine; the pool's own connect timeout (5 s, client.ts) is
 * what says the database is down, so this only has to outlast a busy pool.
 */
const START_TRANSACTION_WAIT_MS = 10_000;

function setTenant(client: Pick<PrismaClient, '$executeRaw'>, tenantId: string) {
  // is_local = true: the setting ends with the transaction, so a pooled connection never carries it to another tenant.
  return client.$executeRaw`SELECT set_config('app.tenant_id', ${tenantId}, true)`;
}

type AnyDelegate = Record<string, (args: Args) => Prisma.PrismaPromise<unknown>>;

function delegateProxy(
  tenantId: string,
  model: TenantModel,
  call: (op: string, args: Args) => Promise<unknown>,
): unknown {
  return new Proxy(
    {},
    {
      get(_target, op) {
        if (typeof op !== 'string') return undefined;
        // async, so a scope violation surfaces as a rejected promise like every other query error.
        return async (args: Args) => call(op, scopeArgs(tenantId, model, op, args));
      },
    },
  );
}

function scopedClient(
  tenantId: string,
  call: (model: TenantModel, op: string, args: Args) => Promise<unknown>,
): TenantClient {
  const client: Record<string, unknown> = {};
  for (const model of TENANT_MODELS) {
    client[model] = delegateProxy(tenantId, model, (op, args) => call(model, op, args));
  }
  return client as unknown as TenantClient;
}

/** Builds the tenant scope over a Prisma client. Use `createDatabase(...).tenant(id)` rather than calling this. */
export function createTenantDb(prisma: PrismaClient, tenantId: string): TenantDb {
  if (typeof tenantId !== 'string' || tenantId.length === 0) {
    throw new DbError('tenant_scope_violation', 'a tenant scope needs a tenant id');
  }
  const outside = scopedClient(tenantId, async (model, op, args) => {
    const delegate = prisma[model] as unknown as AnyDelegate;
    const method = delegate[op];
    if (!method) throw new DbError('tenant_scope_violation', `${model}.${op} does not exist`);
    if (!needsTenantSetting(model, args)) return method.call(delegate, args);
    // A batch transaction keeps set_config and the query on one connection.
    const [, result] = await prisma.$transaction([setTenant(prisma, tenantId), method.call(delegate, args)], {
      maxWait: START_TRANSACTION_WAIT_MS,
    });
    return result;
  });
  return Object.assign(outside, {
    tenantId,
    transaction<T>(fn: (tx: TenantClient) => Promise<T>, options?: { timeoutMs?: number }): Promise<T> {
      return prisma.$transaction(
        async (tx) => {
          await setTenant(tx, tenantId);
          const inside = scopedClient(tenantId, (model, op, args) => {
            const delegate = tx[model] as unknown as AnyDelegate;
            const method = delegate[op];
            if (!method) throw new DbError('tenant_scope_violation', `${model}.${op} does not exist`);
            return method.call(delegate, args);
          });
          return fn(inside);
        },
        { timeout: options?.timeoutMs ?? 15_000, maxWait: START_TRANSACTION_WAIT_MS },
      );
    },
  });
}
