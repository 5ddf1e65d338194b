import { afterEach, describe, expect, it } from 'vitest';
import { defaultExecPolicy, Expect, type ToolObservation } from '@mcptest/core';
import { inProcessChecker } from './checker';
import { type CheckPool, createCheckPool } from './create-check-pool';

const pools: CheckPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function pool(options: { threads?: number; timeoutMs?: number; maxMemoryMb?: number } = {}): CheckPool {
  const created = createCheckPool({ threads: 1, timeoutMs: 10_000, maxMemoryMb: 128, ...options });
  pools.push(created);
  return created;
}

/**
 * A runaway check made of real parts: a server's outputSchema asking `uniqueItems` of an array, and its answer of
 * 20,000 objects. ajv compares every pair (about 30 s of CPU in one thread); nothing in it can be interrupted.
 */
const UNIQUE_ITEMS: [Expect, ToolObservation] = [
  Expect.parse({ output_schema: true }),
  {
    result: { content: [], structuredContent: { items: Array.from({ length: 20_000 }, (_, id) => ({ id })) } },
    durationMs: 1,
    outputSchema: { type: 'object', properties: { items: { type: 'array', uniqueItems: true } } },
  },
];

const SMALL: [Expect, ToolObservation] = [
  Expect.parse({ contains: ['ok'], json_path: { '$.n': 2 }, matches_regex: ['^\\{'] }),
  { result: { content: [{ type: 'text', text: '{"n": 2, "s": "ok"}' }] }, durationMs: 1 },
];

describe('createCheckPool', () => {
  it('gives the same values as the in-process checker', async () => {
    const checks = pool();
    const failing: [Expect, ToolObservation] = [Expect.parse({ contains: ['absent'] }), SMALL[1]];
    for (const [expectBlock, observation] of [SMALL, failing]) {
      expect(await checks.run('checkToolResult', expectBlock, observation)).toEqual(
        await inProcessChecker.run('checkToolResult', expectBlock, observation),
      );
    }
    expect(await checks.run('renderTemplate', { q: '{{x}}' }, { captured: { x: 3 }, env: {} })).toEqual({
      ok: true,
      value: { ok: true, value: { q: 3 } },
    });
  });

  it('runs every operation the executor hands it, with the same values as in this thread', async () => {
    const checks = pool();
    const policy = { ...defaultExecPolicy(), overrides: [{ tool: 'drop_*', class: 'Destructive' as const }] };
    const tools = new Map([['drop_table', { name: 'drop_table' }]]);
    const cases: [string, (checker: typeof inProcessChecker) => Promise<unknown>][] = [
      ['judgeCalls', (c) => c.run('judgeCalls', [{ tool: 'drop_table', role: 'assert' }], tools, policy)],
      [
        'applyCaptures',
        (c) => c.run('applyCaptures', { id: '$.items[0].id' }, { structuredContent: { items: [{ id: 7 }] } }),
      ],
      [
        'trajectory',
        (c) =>
          c.run(
            'trajectory',
            { trajectory: [{ type: 'order', tools: ['a', 'b'] }] },
            { auditLog: '{"tool":"b","args":{}}\n{"tool":"a","args":{}}', file: 'log.jsonl' },
          ),
      ],
      ['checkLogging', (c) => c.run('checkLogging', { contains_level: ['error'] }, [{ level: 'info', data: 'x' }])],
      [
        'checkNotifications',
        (c) => c.run('checkNotifications', { methods: ['notifications/progress'] }, [{ method: 'm', params: '{}' }]),
      ],
    ];
    for (const [name, call] of cases) {
      const inThread = await call(inProcessChecker);
      expect(inThread, name).toMatchObject({ ok: true });
      expect(await call(checks), name).toEqual(inThread);
    }
  });

  it(
    'terminates a runaway check at its deadline, replaces its thread, and the next check works; this thread never waited',
    { timeout: 60_000 },
    async () => {
      const checks = pool({ timeoutMs: 700 });
      expect(await checks.run('checkToolResult', ...SMALL)).toEqual({ ok: true, value: { ok: true } });
      const [before] = checks.threadIds();

      // In this thread the check would hold the event loop for its whole 30 s: the timer could not fire first.
      let timerFired = false;
      setTimeout(() => (timerFired = true), 20);
      const runaway = await checks.run('checkToolResult', ...UNIQUE_ITEMS);
      expect(runaway).toEqual({ ok: false, reason: 'check exceeded its time limit (700 ms)' });
      expect(timerFired).toBe(true);

      expect(await checks.run('checkToolResult', ...SMALL)).toEqual({ ok: true, value: { ok: true } });
      const after = checks.threadIds();
      expect(after).toHaveLength(1);
      expect(after).not.toContain(before);
    },
  );

  it('uses the deadline it is given', { timeout: 60_000 }, async () => {
    const checks = pool({ timeoutMs: 300 });
    expect(await checks.run('checkToolResult', ...UNIQUE_ITEMS)).toEqual({
      ok: false,
      reason: 'check exceeded its time limit (300 ms)',
    });
    expect(checks.options.timeoutMs).toBe(300);
  });

  it('ends a check past its thread memory limit and carries on', { timeout: 60_000 }, async () => {
    const checks = pool({ maxMemoryMb: 48 });
    // A 15 MB answer under json_path: parsed, its 300,000 records take about 50 MB of heap besides the text.
    const text = JSON.stringify(
      Array.from({ length: 300_000 }, (_, id) => ({ id, name: `item ${id}`, tags: [`a${id}`] })),
    );
    const hog = await checks.run('checkToolResult', Expect.parse({ json_path: { '$[0].id': 0 } }), {
      result: { content: [{ type: 'text', text }] },
      durationMs: 1,
    });
    expect(hog).toEqual({ ok: false, reason: 'check exceeded its memory limit (48 MB)' });
    expect(await checks.run('checkToolResult', ...SMALL)).toEqual({ ok: true, value: { ok: true } });
  });

  it(
    'runs checks side by side on its threads: one runaway does not hold up another check',
    { timeout: 60_000 },
    async () => {
      const checks = pool({ threads: 2, timeoutMs: 5_000 });
      // Both threads booted first (two checks at once go to two threads), so boot time does not decide the order.
      await Promise.all([checks.run('checkToolResult', ...SMALL), checks.run('checkToolResult', ...SMALL)]);
      const runaway = checks.run('checkToolResult', ...UNIQUE_ITEMS);
      let finishedFirst: string | undefined;
      void runaway.then(() => (finishedFirst ??= 'runaway'));
      const normal = await checks.run('checkToolResult', ...SMALL);
      finishedFirst ??= 'normal';
      expect(normal).toEqual({ ok: true, value: { ok: true } });
      expect(finishedFirst).toBe('normal');
      expect(await runaway).toMatchObject({ ok: false, reason: 'check exceeded its time limit (5000 ms)' });
    },
  );
});
