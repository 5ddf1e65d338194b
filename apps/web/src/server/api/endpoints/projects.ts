import { z } from 'zod';
import { PageQuery } from '@/server/services/pagination';
import {
  CreateProjectRequest,
  ProjectResource,
  UpdateProjectRequest,
} from '@/server/services/projects/project-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Projects';
export const ProjectPage = z.object({ items: z.array(ProjectResource), nextCursor: z.string().nullable() });

export const createProjectEndpoint = defineEndpoint({
  method: 'POST',
  path: '/projects',
  operationId: 'createProject',
  summary: 'Create a project',
  tag,
  body: CreateProjectRequest,
  responses: { 201: { description: 'The project', schema: ProjectResource } },
});

export const listProjectsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/projects',
  operationId: 'listProjects',
  summary: 'List projects, newest first',
  tag,
  query: PageQuery,
  responses: { 200: { description: 'A page of projects', schema: ProjectPage } },
});

export const getProjectEndpoint = defineEndpoint({
  method: 'GET',
  path: '/projects/{id}',
  operationId: 'getProject',
  summary: 'Get a project',
  tag,
  responses: { 200: { description: 'The project', schema: ProjectResource } },
});

export const updateProjectEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/projects/{id}',
  operationId: 'updateProject',
  summary:
    "Rename a project, or set its surface pin (`surfacePin`: off, warn or fail): whether its suites' runs check their server's surface against the approved one (docs/health.md)",
  tag,
  body: UpdateProjectRequest,
  responses: { 200: { description: 'The project', schema: ProjectResource } },
});

export const deleteProjectEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/projects/{id}',
  operationId: 'deleteProject',
  summary: 'Delete a project with its servers, suites, runs and webhooks',
  tag,
  responses: { 204: { description: 'Deleted' } },
});

export const getProjectBadgeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/projects/{id}/badge',
  operationId: 'getProjectBadge',
  summary: "The project's aggregate badge URLs (created on first request; public and unguessable)",
  tag,
  responses: { 200: { description: 'Badge URLs', schema: z.object({ svgUrl: z.string(), jsonUrl: z.string() }) } },
});
