import { describe, expect, it } from 'vitest';
import type { ServerSurface } from '../surface/server-surface';
import { describeSurfaceDiff, diffSurface } from '../surface/diff-surface';
import type { RunRow } from './run-resource';
import { buildServerSurfaceChangedBody, SURFACE_WEBHOOK_DIFF_MAX_BYTES } from './surface-changed-webhook-body';

const surface = (tools: ServerSurface['tools'], instructions: string | null = null): ServerSurface => ({
  format: 1,
  serverInfo: { name: 's', version: '1' },
  protocolVersion: '2025-11-25',
  instructions,
  tools,
  toolsTruncated: false,
  resources: [],
  resourceTemplates: [],
  prompts: [],
});

const NOW = new Date('2026-11-27T10:00:00.000Z');
const RUN: RunRow = {
  id: 'run1',
  projectId: 'p1',
  suiteId: 's1',
  suiteVersion: 1,
  status: 'PASSED',
  trigger: 'SCHEDULE',
  commitSha: null,
  branch: null,
  total: 1,
  passed: 1,
  failed: 0,
  skipped: 0,
  regressions: [],
  callsUsed: 1,
  requestsUsed: 4,
  protocolVersion: '2025-11-25',
  error: null,
  queuedAt: NOW,
  startedAt: NOW,
  finishedAt: new Date('2026-11-27T10:00:02.000Z'),
  durationMs: 2000,
};
const change = (before: ServerSurface, after: ServerSurface) => ({
  serverId: 'srv1',
  projectId: 'p1',
  source: 'run' as const,
  fromHash: 'a',
  toHash: 'b',
  diff: diffSurface(before, after),
});

describe('buildServerSurfaceChangedBody', () => {
  it('carries the server, the change with its summary and whole diff, and the run without its surface', () => {
    const c = change(
      surface([{ name: 'lookup', description: 'one' }]),
      surface([{ name: 'lookup', description: 'two' }]),
    );
    const body = buildServerSurfaceChangedBody(c, RUN, 'https://app.example', NOW);
    expect(body).toMatchObject({
      type: 'server.surface_changed',
      timestamp: '2026-11-27T10:00:02.000Z',
      data: {
        server: { id: 'srv1', projectId: 'p1' },
        change: {
          fromHash: 'a',
          toHash: 'b',
          loud: false,
          summary: 'tools changed: lookup (description)',
          source: 'run',
        },
        run: { id: 'run1', url: 'https://app.example/runs/run1', status: 'passed' },
      },
    });
    expect(body.data.change.diff).toEqual(c.diff);
    expect(body.data.change.diffTruncated).toBe(false);
    expect(body.data.run).not.toHaveProperty('surface');
  });

  it('has a null run when a discovery found the change, timed now', () => {
    const c = { ...change(surface([]), surface([{ name: 'x' }])), source: 'discovery' as const };
    const body = buildServerSurfaceChangedBody(c, null, 'https://app.example', NOW);
    expect(body.data.run).toBeNull();
    expect(body.timestamp).toBe(NOW.toISOString());
    expect(body.data.change.source).toBe('discovery');
  });

  it('cuts a diff past the size bound to its outline, keeping the summary whole', () => {
    const big = 'x'.repeat(SURFACE_WEBHOOK_DIFF_MAX_BYTES);
    const c = change(
      surface([{ name: 'lookup', inputSchema: { type: 'object' } }]),
      surface([{ name: 'lookup', inputSchema: { type: 'object', description: big } }], big),
    );
    const body = buildServerSurfaceChangedBody(c, RUN, 'https://app.example', NOW);
    expect(body.data.change.diffTruncated).toBe(true);
    expect(body.data.change.diff.tools.changed).toEqual([{ name: 'lookup', fields: ['inputSchema'] }]);
    expect(body.data.change.diff.instructions).toEqual({ before: null, after: null });
    expect(JSON.stringify(body).length).toBeLessThan(4096);
    expect(body.data.change.summary).toBe(describeSurfaceDiff(c.diff));
    expect(describeSurfaceDiff(body.data.change.diff)).toBe(body.data.change.summary);
  });
});
