import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from './get-suite-or-throw';
import { getSuiteVersion } from './list-suite-versions';
import type { SuiteResource } from './suite-schemas';
import { toSuiteResource } from './suite-resource';
import { updateSuite } from './update-suite';

/**
 * Makes an old version current again by saving its YAML as a new version through `updateSuite` (history is never
 * rewritten, so a restore can itself be undone the same way). `restored: false` when the suite already holds exactly
 * that YAML: nothing is saved then.
 */
export async function restoreSuiteVersion(
  deps: ServiceDeps,
  actor: Actor,
  suiteId: string,
  version: number,
): Promise<{ suite: SuiteResource; restored: boolean }> {
  const old = await getSuiteVersion(deps, actor, suiteId, version);
  const current = await getSuiteOrThrow(deps, actor, suiteId);
  if (current.yaml === old.yaml) return { suite: toSuiteResource(current, deps.appUrl, deps.now()), restored: false };
  return { suite: await updateSuite(deps, actor, suiteId, { yaml: old.yaml }), restored: true };
}
