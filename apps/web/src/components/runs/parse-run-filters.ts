import { RunStatus, RunTrigger } from '@/server/services/runs/run-schemas';
import type { RunFilterValues } from './run-filters';

/**
 * The filters of a run history page from its URL. An empty field of the GET form means "any"; a value the list
 * service would refuse (hand-edited URL) is dropped and named, so the page still lists runs.
 */
export function parseRunFilters(params: Record<string, string | string[] | undefined>): {
  values: RunFilterValues;
  cursor?: string;
  ignored: string[];
} {
  const one = (key: string) => {
    const value = params[key];
    const text = Array.isArray(value) ? value[0] : value;
    return text && text.trim() !== '' ? text.trim() : undefined;
  };
  const ignored: string[] = [];
  const values: RunFilterValues = {};
  const status = one('status');
  if (status) {
    if (RunStatus.safeParse(status).success) values.status = status;
    else ignored.push(`status “${status}”`);
  }
  const trigger = one('trigger');
  if (trigger) {
    if (RunTrigger.safeParse(trigger).success) values.trigger = trigger;
    else ignored.push(`trigger “${trigger}”`);
  }
  const branch = one('branch');
  if (branch) {
    if (branch.length <= 255) values.branch = branch;
    else ignored.push('a branch over 255 characters');
  }
  const suiteId = one('suiteId');
  if (suiteId) values.suiteId = suiteId.slice(0, 100);
  const cursor = one('cursor');
  return { values, ...(cursor && cursor.length <= 200 ? { cursor } : {}), ignored };
}
