import { Pool, fetch as uFetch } from 'undici';
import { Readable } from 'node:stream';
const url = 'http://127.0.0.1:39123/mcp';
const pool = new Pool('http://127.0.0.1:39123');
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'bench 1' } } });
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const ways: Record<string, () => Promise<string>> = {
  global: async () => (await fetch(url, { method: 'POST', headers, body })).text(),
  undiciFetch: async () => (await uFetch(url, { method: 'POST', headers: Object.entries(headers), body: new TextEncoder().encode(body), redirect: 'manual', dispatcher: pool, signal: new AbortController().signal })).text(),
  request: async () => {
    const r = await pool.request({ path: '/mcp', method: 'POST', headers, body: Buffer.from(body), signal: new AbortController().signal });
    const h = new Headers();
    for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) for (const x of Array.isArray(v) ? v : [v]) h.append(k, x);
    const reader = Readable.toWeb(r.body) as ReadableStream<Uint8Array>;
    return new Response(reader, { status: r.statusCode, headers: h }).text();
  },
  requestPull: async () => {
    const r = await pool.request({ path: '/mcp', method: 'POST', headers, body: Buffer.from(body), signal: new AbortController().signal });
    const h = new Headers();
    for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) for (const x of Array.isArray(v) ? v : [v]) h.append(k, x);
    const it = r.body[Symbol.asyncIterator]();
    const stream = new ReadableStream<Uint8Array>({ async pull(c) { const n = await it.next(); if (n.done) c.close(); else c.enqueue(new Uint8Array(n.value)); } });
    return new Response(stream, { status: r.statusCode, headers: h }).text();
  },
};
for (let round = 0; round < 3; round++) for (const [name, way] of Object.entries(ways)) {
  for (let i = 0; i < 200; i++) await way();
  const cpu = process.cpuUsage(); const t = performance.now();
  for (let i = 0; i < 1000; i++) await way();
  const u = process.cpuUsage(cpu);
  console.log(round, name.padEnd(12), ((performance.now() - t) / 1000).toFixed(3), 'ms wall', ((u.user + u.system) / 1000 / 1000).toFixed(3), 'ms cpu');
}
await pool.close();
