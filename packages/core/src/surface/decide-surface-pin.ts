import type { SuitePin } from '../suite/suite-schema';
import { describeSurfaceDiff, type SurfaceDiff } from './diff-surface';
import type { RunSurfaceDrift, SurfacePinMode } from './run-surface-drift';

/** The name of the result a pinned run adds (docs/health.md). */
export const SURFACE_PIN_RESULT_NAME = 'surface pin';

/** The project's setting as stored (Project.surfacePin). */
export type ProjectSurfacePin = 'OFF' | 'WARN' | 'FAIL';

/**
 * Whether a run is pinned, and how: the suite's `pin:` wins over its project's setting (OFF means not pinned).
 */
export function surfacePinFor(
  suitePin: SuitePin | undefined,
  projectPin: ProjectSurfacePin,
): { mode: SurfacePinMode; source: 'suite' | 'project' } | null {
  if (suitePin) return { mode: suitePin.onChange, source: 'suite' };
  if (projectPin === 'OFF') return null;
  return { mode: projectPin === 'FAIL' ? 'fail' : 'warn', source: 'project' };
}

export interface DecideSurfacePinInput {
  mode: SurfacePinMode;
  source: 'suite' | 'project';
  /** The hash of the surface the run read; null when it reached the server but could not read the surface. */
  hash: string | null;
  /** Why the surface could not be read (when `hash` is null). */
  unreadable?: string;
  /** Server.approvedSurfaceHash; null when nothing was approved yet. */
  approvedHash: string | null;
  /** The diff from the approved surface to the run's, when they differ and the approved snapshot is stored. */
  diffFromApproved: SurfaceDiff | null;
}

export interface SurfacePinDecision {
  pin: NonNullable<RunSurfaceDrift['pin']>;
  /** The `surface pin` result the run records. */
  result: { name: string; status: 'PASS' | 'FAIL' | 'SKIP'; detail: string };
}

const short = (hash: string) => hash.slice(0, 12);

/**
 * A pinned run's verdict on its server's surface. The approved surface: PASS. A different one: FAIL when the pin
 * says fail; when it says warn, a PASS whose detail starts with "warning:" (a PASS, not a SKIP: the result then never
 * counts as a regression of a baseline where it passed, and the run is not failed, yet the change is shown on the
 * run, in its resource's `surface.pin` and by `server.surface_changed`). Nothing approved yet: SKIP with how to
 * approve one, in either mode, so a new pin never fails a run.
 */
export function decideSurfacePin(input: DecideSurfacePinInput): SurfacePinDecision {
  const { mode, source, hash, approvedHash } = input;
  const base = { mode, source, approvedHash };
  if (approvedHash === null) {
    return {
      pin: { ...base, verdict: 'unapproved', summary: null },
      result: {
        name: SURFACE_PIN_RESULT_NAME,
        status: 'SKIP',
        detail: 'no approved surface: approve one on the server page',
      },
    };
  }
  if (hash === null) {
    // A server whose lists are not valid MCP must not slip past a pin that fails: unknown counts as changed.
    const detail = `the server's surface could not be read${input.unreadable ? `: ${input.unreadable}` : ''}`;
    return {
      pin: { ...base, verdict: 'changed', summary: null },
      result:
        mode === 'fail'
          ? { name: SURFACE_PIN_RESULT_NAME, status: 'FAIL', detail }
          : { name: SURFACE_PIN_RESULT_NAME, status: 'PASS', detail: `warning: ${detail} (pin: warn)` },
    };
  }
  if (approvedHash === hash) {
    return {
      pin: { ...base, verdict: 'ok', summary: null },
      result: { name: SURFACE_PIN_RESULT_NAME, status: 'PASS', detail: `the approved surface (${short(hash)})` },
    };
  }
  const summary = input.diffFromApproved ? describeSurfaceDiff(input.diffFromApproved) : null;
  const what =
    `the server's surface differs from the approved one (approved ${short(approvedHash)}, now ${short(hash)})` +
    (summary === null ? '' : `: ${summary}`);
  const review = 'review the change and approve the new surface on the server page';
  return {
    pin: { ...base, verdict: 'changed', summary },
    result:
      mode === 'fail'
        ? { name: SURFACE_PIN_RESULT_NAME, status: 'FAIL', detail: `${what}; ${review}` }
        : { name: SURFACE_PIN_RESULT_NAME, status: 'PASS', detail: `warning: ${what}; ${review} (pin: warn)` },
  };
}
