export { CHECK_OPS, type CheckArgs, type CheckOp, type CheckTask, type CheckValue } from './check-ops';
export { type Checker, type CheckRun, inProcessChecker } from './checker';
export {
  checkMemoryLimitReason,
  checkTimeLimitReason,
  createCheckPool,
  type CheckPool,
  type CheckPoolOptions,
} from './create-check-pool';
