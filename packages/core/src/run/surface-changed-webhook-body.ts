import type { SurfaceDiff } from '../surface/diff-surface';
import { describeSurfaceDiff } from '../surface/diff-surface';
import { type RunRow, type RunWebhookRun, toRunWebhookRun } from './run-resource';

/**
 * Raised when a run reads a server surface that differs from the one recorded before (docs/webhooks.md,
 * docs/health.md): a tool added, removed or rewritten, an annotation changed... `change.loud` marks the changes that
 * alter what calling a tool may do (a read-only tool that no longer is).
 */
export const SERVER_SURFACE_CHANGED_EVENT = 'server.surface_changed';

export interface SurfaceChangeForWebhook {
  serverId: string;
  fromHash: string;
  toHash: string;
  diff: SurfaceDiff;
}

export interface ServerSurfaceChangedBody {
  type: typeof SERVER_SURFACE_CHANGED_EVENT;
  timestamp: string;
  data: {
    server: { id: string; projectId: string };
    change: { fromHash: string; toHash: string; loud: boolean; summary: string; diff: SurfaceDiff };
    /** The run that found it. */
    run: RunWebhookRun;
  };
}

/** The body of a `server.surface_changed` delivery, built when the run that found the change ends. */
export function buildServerSurfaceChangedBody(
  change: SurfaceChangeForWebhook,
  run: RunRow,
  appUrl: string,
  now: Date,
): ServerSurfaceChangedBody {
  return {
    type: SERVER_SURFACE_CHANGED_EVENT,
    timestamp: (run.finishedAt ?? now).toISOString(),
    data: {
      server: { id: change.serverId, projectId: run.projectId },
      change: {
        fromHash: change.fromHash,
        toHash: change.toHash,
        loud: change.diff.loud,
        summary: describeSurfaceDiff(change.diff),
        diff: change.diff,
      },
      run: toRunWebhookRun(run, appUrl),
    },
  };
}
