/** A content block of a CallToolResult. Only `text` blocks are read; image, audio and resource blocks are ignored. */
export interface ToolContentBlock {
  readonly type: string;
  readonly text?: unknown;
}

/** The parts of an MCP CallToolResult the checker reads (the SDK's CallToolResult is assignable to it). */
export interface ToolCallResultData {
  readonly content?: readonly ToolContentBlock[] | undefined;
  readonly structuredContent?: unknown;
  readonly isError?: unknown;
}

/** A file as the executor found it. `unreadable` is any read error other than "does not exist". */
export type ObservedFile =
  | { readonly state: 'present'; readonly content: string }
  | { readonly state: 'absent' }
  | { readonly state: 'unreadable'; readonly reason: string };

/** A file read before the tool call (only for file_unchanged) and after it. */
export interface ObservedFileStates {
  readonly before?: ObservedFile;
  readonly after?: ObservedFile;
}

/** Everything the checker needs to know about one tool call. */
export interface ToolObservation {
  readonly result: ToolCallResultData;
  /** Wall time of the tools/call request, for max_ms. */
  readonly durationMs: number;
  /**
   * notifications/progress received during setup and the call. Leave undefined when they were not captured: like
   * mcp-assert (which counts only with `capture_progress: true`), min_progress is then not checked.
   */
  readonly progressNotifications?: number;
  /** The tool's declared outputSchema from tools/list, for output_schema. */
  readonly outputSchema?: unknown;
  /** Keyed by the path exactly as written in the expect block (see `filesToObserve`). */
  readonly files?: Readonly<Record<string, ObservedFileStates>>;
}
