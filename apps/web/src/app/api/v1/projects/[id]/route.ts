import { deleteProjectEndpoint, getProjectEndpoint, updateProjectEndpoint } from '@/server/api/endpoints/projects';
import { withApi } from '@/server/api/with-api';
import { deleteProject } from '@/server/services/projects/delete-project';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { toProjectResource } from '@/server/services/projects/project-schemas';
import { updateProject } from '@/server/services/projects/update-project';

export const GET = withApi(getProjectEndpoint, async ({ deps, actor, params }) => ({
  body: toProjectResource(await getProjectOrThrow(deps, actor, params.id ?? '')),
}));

export const PATCH = withApi(updateProjectEndpoint, async ({ deps, actor, params, body }) => ({
  body: await updateProject(deps, actor, params.id ?? '', body),
}));

export const DELETE = withApi(deleteProjectEndpoint, async ({ deps, actor, params }) => {
  await deleteProject(deps, actor, params.id ?? '');
  return { status: 204 };
});
