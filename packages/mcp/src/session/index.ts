export { openSession, type OpenSessionOptions, type SessionFetch } from './open-session';
export {
  McpSession,
  DEFAULT_MAX_TOOL_LISTING_BYTES,
  type CallToolOptions,
  type CallToolOutcome,
  type CompletionRef,
  type NotificationMatcher,
  type SessionRequestOptions,
  type SessionTransportKind,
} from './mcp-session';
export type { CapturedNotification, OmittedMessage, TranscriptEntry } from './recording-transport';
export type { ServerDiscovery } from './session-client';
export type {
  CannedElicitation,
  CannedSampling,
  ElicitationHandler,
  SamplingHandler,
  SessionClientCapabilities,
  SessionRoot,
} from './client-handlers';
export {
  SessionError,
  isSessionError,
  type SessionErrorCode,
  type SessionErrorDetails,
  type SessionRpcError,
} from './session-error';
