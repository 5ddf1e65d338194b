import { z } from 'zod';

export const ProjectName = z.string().trim().min(1).max(100);

export const CreateProjectRequest = z.strictObject({ name: ProjectName });
export type CreateProjectRequest = z.infer<typeof CreateProjectRequest>;

export const UpdateProjectRequest = z.strictObject({ name: ProjectName.optional() });
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequest>;

export const ProjectResource = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  createdAt: z.iso.datetime(),
});
export type ProjectResource = z.infer<typeof ProjectResource>;

export function toProjectResource(row: { id: string; name: string; slug: string; createdAt: Date }): ProjectResource {
  return { id: row.id, name: row.name, slug: row.slug, createdAt: row.createdAt.toISOString() };
}
