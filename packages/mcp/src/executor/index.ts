export { executeSuite, NOT_REPEATED_ACROSS_TRIALS, RUN_CANCELLED } from './execute-suite';
export type {
  ExecutedAssertion,
  ExecutedDecision,
  ExecutedToolClass,
  ExecuteSuiteOptions,
  ExecuteSuiteResult,
  ExecutionEvent,
  ExecutorServerOverride,
  SnapshotStore,
} from './types';
