import type { CallBudget } from '@mcptest/core';
import { createMemoryCallBudget } from '@mcptest/mcp';

/**
 * The budget one suite runs under. `--max-calls` limits the whole run (every suite of the command takes from one
 * budget); a suite's own `policy: {max_calls}` may narrow that for its calls only, so it gets a second, per-suite
 * limit in front of the run's. Without a narrower suite limit the run's budget is used as it is.
 */
export function limitSuiteBudget(
  run: CallBudget,
  runLimit: number | undefined,
  suiteLimit: number | undefined,
): CallBudget {
  if (suiteLimit === undefined || suiteLimit === runLimit) return run;
  const suite = createMemoryCallBudget({ maxCalls: suiteLimit });
  return {
    async acquire() {
      const own = await suite.acquire();
      if (!own.ok) return own;
      // A call refused by the run's budget is not made; the suite's count being one high no longer matters then,
      // because the executor stops scheduling calls at the first refusal.
      return run.acquire();
    },
    async acquireRequest() {
      // The suite's request allowance follows its own max_calls, like its calls.
      const own = await suite.acquireRequest();
      if (!own.ok) return own;
      return run.acquireRequest();
    },
    used: () => suite.used(),
    requestsUsed: () => suite.requestsUsed(),
  };
}
