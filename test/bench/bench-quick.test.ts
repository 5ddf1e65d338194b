// `npm run bench -- --quick` end to end: every benchmark runs against real Postgres, Redis, MCP servers and worker
// processes and produces its figures. No timing is asserted (the machine may be loaded); correctness checks the
// benchmarks make along the way (every assertion passed, every call answered, no errors under load) are.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRedis } from '@mcptest/redis';
import type { BenchRow } from '../../scripts/bench/lib/measure';
import { testEnv } from '../env';
import { maintenanceClient } from '../global-setup';

const BENCHMARKS = [
  'suite-loading',
  'checker',
  'classification',
  'call-budget',
  'executor',
  'runner-overhead',
  'start-latency',
  'throughput',
  'run-memory',
  'fairness',
  'badge',
  'cli-start',
  'monitors',
  'scale',
  'run-cost',
  'prod-memory',
  'schedules',
  'lifecycle',
];

/** The targets (a)-(f): each must come out as a finite figure in quick mode. */
const TARGETS = [
  '(a) runner overhead, shared sessions, 2025-11-25',
  '(a) runner overhead, shared sessions, 2026-07-28',
  '(a) runner overhead, per-assertion sessions, 2025-11-25',
  '(a) runner overhead, per-assertion sessions, 2026-07-28',
  '(b) trigger → worker start, p99',
  '(c) throughput, one worker process',
  '(d) fairness, free worker slot',
  '(e) badge route req/s, share of bare node:http',
  '(e) badge route p99 under load',
  '(f) memory per concurrent run',
  '(g) sandboxed checker, shared sessions',
  '(g) sandboxed checker, per-assertion sessions',
  '(h) CLI start, mcptest --version, median',
  '(i) monitors, one worker process, checks/min',
  '(j) schedules, postgres, slot → run queued p99',
  '(j) schedules, bullmq, slot → run queued p99',
  '(k) run page',
  '(k) run history',
  '(k) trend chart',
  '(k) badge',
];

/** What the benchmarks write into a note when a check other than speed fails (see each benchmark). */
const PROBLEM = /NOT ALL PASSED|NOT ALL FIRED|FIRINGS FAILED|EXPECTED|EXECUTOR:|BARE:|ROUTE:|ADAPTER:|NO GC/;

interface BenchJson {
  quick: boolean;
  rows: BenchRow[];
  failed: string[];
}

function runBench(jsonFile: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    // node --import tsx, not `npm run` or tsx's CLI: one process whose pid is ours, which the timeout can end.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/index.ts', '--quick', '--json', jsonFile],
      {
        env: { ...process.env, DATABASE_URL: testEnv.DATABASE_URL, REDIS_URL: testEnv.REDIS_URL },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
    const timer = setTimeout(() => child.kill('SIGTERM'), 540_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('npm run bench -- --quick', () => {
  it('runs every benchmark and reports every target as a finite figure', { timeout: 560_000 }, async () => {
    const jsonFile = path.join(os.tmpdir(), `mcptest-bench-${randomBytes(4).toString('hex')}.json`);
    const startedAt = Date.now();
    try {
      const { code, stderr } = await runBench(jsonFile);
      expect(code, `the bench failed:\n${stderr}`).toBe(0);
      const result = JSON.parse(await readFile(jsonFile, 'utf8')) as BenchJson;
      expect(result.quick).toBe(true);
      expect(result.failed).toEqual([]);
      expect([...new Set(result.rows.map((row) => row.benchmark))]).toEqual(BENCHMARKS);
      for (const row of result.rows) {
        expect(Number.isFinite(row.rate), `${row.benchmark} / ${row.case}: rate`).toBe(true);
        expect(row.note ?? '', `${row.benchmark} / ${row.case}`).not.toMatch(PROBLEM);
      }
      const targets = result.rows.flatMap((row) => row.targets ?? []);
      for (const label of TARGETS) {
        const found = targets.filter((target) => target.label.startsWith(label));
        expect(found.length, `target ${label}`).toBeGreaterThan(0);
        for (const target of found) {
          expect(Number.isFinite(target.value), `${target.label}: ${target.value}`).toBe(true);
          expect(target.goal).toMatch(/^[≤≥] /);
          expect(target.basis.length).toBeGreaterThan(0);
        }
      }

      // It leaves nothing behind: its databases are dropped and the keys under its Redis prefixes (it logs them) deleted.
      const admin = await maintenanceClient();
      try {
        const { rows } = await admin.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname LIKE 'mcptest\\_bench\\_%'`,
        );
        // Names are mcptest_bench_<Date.now() in base 36><6 hex digits> (scripts/bench/lib/stack.ts).
        const ours = rows.filter(({ datname }) => {
          const stamp = /^mcptest_bench_([0-9a-z]{8})[0-9a-f]{6}$/.exec(datname)?.[1];
          return stamp !== undefined && parseInt(stamp, 36) >= startedAt - 1000;
        });
        expect(ours).toEqual([]);
      } finally {
        await admin.end();
      }
      const prefixes = [...new Set(stderr.match(/mcptest-bench:[0-9a-f]{8,}/g) ?? [])];
      expect(prefixes.length).toBeGreaterThan(0);
      const redis = createRedis({ url: testEnv.REDIS_URL, name: 'mcptest-test' });
      try {
        for (const prefix of prefixes) {
          const left: string[] = [];
          let cursor = '0';
          do {
            const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
            cursor = next;
            left.push(...keys);
          } while (cursor !== '0');
          expect(left, prefix).toEqual([]);
        }
      } finally {
        redis.disconnect();
      }
    } finally {
      await rm(jsonFile, { force: true });
    }
  });
});
