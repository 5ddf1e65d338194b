// The check pool (worker threads, piscina) is its own entry, `@mcptest/mcp/check-pool`: only the worker process uses
// it, and the web app, which bundles this package, must not pull in worker-thread code.
export { CHECK_OPS, type CheckArgs, type CheckOp, type CheckTask, type CheckValue } from './check-ops';
export { type Checker, type CheckRun, inProcessChecker } from './checker';
