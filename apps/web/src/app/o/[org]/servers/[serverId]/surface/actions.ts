'use server';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { SurfacePinSetting } from '@/server/services/projects/project-schemas';
import { updateProject } from '@/server/services/projects/update-project';
import { approveServerSurface } from '@/server/services/surface/approve-server-surface';
import { ApproveSurfaceRequest } from '@/server/services/surface/surface-schemas';
import { orgAction } from '@/server/ui/org-action';

const approve = orgAction(
  'approveServerSurface',
  ApproveSurfaceRequest.extend({ serverId: z.string().min(1) }),
  async ({ deps, actor }, input) => {
    await approveServerSurface(deps, actor, input.serverId, { hash: input.hash });
  },
);

/** "Approve this surface" on the Surface tab (MEMBER): approves the hash the page showed, if it is still current. */
export async function approveSurfaceAction(previous: ActionState<void>, form: FormData) {
  return approve(previous, form);
}

const pin = orgAction(
  'updateProject',
  z.object({ projectId: z.string().min(1), surfacePin: SurfacePinSetting }),
  async ({ deps, actor }, input) => {
    await updateProject(deps, actor, input.projectId, { surfacePin: input.surfacePin });
  },
);

/** The project's surface pin (off, warn, fail) from a server's Surface tab (MEMBER, as renaming the project). */
export async function setSurfacePinAction(previous: ActionState<void>, form: FormData) {
  return pin(previous, form);
}
