import type { SurfaceDiff } from '../surface/diff-surface';
import { describeSurfaceDiff } from '../surface/diff-surface';
import { type RunRow, type RunWebhookRun, toRunWebhookRun } from './run-resource';

/**
 * Raised when a run or a discovery reads a server surface that differs from the one recorded before (docs/webhooks.md,
 * docs/health.md): a tool added, removed or rewritten, an annotation changed... `change.loud` marks the changes that
 * alter what calling a tool may do (a read-only tool that no longer is).
 */
export const SERVER_SURFACE_CHANGED_EVENT = 'server.surface_changed';

export interface SurfaceChangeForWebhook {
  serverId: string;
  projectId: string;
  /** What read the changed surface: a run (then `run` is in the body) or a discovery. */
  source: 'run' | 'discovery';
  fromHash: string;
  toHash: string;
  diff: SurfaceDiff;
}

export interface ServerSurfaceChangedBody {
  type: typeof SERVER_SURFACE_CHANGED_EVENT;
  timestamp: string;
  data: {
    server: { id: string; projectId: string };
    change: {
      fromHash: string;
      toHash: string;
      loud: boolean;
      summary: string;
      source: 'run' | 'discovery';
      diff: SurfaceDiff;
    };
    /** The run that found it; null when a discovery did. */
    run: RunWebhookRun | null;
  };
}

/**
 * The body of a `server.surface_changed` delivery, built when the run that found the change ends (or when a discovery
 * found it: `run` null).
 */
export function buildServerSurfaceChangedBody(
  change: SurfaceChangeForWebhook,
  run: RunRow | null,
  appUrl: string,
  now: Date,
): ServerSurfaceChangedBody {
  return {
    type: SERVER_SURFACE_CHANGED_EVENT,
    timestamp: (run?.finishedAt ?? now).toISOString(),
    data: {
      server: { id: change.serverId, projectId: change.projectId },
      change: {
        fromHash: change.fromHash,
        toHash: change.toHash,
        loud: change.diff.loud,
        summary: describeSurfaceDiff(change.diff),
        source: change.source,
        diff: change.diff,
      },
      run: run ? toRunWebhookRun(run, appUrl) : null,
    },
  };
}
