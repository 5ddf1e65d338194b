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
const run = (size: number, offset: number, suite = echoSuite(size, offset)) =>
  executeSuite(process.env.WIRE === 'off' ? { ...suite, wireSchema: 'off' } : suite, {
    serverOverride: { url: server.url, transport: 'http' },
    fetch: process.env.PLAIN ? Object.assign(fetch, { withGate: () => fetch, close: async () => {} }) : safeFetch,
    allowStdio: false,
    policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
    budget: createMemoryCallBudget({}),
    env: {},
    sessionMode: mode,
  });
const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
const bare = async (k: number) => {
  const client = new Client({ name: 'b', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  for (let i = 0; i < k; i++) await client.callTool({ name: 'echo', arguments: { message: `bench ${i}` } });
  await client.close();
  return { results: [], requestsUsed: 0 };
};
if (process.env.BARE) await bare(50);
await run(50, 0);
const pre = echoSuite(n, 100);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const cpu = process.cpuUsage();
const t = performance.now();
const r = process.env.BARE ? await bare(n) : await run(n, 100, pre);
const ms = performance.now() - t;
const used = process.cpuUsage(cpu);
const { profile } = await session.post('Profiler.stop');
writeFileSync(`/tmp/profD/exec-${era}-${mode}${process.env.TAG ?? ''}.cpuprofile`, JSON.stringify(profile));
console.log(era, mode, `${(ms / n).toFixed(2)} ms/call wall, ${((used.user + used.system) / 1000 / n).toFixed(2)} ms/call cpu`, r.results.filter((x) => x.status !== 'PASS').length, 'not pass', r.requestsUsed, 'requests');
await safeFetch.close();
await server.stop();
