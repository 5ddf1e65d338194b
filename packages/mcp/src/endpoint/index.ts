export {
  createMcptestMcpServer,
  MCPTEST_TOOL_ANNOTATIONS,
  type McptestMcpServerOptions,
  type McptestToolHandlers,
  type McptestToolName,
} from './create-mcptest-mcp-server';
export {
  handleMcpHttpRequest,
  MCPTEST_MCP_MAX_BODY_BYTES,
  mcpMethodNotAllowedResponse,
  type HandleMcpHttpRequestOptions,
  type McpRequestAdmission,
} from './handle-mcp-http-request';
export {
  GetRunInput,
  GetRunOutput,
  ListSuitesInput,
  ListSuitesOutput,
  MCPTEST_DEFAULT_LIST_LIMIT,
  MCPTEST_MAX_LIST_LIMIT,
  MCPTEST_MAX_WAIT_SECONDS,
  McptestAssertionResult,
  McptestLatestRun,
  McptestRegression,
  McptestRun,
  McptestRunStatus,
  McptestSuite,
  TriggerRunInput,
  TriggerRunOutput,
} from './mcptest-tool-schemas';
export {
  MCPTEST_ERROR_META_KEY,
  MCPTEST_TOOL_ERROR_CODES,
  McptestToolError,
  toolErrorResult,
  type McptestToolErrorCode,
} from './tool-error';
