import { z } from 'zod';
import type { Redis } from '../redis';
import { defineFairCommands } from './fair-scripts';
import { fairKeys, tenantKey } from './fair-keys';

/**
 * How long a slot stays reserved without a renewal: a worker that died frees its tenant's slot after this. The lease
 * starts at admission, so it must also outlast the wait of an admitted job in BullMQ while every worker is busy; a
 * run whose worker died is normally taken over by BullMQ within its lock duration (30 s) and renews the lease itself.
 */
export const DEFAULT_FAIR_LEASE_MS = 5 * 60_000;
/** Admissions per script call in admitAvailable: bounds how long one call keeps Redis busy when tenants are many. */
export const FAIR_ADMIT_BATCH = 100;

export interface FairAdmissionOptions {
  redis: Redis;
  /** REDIS_PREFIX; every key starts with `${prefix}:{fair}:`. */
  prefix: string;
  /** A slot reservation expires unless renewed within this time (a worker that died frees its slot). Default 300_000 (DEFAULT_FAIR_LEASE_MS). */
  leaseMs?: number;
  /** Epoch ms, injected for tests. Every lease expiry and expiry check uses this clock, not Redis TIME. */
  now?: () => number;
}

export interface AdmittedRun {
  tenantId: string;
  runId: string;
}

export interface FairAdmissionTenantStats {
  tenantId: string;
  pending: number;
  /** Unexpired slots (admitted or held runs). May exceed `cap` after `hold` or after the cap was lowered. */
  active: number;
  /** The cap of the tenant's latest push; null when the tenant only holds slots taken by `hold` without a cap. */
  cap: number | null;
}

export interface FairAdmission {
  /**
   * Adds a run to its tenant's pending list (FIFO) with the tenant's current cap (concurrent runs; 0 pauses the
   * tenant). Idempotent: a run already pending or already holding an unexpired slot is not added again; returns
   * whether it was added. The cap is updated either way (the latest cap wins).
   */
  push(run: AdmittedRun & { cap: number }): Promise<boolean>;
  /**
   * Atomically (one Lua script): walks tenants round-robin starting after the last admitted tenant, skipping tenants
   * at their cap (counting unexpired leases only; expired leases are purged in the same script), pops the first
   * admissible tenant's oldest run and reserves a slot (lease) for it. null when nothing is admissible.
   * A tenant found at its cap is parked out of the ring until a slot of it frees (release, raised cap, or its earliest
   * lease's expiry), so busy tenants are not re-visited on every call: each tenant is visited at most once per call,
   * O(tenants) in the worst case, and O(1) visits plus O(log tenants) when nothing changed since the last call.
   */
  admitNext(): Promise<AdmittedRun | null>;
  /** admitNext until null or `max` runs (default: no limit), in order; up to FAIR_ADMIT_BATCH per round trip. */
  admitAvailable(max?: number): Promise<AdmittedRun[]>;
  /**
   * Extends a held slot's lease to now + leaseMs (never shortens it). Returns false if the slot was not held (e.g. it
   * expired); the caller then re-acquires it with `hold`.
   */
  renew(run: AdmittedRun): Promise<boolean>;
  /**
   * Takes a slot for a run directly, bypassing the cap (a retried job resuming a run whose lease expired). A run still
   * pending under the tenant is taken out of the pending list, so it cannot be admitted a second time. `cap`, when
   * given, updates the tenant's cap as push does.
   */
  hold(run: AdmittedRun & { cap?: number }): Promise<void>;
  /** Frees the run's slot (run finished or handed back). Idempotent. Also purges the tenant's expired leases. */
  release(run: AdmittedRun): Promise<void>;
  /** Removes a run from its tenant's pending list (cancelled while queued). Returns whether it was pending there. */
  remove(run: AdmittedRun): Promise<boolean>;
  /** Whether the run is pending (not yet admitted). O(1). */
  isPending(runId: string): Promise<boolean>;
  /**
   * Whether the run holds an unexpired slot: admitted and not yet released. The reconciler treats such a run as in
   * hand (its job is being added, waits in BullMQ, or runs) until the lease runs out. O(1).
   */
  holdsSlot(run: AdmittedRun): Promise<boolean>;
  /**
   * Pending and active counts per tenant (sorted by tenant id), and totals, for metrics and docs. Also the sweep that
   * purges expired leases of tenants with nothing pending and forgets idle tenants. O(known tenants).
   */
  stats(): Promise<{ pending: number; active: number; tenants: FairAdmissionTenantStats[] }>;
}

/** A caller passed something fair admission cannot store (an empty id, a ':' in a tenant id, a negative cap). */
export class FairAdmissionInputError extends Error {
  readonly code = 'INVALID_FAIR_ADMISSION_INPUT';
  constructor(
    readonly operation: string,
    readonly issues: string,
  ) {
    super(`fair admission ${operation}: ${issues}`);
    this.name = 'FairAdmissionInputError';
  }
}

// A ':' in a tenant id would make `queue:<tenant>` keys ambiguous to anyone reading or scanning them, as elsewhere.
const tenantIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^:]+$/, "must not contain ':'");
const runIdSchema = z.string().min(1).max(200);
const capSchema = z.number().int().min(0);
const runSchema = z.object({ tenantId: tenantIdSchema, runId: runIdSchema });
const pushSchema = runSchema.extend({ cap: capSchema });
const holdSchema = runSchema.extend({ cap: capSchema.optional() });
const optionsSchema = z.object({
  prefix: z.string().min(1),
  leaseMs: z.number().int().positive().optional(),
});

function parse<T>(schema: z.ZodType<T>, operation: string, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(value)'}: ${i.message}`).join('; ');
  throw new FairAdmissionInputError(operation, issues);
}

/**
 * Fair admission of runs across tenants on one Redis: per-tenant FIFO pending lists, a round-robin ring of tenants
 * with pending runs, per-tenant leased slots bounded by the tenant's cap. Every operation is one Lua script, so any
 * number of workers and web processes can share it; see fair-scripts.ts for the keys each script touches.
 */
export function createFairAdmission(options: FairAdmissionOptions): FairAdmission {
  const { prefix, leaseMs = DEFAULT_FAIR_LEASE_MS } = parse(optionsSchema, 'options', {
    prefix: options.prefix,
    leaseMs: options.leaseMs,
  });
  const now = options.now ?? Date.now;
  const redis = defineFairCommands(options.redis);
  const keys = fairKeys(prefix);

  const clock = (): number => {
    const at = now();
    if (!Number.isFinite(at)) throw new FairAdmissionInputError('now', `clock returned ${at}`);
    return at;
  };
  /** KEYS 1..7 of the scripts that name their tenant. */
  const tenantKeys = (tenantId: string) => [
    keys.index,
    keys.ring,
    keys.parked,
    keys.caps,
    keys.tenants,
    tenantKey(prefix, 'queue', tenantId),
    tenantKey(prefix, 'active', tenantId),
  ];

  async function admit(max: number): Promise<AdmittedRun[]> {
    const at = clock();
    const flat = await redis.mcptestFairAdmit(
      keys.index,
      keys.ring,
      keys.parked,
      keys.caps,
      keys.base,
      String(at),
      String(at + leaseMs),
      max,
    );
    const admitted: AdmittedRun[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) admitted.push({ tenantId: flat[i]!, runId: flat[i + 1]! });
    return admitted;
  }

  return {
    async push(input) {
      const run = parse(pushSchema, 'push', input);
      const added = await redis.mcptestFairPush(
        ...tenantKeys(run.tenantId),
        run.tenantId,
        run.runId,
        run.cap,
        String(clock()),
      );
      return added === 1;
    },

    async admitNext() {
      return (await admit(1))[0] ?? null;
    },

    async admitAvailable(max = Number.POSITIVE_INFINITY) {
      if (!(max === Number.POSITIVE_INFINITY || (Number.isInteger(max) && max >= 0))) {
        throw new FairAdmissionInputError('admitAvailable', `max must be an integer >= 0, got ${max}`);
      }
      const all: AdmittedRun[] = [];
      while (all.length < max) {
        const want = Math.min(FAIR_ADMIT_BATCH, max - all.length);
        const batch = await admit(want);
        all.push(...batch);
        if (batch.length < want) break;
      }
      return all;
    },

    async renew(input) {
      const run = parse(runSchema, 'renew', input);
      const at = clock();
      const renewed = await redis.mcptestFairRenew(
        ...tenantKeys(run.tenantId),
        run.tenantId,
        run.runId,
        String(at),
        String(at + leaseMs),
      );
      return renewed === 1;
    },

    async hold(input) {
      const run = parse(holdSchema, 'hold', input);
      await redis.mcptestFairHold(
        ...tenantKeys(run.tenantId),
        run.tenantId,
        run.runId,
        String(clock() + leaseMs),
        run.cap === undefined ? '' : run.cap,
      );
    },

    async release(input) {
      const run = parse(runSchema, 'release', input);
      await redis.mcptestFairRelease(...tenantKeys(run.tenantId), run.tenantId, run.runId, String(clock()));
    },

    async remove(input) {
      const run = parse(runSchema, 'remove', input);
      return (await redis.mcptestFairRemove(...tenantKeys(run.tenantId), run.tenantId, run.runId)) === 1;
    },

    async isPending(runId) {
      return (await redis.hexists(keys.index, parse(runIdSchema, 'isPending', runId))) === 1;
    },

    async holdsSlot(input) {
      const run = parse(runSchema, 'holdsSlot', input);
      const expiry = await redis.zscore(tenantKey(prefix, 'active', run.tenantId), run.runId);
      return expiry !== null && Number(expiry) > clock();
    },

    async stats() {
      const rows = await redis.mcptestFairStats(keys.caps, keys.tenants, keys.base, String(clock()));
      const tenants = rows
        .map(([tenantId, pending, active, cap]) => ({
          tenantId,
          pending: Number(pending),
          active: Number(active),
          cap: cap === null ? null : Number(cap),
        }))
        .sort((a, b) => (a.tenantId < b.tenantId ? -1 : a.tenantId > b.tenantId ? 1 : 0));
      return {
        pending: tenants.reduce((sum, t) => sum + t.pending, 0),
        active: tenants.reduce((sum, t) => sum + t.active, 0),
        tenants,
      };
    },
  };
}
