import { diffSurface, ServerSurface, type ExecPolicy, type SurfaceDiff } from '@mcptest/core';
import type { TenantClient } from '../tenant/tenant-scope';

export interface RecordSurfaceInput {
  tenantId: string;
  serverId: string;
  /** SHA-256 of canonicalSurfaceJson(surface) (`hashSurface` in packages/mcp: hashing needs node:crypto). */
  hash: string;
  surface: ServerSurface;
  /** Who read it: a run (its id in `runId`) or a discovery. */
  source: 'run' | 'discovery';
  runId?: string | undefined;
  now: Date;
  /** The tenant's policy, whose classifier decides a diff's loud flags (core's default policy if absent). */
  policy?: ExecPolicy | undefined;
}

/** A SurfaceChange just written (the drift history's newest entry). */
export interface RecordedSurfaceChange {
  id: string;
  fromHash: string;
  toHash: string;
  diff: SurfaceDiff;
  loud: boolean;
  detectedAt: Date;
}

export interface RecordSurfaceResult {
  /** Server.surfaceHash before this recording; null for the server's first recording. */
  previousHash: string | null;
  /** The hash differs from a known previous one. */
  changed: boolean;
  /**
   * The change written, when `changed` and the previous surface's snapshot was known (it always is unless it was
   * deleted by hand); null otherwise, and when a concurrent recording of the same server moved the hash first (that
   * recording wrote the change).
   */
  change: RecordedSurfaceChange | null;
}

type JsonObject = { [key: string]: JsonValue };
type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
const asJson = (value: unknown) => value as JsonObject;

/**
 * The one recording of a server's surface (docs/health.md), shared by a run's end and a discovery: upserts the
 * SurfaceSnapshot of `hash` (first/last seen), compares it with Server.surfaceHash and, when they differ and the
 * previous snapshot is known, writes a SurfaceChange with core's diffSurface (loud flags under the tenant's policy),
 * then moves Server.surfaceHash. Runs inside the caller's transaction, so the change, the server's hash and the
 * caller's webhook delivery rows (createEventDeliveries) commit together. The hash moves with a compare-and-set on
 * the previous value: of two recordings racing from the same previous hash, one writes the change.
 */
export async function recordSurface(tx: TenantClient, input: RecordSurfaceInput): Promise<RecordSurfaceResult> {
  const server = await tx.server.findFirst({ where: { id: input.serverId }, select: { surfaceHash: true } });
  if (server === null) throw new Error(`recordSurface: server ${input.serverId} not found`);
  const previousHash = server.surfaceHash;

  await tx.surfaceSnapshot.upsert({
    where: { serverId_hash: { serverId: input.serverId, hash: input.hash } },
    create: {
      tenantId: input.tenantId,
      serverId: input.serverId,
      hash: input.hash,
      surface: asJson(input.surface),
      firstSeenAt: input.now,
      lastSeenAt: input.now,
    },
    update: { lastSeenAt: input.now },
  });
  if (previousHash === input.hash) return { previousHash, changed: false, change: null };

  const moved = await tx.server.updateMany({
    where: { id: input.serverId, surfaceHash: previousHash },
    data: { surfaceHash: input.hash },
  });
  if (previousHash === null) return { previousHash, changed: false, change: null };
  if (moved.count === 0) return { previousHash, changed: true, change: null };

  const before = await tx.surfaceSnapshot.findFirst({
    where: { serverId: input.serverId, hash: previousHash },
    select: { surface: true },
  });
  const parsed = ServerSurface.safeParse(before?.surface);
  if (!parsed.success) return { previousHash, changed: true, change: null };
  const diff = diffSurface(parsed.data, input.surface, input.policy ? { policy: input.policy } : {});
  const row = await tx.surfaceChange.create({
    data: {
      tenantId: input.tenantId,
      serverId: input.serverId,
      fromHash: previousHash,
      toHash: input.hash,
      diff: asJson(diff),
      loud: diff.loud,
      source: input.source,
      ...(input.runId === undefined ? {} : { runId: input.runId }),
      detectedAt: input.now,
    },
    select: { id: true, detectedAt: true },
  });
  return {
    previousHash,
    changed: true,
    change: {
      id: row.id,
      fromHash: previousHash,
      toHash: input.hash,
      diff,
      loud: diff.loud,
      detectedAt: row.detectedAt,
    },
  };
}
