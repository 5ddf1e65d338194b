import { ServerSurface, SurfaceDiff } from '@mcptest/core';
import { z } from 'zod';
import { SurfacePinSetting } from '@/server/services/projects/project-schemas';
import { SurfaceLintFindingResource } from '@/server/services/servers/discovery-schemas';

/** Who approved a surface: a signed-in member (with their email when known) or an API token. */
export const SurfaceApprover = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), id: z.string(), email: z.string().nullable() }),
  z.object({ kind: z.literal('token'), id: z.string() }),
]);
export type SurfaceApprover = z.infer<typeof SurfaceApprover>;

/** `GET /servers/{id}/surface`: the surface last recorded (by a run or a discovery) and the approved one. */
export const ServerSurfaceResource = z.object({
  serverId: z.string(),
  /** SHA-256 (hex) of the canonical surface last recorded; null before the first discovery or run. */
  hash: z.string().nullable(),
  /** When that surface was first and last read. */
  firstSeenAt: z.iso.datetime().nullable(),
  recordedAt: z.iso.datetime().nullable(),
  approved: z.object({ hash: z.string(), at: z.iso.datetime().nullable(), by: SurfaceApprover.nullable() }).nullable(),
  /** The recorded surface is the approved one (false when nothing is approved or nothing recorded). */
  approvedIsCurrent: z.boolean(),
  /** The project's pin setting (a suite's `pin:` key overrides it for that suite). */
  pin: SurfacePinSetting,
  counts: z.object({ tools: z.int(), resources: z.int(), resourceTemplates: z.int(), prompts: z.int() }),
  /** The recorded surface itself (core ServerSurface); null before the first recording. */
  surface: ServerSurface.nullable(),
  /** The security lint of the recorded surface (docs/health.md#security-lint), under the tenant's current policy. */
  lint: z.object({
    summary: z.object({ errors: z.int(), warnings: z.int(), infos: z.int() }),
    findings: z.array(SurfaceLintFindingResource),
  }),
});
export type ServerSurfaceResource = z.infer<typeof ServerSurfaceResource>;

/** `POST /servers/{id}/surface/approve`: the hash the user saw, so a surface that changed since is not approved. */
export const ApproveSurfaceRequest = z.strictObject({
  hash: z
    .string()
    .length(64)
    .regex(
      /^[0-9a-f]{64}$/,
      'a surface hash: 64 lower-case hex characters (SHA-256), as GET /servers/{id}/surface gives',
    ),
});
export type ApproveSurfaceRequest = z.infer<typeof ApproveSurfaceRequest>;

/** One entry of the drift history. */
export const SurfaceChangeResource = z.object({
  id: z.string(),
  serverId: z.string(),
  detectedAt: z.iso.datetime(),
  source: z.enum(['run', 'discovery']),
  /** The run that read the new surface (source `run`); null for a discovery or a deleted run. */
  runId: z.string().nullable(),
  runUrl: z.string().nullable(),
  fromHash: z.string(),
  toHash: z.string(),
  /** A tool stopped being read-only, became destructive, or a destructive tool appeared. */
  loud: z.boolean(),
  /** describeSurfaceDiff: one line, loud alerts first. */
  summary: z.string(),
  diff: SurfaceDiff,
});
export type SurfaceChangeResource = z.infer<typeof SurfaceChangeResource>;

export const SurfaceChangePage = z.object({ items: z.array(SurfaceChangeResource), nextCursor: z.string().nullable() });
