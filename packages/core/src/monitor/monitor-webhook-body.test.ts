import { describe, expect, it } from 'vitest';
import { buildMonitorWebhookBody } from './monitor-webhook-body';

describe('buildMonitorWebhookBody', () => {
  const base = {
    monitor: { id: 'm1', intervalMinutes: 5 },
    server: { id: 's1', projectId: 'p1', name: 'Everything' },
  };
  it('describes a confirmed failure', () => {
    const at = new Date('2026-11-27T10:00:30Z');
    expect(
      buildMonitorWebhookBody({
        ...base,
        event: 'monitor.down',
        incident: { id: 'i1', startedAt: at, endedAt: null, reason: 'connect_failed: ECONNREFUSED' },
        check: { at, latencyMs: null, error: 'connect_failed: ECONNREFUSED' },
      }),
    ).toEqual({
      type: 'monitor.down',
      timestamp: '2026-11-27T10:00:30.000Z',
      data: {
        monitor: { id: 'm1', state: 'down', intervalMinutes: 5 },
        server: { id: 's1', projectId: 'p1', name: 'Everything' },
        incident: {
          id: 'i1',
          startedAt: '2026-11-27T10:00:30.000Z',
          endedAt: null,
          durationSeconds: null,
          reason: 'connect_failed: ECONNREFUSED',
        },
        check: { at: '2026-11-27T10:00:30.000Z', latencyMs: null, error: 'connect_failed: ECONNREFUSED' },
      },
    });
  });

  it('says how long the server was down when it comes back', () => {
    const body = buildMonitorWebhookBody({
      ...base,
      event: 'monitor.up',
      incident: {
        id: 'i1',
        startedAt: new Date('2026-11-27T10:00:30Z'),
        endedAt: new Date('2026-11-27T10:05:30Z'),
        reason: 'x',
      },
      check: { at: new Date('2026-11-27T10:05:30Z'), latencyMs: 42, error: null },
    });
    expect(body.data.monitor.state).toBe('up');
    expect(body.data.incident).toMatchObject({ endedAt: '2026-11-27T10:05:30.000Z', durationSeconds: 300 });
    expect(body.data.check).toEqual({ at: '2026-11-27T10:05:30.000Z', latencyMs: 42, error: null });
  });
});
