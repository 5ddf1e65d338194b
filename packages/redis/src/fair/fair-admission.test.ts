import { listKeys } from '../scan-keys';
import { describe, expect, it } from 'vitest';
import { useTestRedis } from '../../../../test/redis';
import { createFairAdmission, FairAdmissionInputError, type AdmittedRun } from './fair-admission';
import { fairKeys } from './fair-keys';

const testRedis = useTestRedis();
let seq = 0;
const NOON = Date.UTC(2030, 0, 15, 12);

/** A fair admission of its own (own key prefix) for every test, with a clock the test moves. */
function setup(leaseMs = 60_000) {
  const prefix = `${testRedis.prefix}:t${(seq += 1)}`;
  const clock = { at: NOON };
  const fair = createFairAdmission({ redis: testRedis.redis, prefix, leaseMs, now: () => clock.at });
  return { fair, clock, prefix };
}

async function keysUnder(prefix: string): Promise<string[]> {
  return (await listKeys(testRedis.redis, `${prefix}:*`)).sort();
}

const r = (tenantId: string, n: number): AdmittedRun => ({ tenantId, runId: `${tenantId}-${n}` });

describe('createFairAdmission', () => {
  it("admits a second tenant's run among the first three while the first has 200 queued", async () => {
    const { fair } = setup();
    for (let i = 1; i <= 200; i += 1) await fair.push({ ...r('A', i), cap: 2 });
    await fair.push({ ...r('B', 1), cap: 2 });

    const first = [await fair.admitNext(), await fair.admitNext(), await fair.admitNext()];
    expect(first).toContainEqual(r('B', 1));
    expect(first).toEqual([r('A', 1), r('B', 1), r('A', 2)]);
    // A holds both its slots and B has nothing left.
    expect(await fair.admitNext()).toBeNull();

    await fair.release(r('A', 1));
    expect(await fair.admitNext()).toEqual(r('A', 3));
    expect(await fair.admitNext()).toBeNull();
  });

  it('with A at its cap, admits B next and then nothing', async () => {
    const { fair } = setup();
    for (let i = 1; i <= 5; i += 1) await fair.push({ ...r('A', i), cap: 2 });
    expect(await fair.admitAvailable()).toEqual([r('A', 1), r('A', 2)]);
    await fair.push({ ...r('B', 1), cap: 2 });
    expect(await fair.admitNext()).toEqual(r('B', 1));
    expect(await fair.admitNext()).toBeNull();
    await fair.release(r('A', 2));
    expect(await fair.admitNext()).toEqual(r('A', 3));
  });

  it('rotates round-robin over many tenants, starting after the last admitted one', async () => {
    const { fair } = setup();
    for (const t of ['A', 'B', 'C']) for (let i = 1; i <= 3; i += 1) await fair.push({ ...r(t, i), cap: 10 });
    expect(await fair.admitAvailable(4)).toEqual([r('A', 1), r('B', 1), r('C', 1), r('A', 2)]);
    // B follows A even across calls; a tenant that joins goes to the end of the round.
    await fair.push({ ...r('D', 1), cap: 1 });
    expect(await fair.admitAvailable()).toEqual([r('B', 2), r('C', 2), r('A', 3), r('D', 1), r('B', 3), r('C', 3)]);
  });

  it('skips a tenant at its cap without losing its place', async () => {
    const { fair } = setup();
    for (let i = 1; i <= 3; i += 1) await fair.push({ ...r('A', i), cap: 1 });
    for (let i = 1; i <= 3; i += 1) await fair.push({ ...r('B', i), cap: 3 });
    expect(await fair.admitAvailable()).toEqual([r('A', 1), r('B', 1), r('B', 2), r('B', 3)]);
    await fair.release(r('A', 1));
    expect(await fair.admitAvailable()).toEqual([r('A', 2)]);
  });

  it('puts a tenant whose slot frees at the end of the current round', async () => {
    const { fair } = setup();
    for (const [t, cap] of [
      ['A', 1],
      ['B', 5],
      ['C', 5],
    ] as const) {
      for (let i = 1; i <= 3; i += 1) await fair.push({ ...r(t, i), cap });
    }
    expect(await fair.admitAvailable(3)).toEqual([r('A', 1), r('B', 1), r('C', 1)]);
    // A is full and out of the round; its release puts it back behind B and C, which are next anyway.
    await fair.release(r('A', 1));
    expect(await fair.admitAvailable(3)).toEqual([r('B', 2), r('C', 2), r('A', 2)]);
    expect(await fair.admitAvailable()).toEqual([r('B', 3), r('C', 3)]);
  });

  it('keeps FIFO order within a tenant, also after removals', async () => {
    const { fair } = setup();
    for (let i = 1; i <= 20; i += 1) await fair.push({ ...r('A', i), cap: 100 });
    expect(await fair.remove(r('A', 7))).toBe(true);
    expect(await fair.remove(r('A', 7))).toBe(false);
    const order = (await fair.admitAvailable()).map((a) => a.runId);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => `A-${i + 1}`).filter((id) => id !== 'A-7'));
  });

  it('honours the latest cap, and cap 0 pauses a tenant', async () => {
    const { fair } = setup();
    await fair.push({ ...r('A', 1), cap: 0 });
    await fair.push({ ...r('A', 2), cap: 0 });
    expect(await fair.admitAvailable()).toEqual([]);
    // A repeated push of a pending run updates the cap too.
    expect(await fair.push({ ...r('A', 1), cap: 1 })).toBe(false);
    expect(await fair.admitAvailable()).toEqual([r('A', 1)]);
    await fair.push({ ...r('A', 3), cap: 3 });
    expect(await fair.admitAvailable()).toEqual([r('A', 2), r('A', 3)]);
  });

  it('is idempotent: push while pending or active, release and remove twice', async () => {
    const { fair } = setup();
    expect(await fair.push({ ...r('A', 1), cap: 1 })).toBe(true);
    expect(await fair.push({ ...r('A', 1), cap: 1 })).toBe(false);
    expect(await fair.isPending('A-1')).toBe(true);
    expect(await fair.admitNext()).toEqual(r('A', 1));
    expect(await fair.isPending('A-1')).toBe(false);
    expect(await fair.push({ ...r('A', 1), cap: 1 })).toBe(false);
    expect(await fair.admitNext()).toBeNull();
    expect((await fair.stats()).tenants).toEqual([{ tenantId: 'A', pending: 0, active: 1, cap: 1 }]);

    await fair.release(r('A', 1));
    await fair.release(r('A', 1));
    await fair.release(r('A', 99));
    expect(await fair.remove(r('A', 1))).toBe(false);
    expect(await fair.stats()).toEqual({ pending: 0, active: 0, tenants: [] });
  });

  it('does not let one tenant remove a run pending under another', async () => {
    const { fair } = setup();
    await fair.push({ ...r('A', 1), cap: 1 });
    expect(await fair.remove({ tenantId: 'B', runId: 'A-1' })).toBe(false);
    expect(await fair.isPending('A-1')).toBe(true);
  });

  it('frees the slot of an expired lease, and renew keeps it', async () => {
    const { fair, clock } = setup(1_000);
    for (let i = 1; i <= 3; i += 1) await fair.push({ ...r('A', i), cap: 1 });
    expect(await fair.admitNext()).toEqual(r('A', 1));

    clock.at += 999;
    expect(await fair.admitNext()).toBeNull();
    expect(await fair.renew(r('A', 1))).toBe(true); // now expires at NOON + 1999
    clock.at += 999;
    expect(await fair.admitNext()).toBeNull();

    clock.at += 1; // exactly at expiry: expired
    expect(await fair.admitNext()).toEqual(r('A', 2));
    expect(await fair.renew(r('A', 1))).toBe(false);
    expect(await fair.renew({ tenantId: 'A', runId: 'never' })).toBe(false);

    // The worker of A-1 comes back: hold re-acquires its slot over the cap.
    await fair.hold(r('A', 1));
    expect((await fair.stats()).tenants).toEqual([{ tenantId: 'A', pending: 1, active: 2, cap: 1 }]);
    expect(await fair.renew(r('A', 1))).toBe(true);
    await fair.release(r('A', 2));
    expect(await fair.admitNext()).toBeNull(); // A-1's held slot still counts against cap 1
    await fair.release(r('A', 1));
    expect(await fair.admitNext()).toEqual(r('A', 3));
  });

  it('reports whether a run holds an unexpired slot', async () => {
    const { fair, clock } = setup(1_000);
    await fair.push({ ...r('A', 1), cap: 1 });
    expect(await fair.holdsSlot(r('A', 1))).toBe(false);
    expect(await fair.admitNext()).toEqual(r('A', 1));
    expect(await fair.holdsSlot(r('A', 1))).toBe(true);
    expect(await fair.holdsSlot(r('B', 1))).toBe(false);
    clock.at += 1_001;
    expect(await fair.holdsSlot(r('A', 1))).toBe(false);
    await fair.hold(r('A', 1));
    expect(await fair.holdsSlot(r('A', 1))).toBe(true);
    await fair.release(r('A', 1));
    expect(await fair.holdsSlot(r('A', 1))).toBe(false);
  });

  it('never shortens a lease when a caller with a slower clock renews it', async () => {
    const { fair, clock } = setup(1_000);
    await fair.push({ ...r('A', 1), cap: 1 });
    await fair.admitNext(); // expires NOON + 1000
    clock.at = NOON + 500;
    expect(await fair.renew(r('A', 1))).toBe(true); // NOON + 1500
    clock.at = NOON + 100;
    expect(await fair.renew(r('A', 1))).toBe(true); // would be NOON + 1100: kept at 1500
    clock.at = NOON + 1_400;
    await fair.push({ ...r('A', 2), cap: 1 });
    expect(await fair.admitNext()).toBeNull();
    clock.at = NOON + 1_500;
    expect(await fair.admitNext()).toEqual(r('A', 2));
  });

  it('re-queues a run whose lease expired, and hold takes a pending run out of its queue', async () => {
    const { fair, clock } = setup(1_000);
    await fair.push({ ...r('A', 1), cap: 1 });
    await fair.admitNext();
    clock.at += 5_000;
    expect(await fair.push({ ...r('A', 1), cap: 1 })).toBe(true);
    expect(await fair.isPending('A-1')).toBe(true);

    await fair.hold(r('A', 1));
    expect(await fair.isPending('A-1')).toBe(false);
    expect(await fair.admitNext()).toBeNull();
    expect(await fair.stats()).toEqual({
      pending: 0,
      active: 1,
      tenants: [{ tenantId: 'A', pending: 0, active: 1, cap: 1 }],
    });
  });

  it('hold works for a tenant it has never seen, with or without a cap', async () => {
    const { fair } = setup();
    await fair.hold(r('A', 1));
    await fair.hold({ ...r('B', 1), cap: 4 });
    expect((await fair.stats()).tenants).toEqual([
      { tenantId: 'A', pending: 0, active: 1, cap: null },
      { tenantId: 'B', pending: 0, active: 1, cap: 4 },
    ]);
  });

  it('reports stats and leaves no key behind once every tenant is idle', async () => {
    const { fair, clock, prefix } = setup(1_000);
    for (let i = 1; i <= 3; i += 1) await fair.push({ ...r('A', i), cap: 2 });
    await fair.push({ ...r('B', 1), cap: 1 });
    await fair.push({ ...r('C', 1), cap: 1 });
    await fair.admitAvailable(3); // A-1, B-1, C-1
    expect(await fair.stats()).toEqual({
      pending: 2,
      active: 3,
      tenants: [
        { tenantId: 'A', pending: 2, active: 1, cap: 2 },
        { tenantId: 'B', pending: 0, active: 1, cap: 1 },
        { tenantId: 'C', pending: 0, active: 1, cap: 1 },
      ],
    });
    const keys = fairKeys(prefix);
    expect(await keysUnder(prefix)).toEqual(
      [
        keys.index,
        keys.ring,
        keys.caps,
        keys.tenants,
        `${prefix}:{fair}:queue:A`,
        `${prefix}:{fair}:active:A`,
        `${prefix}:{fair}:active:B`,
        `${prefix}:{fair}:active:C`,
      ].sort(),
    );

    await fair.release(r('A', 1));
    expect(await fair.remove(r('A', 2))).toBe(true);
    expect(await fair.remove(r('A', 3))).toBe(true);
    await fair.release(r('B', 1)); // B is forgotten at once
    clock.at += 1_000; // C's worker died: only the stats sweep visits C, which has nothing pending
    expect(await fair.stats()).toEqual({ pending: 0, active: 0, tenants: [] });
    expect(await keysUnder(prefix)).toEqual([]);
  });

  it('refuses invalid input with a typed error', async () => {
    const { fair } = setup();
    await expect(fair.push({ tenantId: 'a:b', runId: 'x', cap: 1 })).rejects.toBeInstanceOf(FairAdmissionInputError);
    await expect(fair.push({ tenantId: 'a', runId: '', cap: 1 })).rejects.toMatchObject({
      code: 'INVALID_FAIR_ADMISSION_INPUT',
    });
    await expect(fair.push({ tenantId: 'a', runId: 'x', cap: -1 })).rejects.toThrow(/cap/);
    await expect(fair.push({ tenantId: 'a', runId: 'x', cap: 1.5 })).rejects.toThrow(/cap/);
    await expect(fair.admitAvailable(-1)).rejects.toThrow(/max/);
    expect(() => createFairAdmission({ redis: testRedis.redis, prefix: 'p', leaseMs: 0 })).toThrow(/leaseMs/);
  });

  it('admits in batches when more than one script call is needed', async () => {
    const { fair } = setup();
    for (let i = 1; i <= 250; i += 1) await fair.push({ ...r(`T${i % 5}`, i), cap: 1000 });
    const admitted = await fair.admitAvailable();
    expect(admitted).toHaveLength(250);
    expect(new Set(admitted.map((a) => a.runId)).size).toBe(250);
    expect(await fair.admitAvailable(3)).toEqual([]);
  });
});
