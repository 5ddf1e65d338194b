import type { RunWebhookRun } from '../run/run-resource';
import { describeSurfaceDiff, type SurfaceDiff } from './diff-surface';

/**
 * Raised when a recording of a server's surface (a run or a discovery) finds a hash that differs from the previous
 * one (docs/webhooks.md, docs/health.md): a tool added, removed or rewritten since the last look.
 */
export const SERVER_SURFACE_CHANGED_EVENT = 'server.surface_changed';

/** The recorded change the body carries (a SurfaceChange row). */
export interface SurfaceChangeForWebhook {
  id: string;
  serverId: string;
  projectId: string;
  fromHash: string;
  toHash: string;
  diff: SurfaceDiff;
  source: 'run' | 'discovery';
  detectedAt: Date;
}

export interface ServerSurfaceChangedBody {
  type: typeof SERVER_SURFACE_CHANGED_EVENT;
  timestamp: string;
  data: {
    server: { id: string; projectId: string };
    change: {
      id: string;
      source: 'run' | 'discovery';
      fromHash: string;
      toHash: string;
      /** A tool stopped being read-only, became destructive, or a destructive tool appeared. */
      loud: boolean;
      /** describeSurfaceDiff: one line, loud alerts first. */
      summary: string;
      diff: SurfaceDiff;
    };
    /** The run that read the new surface; null when a discovery did. */
    run: RunWebhookRun | null;
  };
}

/** The body of a `server.surface_changed` delivery, built in the transaction that records the change. */
export function buildServerSurfaceChangedBody(
  change: SurfaceChangeForWebhook,
  run: RunWebhookRun | null,
): ServerSurfaceChangedBody {
  return {
    type: SERVER_SURFACE_CHANGED_EVENT,
    timestamp: change.detectedAt.toISOString(),
    data: {
      server: { id: change.serverId, projectId: change.projectId },
      change: {
        id: change.id,
        source: change.source,
        fromHash: change.fromHash,
        toHash: change.toHash,
        loud: change.diff.loud,
        summary: describeSurfaceDiff(change.diff),
        diff: change.diff,
      },
      run,
    },
  };
}
