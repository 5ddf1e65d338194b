'use server';
// Server actions the suite editors call while people type: checks that save nothing. Not `orgAction`: that wrapper
// revalidates the organization's pages after every success, which would re-render the page on every pause in typing;
// these take the same session and role check (`withRole`) and return plain data.
import type { ActionState } from '@/lib/action-state';
import { ApiError } from '@/server/api/api-error';
import { getSessionActor } from '@/server/auth/get-session-actor';
import { withRole } from '@/server/orgs/authorize';
import type { RoleName } from '@/server/orgs/org-schemas';
import { getServiceDeps } from '@/server/services/get-service-deps';
import type { ServiceDeps } from '@/server/services/service-deps';
import { checkSuiteYaml, type SuiteYamlDiagnostic } from '@/server/services/suites/check-suite-yaml';
import { previewSchedule, type SchedulePreview } from '@/server/services/suites/preview-schedule';
import { scaffoldStarterSuite, type StarterSuite } from '@/server/services/suites/scaffold-starter-suite';
import { refuseUnstorableFields, toActionError } from '@/server/ui/org-action';
import type { OrgContext } from '@/server/orgs/authorize';

/**
 * The session and role check of the live actions, over their arguments by name. The editors send strings, but a
 * hand-made call may send any value React can encode: each argument must be text (answered as a field error, not
 * thrown), and text the database cannot hold (a NUL, a lone surrogate) is refused by name like a form field, instead
 * of reaching a query as an internal error (fuzzing found both).
 */
async function asMember<K extends string, R>(
  minRole: RoleName,
  given: { org: unknown } & Record<K, unknown>,
  fn: (context: OrgContext<ServiceDeps>, args: Record<K, string>) => Promise<R>,
): Promise<ActionState<R>> {
  const session = await getSessionActor();
  if (!session) return { ok: false, error: { code: 'unauthorized', message: 'sign in again', fields: {} } };
  try {
    for (const [name, value] of Object.entries(given)) {
      if (typeof value !== 'string') {
        throw new ApiError('validation_failed', `${name} must be text`, [{ path: name, message: 'must be text' }]);
      }
    }
    refuseUnstorableFields(given);
    const { org, ...args } = given as { org: string } & Record<string, string>;
    const data = await withRole<ServiceDeps, [Record<K, string>], R>(minRole, fn)(
      getServiceDeps(),
      { userId: session.userId, email: session.email ?? '' },
      org,
      args as Record<K, string>,
    );
    return { ok: true, data };
  } catch (error) {
    return toActionError(error);
  }
}

/** The problems saving this YAML would be refused for (the API's validator), as the editor marks them. */
export async function checkSuiteYamlLive(org: string, yaml: string): Promise<ActionState<SuiteYamlDiagnostic[]>> {
  return asMember('VIEWER', { org, yaml }, async (_context, args) => checkSuiteYaml(args));
}

/** The next runs of a schedule being typed, or the refusal a save would get (plan minimum included). */
export async function previewScheduleLive(
  org: string,
  cron: string,
  timezone: string,
): Promise<ActionState<SchedulePreview>> {
  return asMember('VIEWER', { org, cron, timezone }, ({ deps, actor }, request) =>
    previewSchedule(deps, actor, request),
  );
}

/** A starter suite (one test per discovered tool) or a short example for a server, to fill the editor with. */
export async function starterSuiteLive(
  org: string,
  serverId: string,
  kind: 'starter' | 'example',
): Promise<ActionState<StarterSuite>> {
  return asMember('MEMBER', { org, serverId }, ({ deps, actor }, request) =>
    scaffoldStarterSuite(deps, actor, { ...request, kind: kind === 'example' ? 'example' : 'starter' }),
  );
}
