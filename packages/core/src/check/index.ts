export * from './expect-schema';
export { checkToolResult, EXPECTATION_ORDER } from './check-tool-result';
export { filesToObserve } from './files-to-observe';
export { snapshotName, toolSnapshot, ToolSnapshot } from './tool-snapshot';
export { resultText as toolResultText } from './result-text';
export type { CheckToolResultOptions, CheckToolResultOutcome, ExpectationFailure, ExpectKey } from './expectation';
export type {
  ObservedFile,
  ObservedFileStates,
  ToolCallResultData,
  ToolContentBlock,
  ToolObservation,
} from './tool-observation';
