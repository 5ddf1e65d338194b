import { describe, expect, it } from 'vitest';
import { buildRunWebhookBody, eventsForRun, type FinishedRunRow } from './run-webhook-body';

const run: FinishedRunRow = {
  id: 'run1',
  projectId: 'p1',
  suiteId: 's1',
  suiteVersion: 3,
  status: 'FAILED',
  trigger: 'CI',
  commitSha: 'abc123',
  branch: 'main',
  total: 3,
  passed: 1,
  failed: 1,
  skipped: 1,
  regressions: [{ name: 'a', before: 'PASS', after: 'FAIL', detail: 'x' }],
  callsUsed: 4,
  requestsUsed: 9,
  protocolVersion: null,
  error: null,
  queuedAt: new Date('2026-11-22T09:59:58Z'),
  startedAt: new Date('2026-11-22T10:00:00Z'),
  finishedAt: new Date('2026-11-22T10:00:02Z'),
  durationMs: 2000,
};

describe('eventsForRun', () => {
  it.each([
    ['PASSED', [], ['run.completed']],
    ['CANCELLED', [], ['run.completed']],
    ['FAILED', [], ['run.completed', 'run.failed']],
    ['ERROR', null, ['run.completed', 'run.failed']],
    ['PASSED', [{ name: 'a' }], ['run.completed', 'run.regressed']],
    ['FAILED', [{ name: 'a' }], ['run.completed', 'run.failed', 'run.regressed']],
  ] as const)('%s with regressions %j raises %j', (status, regressions, events) => {
    expect(eventsForRun({ status, regressions })).toEqual(events);
  });
});

describe('buildRunWebhookBody', () => {
  it('is {type, timestamp, data:{run}} with lowercase status and trigger and a link to the run', () => {
    expect(buildRunWebhookBody('run.failed', run, 'https://mcptest.example', new Date())).toEqual({
      type: 'run.failed',
      timestamp: '2026-11-22T10:00:02.000Z',
      data: {
        run: {
          id: 'run1',
          url: 'https://mcptest.example/runs/run1',
          projectId: 'p1',
          suiteId: 's1',
          suiteVersion: 3,
          status: 'failed',
          trigger: 'ci',
          commitSha: 'abc123',
          branch: 'main',
          summary: { total: 3, passed: 1, failed: 1, skipped: 1 },
          regressions: [{ name: 'a', before: 'PASS', after: 'FAIL', detail: 'x' }],
          error: null,
          startedAt: '2026-11-22T10:00:00.000Z',
          finishedAt: '2026-11-22T10:00:02.000Z',
          durationMs: 2000,
        },
      },
    });
  });
});
