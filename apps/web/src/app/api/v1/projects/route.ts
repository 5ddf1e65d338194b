import { createProjectEndpoint, listProjectsEndpoint } from '@/server/api/endpoints/projects';
import { withApi } from '@/server/api/with-api';
import { createProject } from '@/server/services/projects/create-project';
import { listProjects } from '@/server/services/projects/list-projects';

export const POST = withApi(createProjectEndpoint, async ({ deps, actor, body }) => ({
  status: 201,
  body: await createProject(deps, actor, body),
}));

export const GET = withApi(listProjectsEndpoint, async ({ deps, actor, query }) => ({
  body: await listProjects(deps, actor, query),
}));
