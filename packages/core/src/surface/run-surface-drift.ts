import { z } from 'zod';
import { SurfaceDiff } from './diff-surface';

/**
 * A pinned run's verdict on its server's surface: `ok` (the approved one), `changed` (differs from the approved one),
 * `unapproved` (pinned, but nothing approved yet). Null on the run resource when the run is not pinned.
 */
export const SurfacePinVerdict = z.enum(['ok', 'changed', 'unapproved']);
export type SurfacePinVerdict = z.infer<typeof SurfacePinVerdict>;

/** What a run does when the surface is not the approved one: `fail` (a failed `surface pin` result) or `warn`. */
export const SurfacePinMode = z.enum(['warn', 'fail']);
export type SurfacePinMode = z.infer<typeof SurfacePinMode>;

/**
 * What Run.surfaceDrift holds (docs/health.md): the surface the run read against the server's previous one, and the
 * pin's verdict against the approved one. Written by the worker when the run finishes.
 */
export const RunSurfaceDrift = z.object({
  format: z.literal(1),
  hash: z.string(),
  /** Server.surfaceHash before this run; null when the server had none recorded (the first recording). */
  previousHash: z.string().nullable(),
  /** The hash differs from a known previous one. */
  changed: z.boolean(),
  /** The diff against the previous surface when changed and its snapshot was known, else null. */
  diff: SurfaceDiff.nullable(),
  /** describeSurfaceDiff of `diff`, or null. */
  summary: z.string().nullable(),
  pin: z
    .object({
      mode: SurfacePinMode,
      /** Where the pin came from: the suite's `pin:` key or its project's setting. */
      source: z.enum(['suite', 'project']),
      approvedHash: z.string().nullable(),
      verdict: SurfacePinVerdict,
      /** describeSurfaceDiff against the approved surface when `changed` and its snapshot was known. */
      summary: z.string().nullable(),
    })
    .nullable(),
});
export type RunSurfaceDrift = z.infer<typeof RunSurfaceDrift>;
