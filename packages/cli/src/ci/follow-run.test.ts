import { afterEach, describe, expect, it } from 'vitest';
import type { CiRunEvent } from './api-schemas';
import { createApiClient } from './call-api';
import { followRun } from './follow-run';
import { serveFakeApi, type FakeApi } from './serve-fake-api';

const TOKEN = 'mcpt_follow_test';
let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
});

async function triggered(scenario: Parameters<typeof serveFakeApi>[1]) {
  api = await serveFakeApi(TOKEN, scenario);
  const client = createApiClient({ baseUrl: api.url, token: TOKEN, sleep: async () => undefined });
  await client.json({ method: 'POST', path: '/api/v1/suites/s/runs', body: {} });
  return { api, client };
}

describe('followRun', () => {
  it('reconnects a silent stream (idle) and gives up at the deadline with the last known state', async () => {
    const { api: fake, client } = await triggered({ status: 'passed', results: [], neverFinishes: true });
    const events: CiRunEvent[] = [];
    const outcome = await followRun({
      client,
      runId: 'run_1',
      deadline: Date.now() + 3000,
      streamIdleMs: 200,
      onEvent: (event) => events.push(event),
    });
    expect(outcome.kind).toBe('timeout');
    expect(outcome.kind === 'timeout' && outcome.run?.status).toBe('running');
    const streams = fake.requests.filter((r) => r.path.endsWith('/events'));
    expect(streams.length).toBeGreaterThanOrEqual(2);
    // After the first connection, the stream resumes after the last event seen.
    expect(streams[1]?.headers['last-event-id']).toBe('1');
    expect(events[0]).toEqual({ type: 'run.started', attempt: 1 });
  });

  it('polls when the stream is refused, emitting each result once', async () => {
    const { client } = await triggered({
      status: 'failed',
      results: [
        { name: 'a', status: 'PASS' },
        { name: 'b', status: 'FAIL', detail: 'no' },
      ],
      events: 406,
      pendingPolls: 3,
    });
    const names: string[] = [];
    const notes: string[] = [];
    const outcome = await followRun({
      client,
      runId: 'run_1',
      deadline: Date.now() + 10_000,
      pollIntervalMs: 10,
      onEvent: (event) => event.type === 'assertion.finished' && names.push(event.name),
      onNote: (note) => notes.push(note),
    });
    expect(outcome.kind === 'finished' && outcome.run.status).toBe('failed');
    expect(names).toEqual(['a', 'b']);
    expect(notes).toEqual(['no live progress (HTTP 406 x: no events here); checking the run every 0.01 s']);
  });
});
