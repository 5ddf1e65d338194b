import { listKeys } from '../scan-keys';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestRedis } from '../../../../test/redis';
import { createFairAdmission, type AdmittedRun } from './fair-admission';

const testRedis = useTestRedis();
let seq = 0;
const LEASE_MS = 1_000;
const TENANTS = ['A', 'B', 'C'] as const;

type Op =
  | { kind: 'push'; tenant: number; cap: number; reuse: number | null }
  | { kind: 'admit' }
  | { kind: 'admitAll'; max: number }
  | { kind: 'release'; pick: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'renew'; pick: number }
  | { kind: 'hold'; pick: number }
  // Quarter leases, so lease expiries often fall exactly on `now`.
  | { kind: 'tick'; ms: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('push'),
      tenant: fc.nat(2),
      cap: fc.nat(2),
      // Sometimes a run pushed before: idempotency, and re-queueing after an expired lease.
      reuse: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.nat(20), weight: 1 }),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('admit') }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('admitAll'), max: fc.nat(4) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('release'), pick: fc.nat(20) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('remove'), pick: fc.nat(20) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('renew'), pick: fc.nat(20) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('hold'), pick: fc.nat(20) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('tick'), ms: fc.constantFrom(250, 500, 1_000) }), weight: 2 },
);

/**
 * The reference: plain arrays and maps doing what the scripts promise (see fair-scripts.ts), including where a
 * tenant goes in the round. Besides comparing every answer with it, the test checks the properties directly (cap,
 * FIFO, no double admission, nothing admissible left behind an empty answer).
 */
class Model {
  now = 0;
  ring: string[] = [];
  /** Tenant -> earliest lease expiry (Infinity without leases), like the `parked` ZSET. */
  parked = new Map<string, number>();
  queues = new Map<string, string[]>();
  active = new Map<string, Map<string, number>>();
  caps = new Map<string, number>();
  everAdmitted = new Set<string>();

  activeOf(t: string): Map<string, number> {
    let a = this.active.get(t);
    if (!a) this.active.set(t, (a = new Map()));
    return a;
  }
  queueOf(t: string): string[] {
    let q = this.queues.get(t);
    if (!q) this.queues.set(t, (q = []));
    return q;
  }
  private cap(t: string): number {
    return this.caps.get(t) ?? 0;
  }
  private isKnown(t: string): boolean {
    return this.queueOf(t).length > 0 || this.activeOf(t).size > 0;
  }
  purge(t: string): void {
    for (const [run, expiry] of this.activeOf(t)) if (expiry <= this.now) this.activeOf(t).delete(run);
  }
  pendingTenant(run: string): string | undefined {
    for (const [t, q] of this.queues) if (q.includes(run)) return t;
    return undefined;
  }
  holds(t: string, run: string): boolean {
    const expiry = this.activeOf(t).get(run);
    return expiry !== undefined && expiry > this.now;
  }
  private park(t: string): void {
    this.parked.set(t, Math.min(Infinity, ...this.activeOf(t).values()));
  }
  private place(t: string): void {
    this.purge(t);
    if (this.activeOf(t).size >= this.cap(t)) this.park(t);
    else this.ring.push(t);
  }
  private unparkIfFree(t: string): void {
    if (this.parked.has(t) && this.activeOf(t).size < this.cap(t)) {
      this.parked.delete(t);
      this.ring.push(t);
    }
  }
  private unqueue(t: string, run: string): void {
    const q = this.queueOf(t);
    q.splice(q.indexOf(run), 1);
    if (q.length === 0) {
      if (this.ring.includes(t)) this.ring.splice(this.ring.indexOf(t), 1);
      this.parked.delete(t);
    }
  }
  /** The scripts forget an idle tenant's cap whenever an operation may have left it idle. */
  private forgetIfIdle(t: string): void {
    if (!this.isKnown(t)) this.caps.delete(t);
  }

  push(t: string, run: string, cap: number): boolean {
    if (this.pendingTenant(run) !== undefined || this.holds(t, run)) {
      if (this.isKnown(t)) {
        this.caps.set(t, cap);
        this.unparkIfFree(t);
      }
      return false;
    }
    this.activeOf(t).delete(run);
    this.caps.set(t, cap);
    const q = this.queueOf(t);
    q.push(run);
    if (q.length === 1) this.place(t);
    else this.unparkIfFree(t);
    return true;
  }
  admit(max: number): AdmittedRun[] {
    const due = [...this.parked]
      .filter(([, score]) => score <= this.now)
      .sort(([a, x], [b, y]) => x - y || (a < b ? -1 : 1));
    for (const [t] of due) {
      this.parked.delete(t);
      this.ring.push(t);
    }
    const out: AdmittedRun[] = [];
    while (out.length < max) {
      const t = this.ring.shift();
      if (t === undefined) break;
      this.purge(t);
      const q = this.queueOf(t);
      let slots = this.activeOf(t).size;
      if (slots < this.cap(t) && q.length > 0) {
        const run = q.shift()!;
        this.activeOf(t).set(run, this.now + LEASE_MS);
        slots += 1;
        out.push({ tenantId: t, runId: run });
      }
      if (q.length > 0) {
        if (slots < this.cap(t)) this.ring.push(t);
        else this.park(t);
      }
    }
    return out;
  }
  /** Whether some tenant could be admitted right now (for the "empty answer means nothing admissible" property). */
  anyAdmissible(): boolean {
    return [...this.queues].some(([t, q]) => {
      const live = [...this.activeOf(t).values()].filter((e) => e > this.now).length;
      return q.length > 0 && live < this.cap(t);
    });
  }
  release(t: string, run: string): void {
    this.activeOf(t).delete(run);
    this.purge(t);
    this.unparkIfFree(t);
    this.forgetIfIdle(t);
  }
  remove(t: string, run: string): boolean {
    if (this.pendingTenant(run) !== t) return false;
    this.unqueue(t, run);
    this.forgetIfIdle(t);
    return true;
  }
  renew(t: string, run: string): boolean {
    if (this.holds(t, run)) {
      this.activeOf(t).set(run, Math.max(this.activeOf(t).get(run)!, this.now + LEASE_MS));
      if (this.parked.has(t)) this.park(t);
      return true;
    }
    if (this.activeOf(t).delete(run)) {
      this.unparkIfFree(t);
      this.forgetIfIdle(t);
    }
    return false;
  }
  hold(t: string, run: string): void {
    if (this.pendingTenant(run) === t) this.unqueue(t, run);
    this.activeOf(t).set(run, Math.max(this.activeOf(t).get(run) ?? -Infinity, this.now + LEASE_MS));
    if (this.parked.has(t)) this.park(t);
  }
  stats() {
    const tenants = TENANTS.flatMap((t) => {
      this.purge(t);
      const pending = this.queueOf(t).length;
      const active = this.activeOf(t).size;
      if (pending === 0 && active === 0) {
        this.caps.delete(t);
        return [];
      }
      return [{ tenantId: t, pending, active, cap: this.caps.get(t) ?? null }];
    });
    return {
      pending: tenants.reduce((s, t) => s + t.pending, 0),
      active: tenants.reduce((s, t) => s + t.active, 0),
      tenants,
    };
  }
  /** Runs the test may name in release/renew/hold/remove: everything ever pushed, plus one never seen. */
  known: AdmittedRun[] = [{ tenantId: 'A', runId: 'ghost' }];
}

describe('fair admission against a model', () => {
  it('answers like the model over random sequences and never admits over the cap', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 60 }), async (ops) => {
        const prefix = `${testRedis.prefix}:m${(seq += 1)}`;
        const model = new Model();
        const fair = createFairAdmission({
          redis: testRedis.redis,
          prefix,
          leaseMs: LEASE_MS,
          now: () => model.now,
        });
        let runs = 0;
        let pushes = 0;
        /** When each run was (last) queued, and the latest of those admitted per tenant: FIFO within a tenant. */
        const queuedAt = new Map<string, number>();
        const lastAdmittedOf = new Map<string, number>();

        const checkAdmission = (a: AdmittedRun | null, expected: AdmittedRun | null) => {
          expect(a).toEqual(expected);
          if (!a) return;
          // Direct properties, independent of the model's bookkeeping.
          expect(model.everAdmitted.has(a.runId)).toBe(false);
          model.everAdmitted.add(a.runId);
          const live = [...model.active.get(a.tenantId)!.values()].filter((e) => e > model.now).length;
          expect(live).toBeLessThanOrEqual(model.caps.get(a.tenantId)!);
          const at = queuedAt.get(a.runId)!;
          expect(at).toBeGreaterThan(lastAdmittedOf.get(a.tenantId) ?? 0);
          lastAdmittedOf.set(a.tenantId, at);
        };

        for (const op of ops) {
          const target = 'pick' in op ? model.known[op.pick % model.known.length]! : undefined;
          switch (op.kind) {
            case 'push': {
              const t = TENANTS[op.tenant]!;
              const mine = model.known.filter((k) => k.tenantId === t && k.runId !== 'ghost');
              const run =
                op.reuse !== null && mine.length > 0
                  ? mine[op.reuse % mine.length]!
                  : { tenantId: t, runId: `${t}-${(runs += 1)}` };
              if (!mine.includes(run)) model.known.push(run);
              const expected = model.push(t, run.runId, op.cap);
              expect(await fair.push({ ...run, cap: op.cap })).toBe(expected);
              if (expected) {
                queuedAt.set(run.runId, (pushes += 1));
                // A run queued again after its lease expired may be admitted again.
                model.everAdmitted.delete(run.runId);
              }
              break;
            }
            case 'admit': {
              const expected = model.admit(1)[0] ?? null;
              if (expected === null) expect(model.anyAdmissible()).toBe(false);
              checkAdmission(await fair.admitNext(), expected);
              break;
            }
            case 'admitAll': {
              const got = await fair.admitAvailable(op.max);
              // admitAvailable(0) makes no call at all, so nothing parked is woken either.
              const expected = op.max === 0 ? [] : model.admit(op.max);
              if (op.max > 0 && expected.length < op.max) expect(model.anyAdmissible()).toBe(false);
              expect(got.length).toBe(expected.length);
              got.forEach((a, i) => checkAdmission(a, expected[i]!));
              break;
            }
            case 'release':
              model.release(target!.tenantId, target!.runId);
              await fair.release(target!);
              break;
            case 'remove':
              expect(await fair.remove(target!)).toBe(model.remove(target!.tenantId, target!.runId));
              break;
            case 'renew':
              expect(await fair.renew(target!)).toBe(model.renew(target!.tenantId, target!.runId));
              break;
            case 'hold':
              model.hold(target!.tenantId, target!.runId);
              await fair.hold(target!);
              model.everAdmitted.add(target!.runId);
              break;
            case 'tick':
              model.now += op.ms;
              break;
          }
        }
        for (const run of model.known)
          expect(await fair.isPending(run.runId)).toBe(model.pendingTenant(run.runId) !== undefined);
        expect(await fair.stats()).toEqual(model.stats());

        // Drain: once everything is released or removed, no key is left.
        for (const run of model.known) {
          await fair.remove(run);
          await fair.release(run);
        }
        expect(await fair.stats()).toEqual({ pending: 0, active: 0, tenants: [] });
        expect(await listKeys(testRedis.redis, `${prefix}:*`)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
