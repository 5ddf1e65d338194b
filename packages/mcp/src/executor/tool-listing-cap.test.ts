// A hostile server pages tool listings for ever, each page under the message cap: the listing stops at the run's
// byte cap with a clear error instead of holding 100 pages, and the server is asked for no more pages.
import { defaultExecPolicy, loadSuite, type LoadedSuite } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostile, startHostileServer, type HostileServer } from '../../../../test/hostile/servers';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { createSafeFetch } from '../net';
import { openSession } from '../session';
import { executeSuite } from './execute-suite';

const MiB = 1024 * 1024;

const SUITE = `
name: listing
assertions:
  - name: first
    assert: { tool: probe, expect: { not_error: true } }
  - name: second
    assert: { tool: filler_0_0, expect: { not_error: true } }
`;

function suiteOf(yaml: string): LoadedSuite {
  const loaded = loadSuite(yaml, 'suite.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.suite;
}

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer(hostile.endlessToolPages(MiB));
});
afterAll(async () => {
  await server?.close();
});

const pagesAsked = () => server.requests.filter((r) => r.endsWith(' tools/list')).length;

describe('tool listing byte caps', () => {
  it('stops a run’s listing at its byte cap: the assertion fails saying why, and no more pages are asked', async () => {
    const safeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });
    try {
      const before = pagesAsked();
      const result = await executeSuite(suiteOf(SUITE), {
        serverOverride: { url: server.url, transport: 'http' },
        fetch: safeFetch,
        allowStdio: false,
        policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
        budget: createMemoryCallBudget(),
        env: {},
        maxToolListingBytes: 3 * MiB,
      });
      for (const r of result.results) {
        expect(r.status).toBe('FAIL');
        expect(r.detail).toMatch(
          /^tools\/list was stopped: the server's tool listing took more than 3145728 bytes after 3 pages \(tool listings are capped in bytes per run and per discovery\)$/,
        );
      }
      // Three pages per listing (the third crosses the cap), two assertions; not 100 pages each.
      expect(pagesAsked() - before).toBe(6);
      expect(result.callsUsed).toBe(0);
    } finally {
      await safeFetch.close();
    }
  });

  it('caps one listing by default in the session (discovery and audit use it)', async () => {
    const session = await openSession({ url: server.url, transport: 'http' });
    try {
      const before = pagesAsked();
      await expect(session.listAllTools()).rejects.toMatchObject({
        code: 'result_too_large',
        message: expect.stringContaining('took more than 8388608 bytes after 8 pages'),
      });
      expect(pagesAsked() - before).toBe(8);
      await expect(session.listAllTools({ maxBytes: 10 * MiB, maxPages: 2 })).resolves.toMatchObject({
        pages: 2,
        truncated: true,
      });
    } finally {
      await session.close();
    }
  });
});
