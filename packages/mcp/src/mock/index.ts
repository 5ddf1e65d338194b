export {
  answerToolCall,
  matchesArguments,
  renderArgsTemplate,
  type MockAnswer,
  type MockCallResult,
} from './answer-tool-call';
export { loadMockDefinition, type LoadMockDefinitionResult, type MockDefinitionError } from './load-mock-definition';
export {
  MockServerDefinition,
  MockServerFile,
  MockTool,
  MockToolResponse,
  MockResponseCase,
  MockProtocolError,
  MockResource,
  MockPrompt,
  MockResourceTemplate,
  MockContentBlock,
  MOCK_DEFAULT_ERROR_CODE,
} from './mock-schema';
export {
  MOCK_PATHS,
  startMockServer,
  type MockCall,
  type MockServerHandle,
  type MockTransport,
  type StartMockServerOptions,
} from './start-mock-server';
