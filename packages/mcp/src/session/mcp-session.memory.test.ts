// A session is garbage once it is closed, whatever signal its callers passed: a worker makes a session per assertion
// and runs for weeks, so one kept session per request is a leak of the whole run (docs/capacity.md#worker-memory).
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadMockDefinition } from '../mock/load-mock-definition';
import { startMockServer, type MockServerHandle } from '../mock/start-mock-server';
import { openSession } from './open-session';

const MOCK = `
mock_server:
  name: memory
  tools:
    - name: echo
      inputSchema: { type: object, properties: { q: { type: string } } }
      response: { content: [ { type: text, text: "echo {{args.q}}" } ] }
`;

let server: MockServerHandle;
beforeAll(async () => {
  const loaded = loadMockDefinition(MOCK, 'memory.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  server = await startMockServer({ definition: loaded.definition });
});
afterAll(() => server.close());

/** V8's collector, which vitest's worker was not started with --expose-gc to offer. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Opens a session, makes `calls` calls with `signal`, closes it, and returns a weak reference to it. */
async function useSession(calls: number, signal: AbortSignal): Promise<WeakRef<object>> {
  const session = await openSession({ transport: 'http', url: server.url, requestTimeoutMs: 5000 });
  try {
    for (let i = 0; i < calls; i++) {
      const outcome = await session.callTool('echo', { q: `q${i}` }, { signal });
      expect(JSON.stringify(outcome.result)).toContain(`echo q${i}`);
    }
  } finally {
    await session.close();
  }
  return new WeakRef(session);
}

it('closed sessions are collected although the signal their calls were given lives on', async () => {
  const gc = collector();
  // Like a worker's shutdown signal or a long run's cancellation: outlives every session.
  const lifetime = new AbortController();
  const refs: WeakRef<object>[] = [];
  for (let i = 0; i < 5; i++) refs.push(await useSession(3, lifetime.signal));
  let alive = refs.length;
  for (let round = 0; round < 20 && alive > 0; round++) {
    // A new job each round: WeakRef targets stay alive until the job that created or read them ends.
    await new Promise((resolve) => setTimeout(resolve, 20));
    gc();
    alive = refs.filter((ref) => ref.deref() !== undefined).length;
  }
  expect(alive).toBe(0);
  expect(lifetime.signal.aborted).toBe(false);
});
