import type { SloBreach } from '../slo/evaluate-slo';
import { type RunRow, type RunWebhookRun, toRunWebhookRun } from './run-resource';

/**
 * Raised when a finished run finds a latency target of its suite's `slo:` newly breached (docs/webhooks.md,
 * docs/health.md#latency-slos): met over the previous run's window, not met over this one's.
 */
export const SLO_BREACHED_EVENT = 'slo.breached';

export interface SloBreachedBody {
  type: typeof SLO_BREACHED_EVENT;
  timestamp: string;
  data: {
    /** The targets newly breached (those still breached since an earlier run are in `run.sloBreaches`). */
    breaches: SloBreach[];
    /** The run whose end judged them. */
    run: RunWebhookRun;
  };
}

/** The body of an `slo.breached` delivery, built when the run that found the breach ends. */
export function buildSloBreachedBody(
  breaches: readonly SloBreach[],
  run: RunRow,
  appUrl: string,
  now: Date,
): SloBreachedBody {
  return {
    type: SLO_BREACHED_EVENT,
    timestamp: (run.finishedAt ?? now).toISOString(),
    data: { breaches: [...breaches], run: toRunWebhookRun(run, appUrl) },
  };
}
