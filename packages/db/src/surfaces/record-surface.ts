import { diffSurface, ServerSurface, type ExecPolicy, type SurfaceDiff } from '@mcptest/core';
import type { TenantClient } from '../tenant/tenant-scope';

export interface RecordSurfaceInput {
  tenantId: string;
  serverId: string;
  surface: ServerSurface;
  /** hashSurface(surface) (packages/mcp). */
  hash: string;
  source: 'run' | 'discovery';
  runId?: string | undefined;
  /** The tenant's policy: it decides what counts as read-only or destructive for the diff's loud flags. */
  policy?: ExecPolicy | undefined;
  now: Date;
}

export interface RecordedSurface {
  /** Server.surfaceHash before this recording; null on the server's first one. */
  previousHash: string | null;
  /** The hash differs from a known previous one. */
  changed: boolean;
  /** The diff from the previous surface, when changed and its snapshot is stored. */
  diff: SurfaceDiff | null;
  /**
   * The SurfaceChange row written: null when unchanged, on the first recording, when the previous snapshot is not
   * stored, or when a concurrent recording moved the server's hash first (that one wrote the change).
   */
  changeId: string | null;
}

/**
 * The one writer of a server's surface history (docs/health.md), in the caller's transaction: the snapshot of this hash
 * is stored (or its lastSeenAt moved), Server.surfaceHash is moved to it, and when it differs from the one recorded
 * before, a SurfaceChange with the diff is written. The move is guarded by the previous hash, so two runs finishing at
 * once with the same new surface write one change. Raising `server.surface_changed` is the caller's (a run's
 * deliveries go through its outbox).
 */
export async function recordSurface(tx: TenantClient, input: RecordSurfaceInput): Promise<RecordedSurface> {
  const { tenantId, serverId, hash, now } = input;
  const server = await tx.server.findFirst({ where: { id: serverId }, select: { surfaceHash: true } });
  if (!server) return { previousHash: null, changed: false, diff: null, changeId: null };
  const previousHash = server.surfaceHash;
  await tx.surfaceSnapshot.upsert({
    where: { serverId_hash: { serverId, hash } },
    create: { tenantId, serverId, hash, surface: input.surface as object, firstSeenAt: now, lastSeenAt: now },
    update: { lastSeenAt: now },
  });
  if (previousHash === hash) return { previousHash, changed: false, diff: null, changeId: null };
  const moved = await tx.server.updateMany({
    where: { id: serverId, surfaceHash: previousHash },
    data: { surfaceHash: hash },
  });
  if (previousHash === null) return { previousHash, changed: false, diff: null, changeId: null };

  const before = await findSurfaceSnapshot(tx, serverId, previousHash);
  if (!before) return { previousHash, changed: true, diff: null, changeId: null };
  const diff = diffSurface(before, input.surface, input.policy ? { policy: input.policy } : {});
  if (moved.count === 0) return { previousHash, changed: true, diff, changeId: null };
  const change = await tx.surfaceChange.create({
    data: {
      tenantId,
      serverId,
      fromHash: previousHash,
      toHash: hash,
      diff: diff as unknown as object,
      loud: diff.loud,
      source: input.source,
      ...(input.runId === undefined ? {} : { runId: input.runId }),
      detectedAt: now,
    },
    select: { id: true },
  });
  return { previousHash, changed: true, diff, changeId: change.id };
}

/** The stored snapshot of one of the server's surfaces, or null when that hash was never stored (or is unreadable). */
export async function findSurfaceSnapshot(
  tx: TenantClient,
  serverId: string,
  hash: string,
): Promise<ServerSurface | null> {
  const row = await tx.surfaceSnapshot.findFirst({ where: { serverId, hash }, select: { surface: true } });
  const parsed = ServerSurface.safeParse(row?.surface);
  return parsed.success ? parsed.data : null;
}
