import {
  decideSurfacePin,
  diffSurface,
  surfacePinFor,
  type ExecPolicy,
  type ServerSurface,
  type SuitePin,
  type SurfacePinDecision,
} from '@mcptest/core';
import { findSurfaceSnapshot, type TenantDb } from '@mcptest/db';

export interface CheckSurfacePinInput {
  serverId: string;
  projectId: string;
  /** The suite's `pin:`; it wins over the project's setting. */
  suitePin: SuitePin | undefined;
  /** What the run read; absent when the surface could not be read (`unreadable` says why). */
  read: { surface: ServerSurface; hash: string } | undefined;
  unreadable?: string | undefined;
  policy: ExecPolicy;
}

/**
 * A pinned run's verdict on its server's surface against the approved one (docs/health.md), with the `surface pin`
 * result to record; null when neither the suite nor its project pins. Read before the run ends, because a failing pin
 * decides the run's status like any other result.
 */
export async function checkSurfacePin(db: TenantDb, input: CheckSurfacePinInput): Promise<SurfacePinDecision | null> {
  const project = await db.project.findFirst({ where: { id: input.projectId }, select: { surfacePin: true } });
  const pin = surfacePinFor(input.suitePin, project?.surfacePin ?? 'OFF');
  if (!pin) return null;
  const server = await db.server.findFirst({ where: { id: input.serverId }, select: { approvedSurfaceHash: true } });
  const approvedHash = server?.approvedSurfaceHash ?? null;
  const hash = input.read?.hash ?? null;
  let diffFromApproved = null;
  if (input.read && approvedHash !== null && approvedHash !== hash) {
    const approved = await findSurfaceSnapshot(db, input.serverId, approvedHash);
    if (approved) diffFromApproved = diffSurface(approved, input.read.surface, { policy: input.policy });
  }
  return decideSurfacePin({
    ...pin,
    hash,
    ...(input.unreadable === undefined ? {} : { unreadable: input.unreadable }),
    approvedHash,
    diffFromApproved,
  });
}
