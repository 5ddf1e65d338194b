// TEMPORARY (not committed): steady-state CPU profile of the executor alone vs the bare loop.
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { defaultExecPolicy } from '@mcptest/core';
import { createMemoryCallBudget, createSafeFetch, executeSuite } from '@mcptest/mcp';
import { echoSuite } from './executor';
import { startEverythingServer } from './lib/everything-server';
import { startModernBenchServer } from './lib/modern-server';

const era = process.argv[2] ?? 'legacy';
const mode = (process.argv[3] ?? 'shared') as 'shared' | 'per-assertion';
const n = Number(process.argv[4] ?? 300);
const server = era === 'legacy' ? await startEverythingServer() : await startModernBenchServer();
const safeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });
const run = (size: number, offset: number) =>
  executeSuite(process.env.WIRE === 'off' ? { ...echoSuite(size, offset), wireSchema: 'off' } : echoSuite(size, offset), {
    serverOverride: { url: server.url, transport: 'http' },
    fetch: process.env.PLAIN ? Object.assign(fetch, { withGate: () => fetch, close: async () => {} }) : safeFetch,
    allowStdio: false,
    policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
    budget: createMemoryCallBudget({}),
    env: {},
    sessionMode: mode,
  });
await run(50, 0);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const cpu = process.cpuUsage();
const t = performance.now();
const suites = []; const r = await run(n, 100);
const ms = performance.now() - t;
const used = process.cpuUsage(cpu);
const { profile } = await session.post('Profiler.stop');
writeFileSync(`/tmp/profD/exec-${era}-${mode}.cpuprofile`, JSON.stringify(profile));
console.log(era, mode, `${(ms / n).toFixed(2)} ms/call wall, ${((used.user + used.system) / 1000 / n).toFixed(2)} ms/call cpu`, r.results.filter((x) => x.status !== 'PASS').length, 'not pass', r.requestsUsed, 'requests');
await safeFetch.close();
await server.stop();
