'use server';
// Server actions the suite editors call while people type: checks that save nothing. Not `orgAction`: that wrapper
// revalidates the organization's pages after every success, which would re-render the page on every pause in typing;
// these take the same session and role check (`withRole`) and return plain data.
import type { ActionState } from '../../lib/action-state';
import { getSessionActor } from '../../server/auth/get-session-actor';
import { withRole } from '../../server/orgs/authorize';
import type { RoleName } from '../../server/orgs/org-schemas';
import { getServiceDeps } from '../../server/services/get-service-deps';
import type { ServiceDeps } from '../../server/services/service-deps';
import { checkSuiteYaml, type SuiteYamlDiagnostic } from '../../server/services/suites/check-suite-yaml';
import { previewSchedule, type SchedulePreview } from '../../server/services/suites/preview-schedule';
import { scaffoldStarterSuite, type StarterSuite } from '../../server/services/suites/scaffold-starter-suite';
import { toActionError } from '../../server/ui/org-action';
import type { OrgContext } from '../../server/orgs/authorize';

async function asMember<A extends unknown[], R>(
  minRole: RoleName,
  org: string,
  fn: (context: OrgContext<ServiceDeps>, ...args: A) => Promise<R>,
  ...args: A
): Promise<ActionState<R>> {
  const session = await getSessionActor();
  if (!session) return { ok: false, error: { code: 'unauthorized', message: 'sign in again', fields: {} } };
  try {
    const data = await withRole<ServiceDeps, A, R>(minRole, fn)(
      getServiceDeps(),
      { userId: session.userId, email: session.email ?? '' },
      String(org),
      ...args,
    );
    return { ok: true, data };
  } catch (error) {
    return toActionError(error);
  }
}

/** The problems saving this YAML would be refused for (the API's validator), as the editor marks them. */
export async function checkSuiteYamlLive(org: string, yaml: string): Promise<ActionState<SuiteYamlDiagnostic[]>> {
  return asMember('VIEWER', org, async (_context, text: string) => checkSuiteYaml({ yaml: text }), String(yaml));
}

/** The next runs of a schedule being typed, or the refusal a save would get (plan minimum included). */
export async function previewScheduleLive(
  org: string,
  cron: string,
  timezone: string,
): Promise<ActionState<SchedulePreview>> {
  return asMember(
    'VIEWER',
    org,
    ({ deps, actor }, request: { cron: string; timezone: string }) => previewSchedule(deps, actor, request),
    { cron: String(cron), timezone: String(timezone) },
  );
}

/** A starter suite (one test per discovered tool) or a short example for a server, to fill the editor with. */
export async function starterSuiteLive(
  org: string,
  serverId: string,
  kind: 'starter' | 'example',
): Promise<ActionState<StarterSuite>> {
  return asMember(
    'MEMBER',
    org,
    ({ deps, actor }, request: { serverId: string; kind: 'starter' | 'example' }) =>
      scaffoldStarterSuite(deps, actor, request),
    { serverId: String(serverId), kind: kind === 'example' ? 'example' : 'starter' },
  );
}
