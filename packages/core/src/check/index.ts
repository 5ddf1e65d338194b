export * from './expect-schema';
export {
  checkToolResult,
  filesToObserve,
  snapshotName,
  toolSnapshot,
  resultText as toolResultText,
  ToolSnapshot,
  EXPECTATION_ORDER,
  type CheckToolResultOptions,
  type CheckToolResultOutcome,
  type ExpectationFailure,
  type ExpectKey,
  type ObservedFile,
  type ObservedFileStates,
  type ToolCallResultData,
  type ToolContentBlock,
  type ToolObservation,
} from './check-tool-result';
