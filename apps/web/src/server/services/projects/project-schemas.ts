import { z } from 'zod';

export const ProjectName = z.string().trim().min(1).max(100);

export const CreateProjectRequest = z.strictObject({ name: ProjectName });
export type CreateProjectRequest = z.infer<typeof CreateProjectRequest>;

/**
 * Whether runs of the project's suites check their server's surface against the approved one (docs/health.md): `off`,
 * `warn` (a shown, non-failing `surface pin` result) or `fail`. A suite's own `pin:` key wins over it.
 */
export const SurfacePinSetting = z.enum(['off', 'warn', 'fail']);
export type SurfacePinSetting = z.infer<typeof SurfacePinSetting>;
export const SURFACE_PIN_TO_DB = { off: 'OFF', warn: 'WARN', fail: 'FAIL' } as const;
export const SURFACE_PIN_FROM_DB = { OFF: 'off', WARN: 'warn', FAIL: 'fail' } as const;

export const UpdateProjectRequest = z.strictObject({
  name: ProjectName.optional(),
  surfacePin: SurfacePinSetting.optional(),
});
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequest>;

export const ProjectResource = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  surfacePin: SurfacePinSetting,
  createdAt: z.iso.datetime(),
});
export type ProjectResource = z.infer<typeof ProjectResource>;

export function toProjectResource(row: {
  id: string;
  name: string;
  slug: string;
  surfacePin: keyof typeof SURFACE_PIN_FROM_DB;
  createdAt: Date;
}): ProjectResource {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    surfacePin: SURFACE_PIN_FROM_DB[row.surfacePin],
    createdAt: row.createdAt.toISOString(),
  };
}
