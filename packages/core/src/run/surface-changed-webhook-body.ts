import type { SurfaceDiff } from '../surface/diff-surface';
import { describeSurfaceDiff } from '../surface/diff-surface';
import { type RunRow, type RunWebhookRun, toRunWebhookRun } from './run-resource';

/**
 * Raised when a run or a discovery reads a server surface that differs from the one recorded before (docs/webhooks.md,
 * docs/health.md): a tool added, removed or rewritten, an annotation changed... `change.loud` marks the changes that
 * alter what calling a tool may do (a read-only tool that no longer is).
 */
export const SERVER_SURFACE_CHANGED_EVENT = 'server.surface_changed';

/**
 * Most bytes (JSON) of the diff a webhook body carries whole. A rewrite of a large server's schemas can make a diff of
 * megabytes, re-sent byte for byte on every retry; past this, the body carries the diff without its per-field JSON
 * diffs and texts (`diffTruncated: true`), and the whole diff stays on the server's drift history.
 */
export const SURFACE_WEBHOOK_DIFF_MAX_BYTES = 64 * 1024;

/** The diff with each changed item reduced to its name and changed fields (what `describeSurfaceDiff` reads). */
function outlineOf(diff: SurfaceDiff): SurfaceDiff {
  const items = (list: SurfaceDiff['resources']) => ({
    ...list,
    changed: list.changed.map(({ key }) => ({ key, changes: [] })),
  });
  return {
    ...diff,
    tools: { ...diff.tools, changed: diff.tools.changed.map(({ name, fields }) => ({ name, fields })) },
    resources: items(diff.resources),
    resourceTemplates: items(diff.resourceTemplates),
    prompts: items(diff.prompts),
    instructions: diff.instructions === null ? null : { before: null, after: null },
  };
}

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
      /** True when `diff` was cut to its outline (SURFACE_WEBHOOK_DIFF_MAX_BYTES). */
      diffTruncated: boolean;
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
  // Counted in UTF-16 units, an upper bound for most text and close enough for a size guard.
  const whole = JSON.stringify(change.diff).length <= SURFACE_WEBHOOK_DIFF_MAX_BYTES;
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
        diff: whole ? change.diff : outlineOf(change.diff),
        diffTruncated: !whole,
      },
      run: run ? toRunWebhookRun(run, appUrl) : null,
    },
  };
}
