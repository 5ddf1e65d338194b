'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { ApiError } from '@/server/api/api-error';
import { ensureProjectBadgeKey } from '@/server/services/badges/ensure-project-badge-key';
import { deleteProject } from '@/server/services/projects/delete-project';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { ProjectName, type ProjectResource } from '@/server/services/projects/project-schemas';
import { updateProject } from '@/server/services/projects/update-project';
import { orgAction } from '@/server/ui/org-action';

const ProjectId = z.object({ projectId: z.string().min(1) });

const rename = orgAction('updateProject', ProjectId.extend({ name: ProjectName }), ({ deps, actor }, input) =>
  updateProject(deps, actor, input.projectId, { name: input.name }),
);

/** Renames the project (MEMBER). */
export async function renameProjectAction(previous: ActionState<ProjectResource>, form: FormData) {
  const result = await rename(previous, form);
  return result?.ok ? { ...result, message: 'Renamed.' } : result;
}

const remove = orgAction(
  'deleteProject',
  ProjectId.extend({ confirm: z.string().default('') }),
  async ({ deps, actor }, input) => {
    const project = await getProjectOrThrow(deps, actor, input.projectId);
    // Typing the name is the confirmation: everything in the project goes with it.
    if (input.confirm.trim() !== project.name) {
      throw new ApiError('validation_failed', 'the name does not match', [
        { path: 'confirm', message: `type ${project.name} exactly to confirm` },
      ]);
    }
    await deleteProject(deps, actor, input.projectId);
  },
);

/** Deletes the project with its servers, suites, runs and webhooks (ADMIN), then goes back to the projects. */
export async function deleteProjectAction(previous: ActionState<void>, form: FormData) {
  const result = await remove(previous, form);
  if (result?.ok) redirect(`/o/${String(form.get('org'))}`);
  return result;
}

const badge = orgAction('getProjectBadge', ProjectId, ({ deps, actor }, input) =>
  ensureProjectBadgeKey(deps, actor, input.projectId).then(() => undefined),
);

/**
 * Creates the project's public badge URLs (any member: the REST API gives them to read tokens too). Only on request,
 * so a project nobody publishes has no public URL.
 */
export async function createProjectBadgeAction(previous: ActionState<undefined>, form: FormData) {
  return badge(previous, form);
}
