import type { RunFilterValues } from '@/components/runs/run-filters';
import type { Page } from '@/server/services/pagination';
import { listRuns } from '@/server/services/runs/list-runs';
import type { RunListItem } from '@/server/services/runs/run-schemas';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';

/**
 * One page of a run history page's list (20 runs, newest first) under the URL's filters, or null when the page link's
 * cursor is no longer valid (an old or edited link): the page then offers to start again from the newest runs
 * rather than fail. `suiteId` narrows to one suite whatever the filters say.
 */
export async function loadRunHistory(
  deps: ServiceDeps,
  actor: Actor,
  input: { values: RunFilterValues; cursor?: string; suiteId?: string },
): Promise<Page<RunListItem> | null> {
  const { values, cursor } = input;
  const suiteId = input.suiteId ?? values.suiteId;
  try {
    return await listRuns(deps, actor, {
      limit: 20,
      ...(cursor ? { cursor } : {}),
      ...(suiteId ? { suiteId } : {}),
      ...(values.status ? { status: values.status as 'queued' } : {}),
      ...(values.trigger ? { trigger: values.trigger as 'api' } : {}),
      ...(values.branch ? { branch: values.branch } : {}),
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'validation_failed' && cursor) return null;
    throw error;
  }
}
