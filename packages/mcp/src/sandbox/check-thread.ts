// The entry of a check pool's worker thread (piscina calls the default export once per task). Bundled on its own
// beside the worker (dist/check-thread.js); from source, create-check-pool.ts bundles it once per process.
import { type CheckTask, runCheckTask } from './check-ops';

export default function checkThread(task: CheckTask): unknown {
  if (task.startedAt) Atomics.store(new BigInt64Array(task.startedAt), 0, BigInt(Date.now()));
  return runCheckTask(task);
}
