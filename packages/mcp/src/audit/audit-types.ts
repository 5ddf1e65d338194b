import type {
  AuditOutcomeKind,
  AuditProbeKind,
  AuditRefusalCode,
  AuditScore,
  CallBudget,
  ClassificationSource,
  ExecDecisionKind,
  ExecPolicy,
  InvalidInputProbe,
  ProtocolChoice,
  LintFinding,
  ScaffoldedFile,
  ToolCallResultData,
  ToolClass,
  ToolDescriptor,
} from '@mcptest/core';

/** Transports the audit can use; `auto` tries Streamable HTTP and falls back to legacy SSE. */
export type AuditTransport = 'auto' | 'http' | 'sse';

/**
 * The MCP session as the audit needs it: list the tools, call one, close. `openAuditSession` adapts the session module
 * to it; tests of the audit's own logic can pass another opener.
 */
export interface AuditSession {
  listTools(options: { timeoutMs: number }): Promise<ToolDescriptor[]>;
  /** Resolves with the tool result (isError included); rejects on JSON-RPC errors, transport failures and timeouts. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    /** `task`: call with task augmentation (the tool's listing says taskSupport "required"). */
    options: { timeoutMs: number; task?: boolean },
  ): Promise<ToolCallResultData>;
  /** What the server said about itself during initialize, for the report. */
  readonly server: AuditServerInfo;
  close(): Promise<void>;
}

export interface AuditServerInfo {
  name?: string;
  version?: string;
  protocolVersion?: string;
  /** The transport actually used (`auto` resolved). */
  transport?: 'http' | 'sse';
}

export type OpenAuditSession = () => Promise<AuditSession>;

export interface RunAuditOptions {
  url: string;
  /** Default `auto`. */
  transport?: AuditTransport;
  /** The protocol era or revision of the audit's sessions (docs/protocol.md); default `auto`. */
  protocol?: ProtocolChoice;
  /** Static headers for every request (auth); their values never appear in the report or the scaffold. */
  headers?: Record<string, string>;
  /** The SSRF-safe fetch (packages/mcp/src/net) for every HTTP request of the session. */
  fetch?: typeof fetch;
  /** Classification, decisions, concurrency and call delay. Default: every default. */
  policy?: ExecPolicy;
  /** Taken once before every tools/call; default unlimited. */
  budget?: CallBudget;
  /** Per request (tools/list, each tools/call). Default 30 s. */
  timeoutMs?: number;
  /** Also call read-only tools with deliberately invalid arguments (see invalidInputProbes). Default false. */
  invalidProbes?: boolean;
  /** Progress, for a CLI spinner or a live UI. */
  onEvent?: (event: AuditEvent) => void;
  /** Replaces the real session (tests); default: `openAuditSession` with url, transport, headers and fetch. */
  openSession?: OpenAuditSession;
}

export type AuditEvent =
  | { type: 'audit.connected'; server: AuditServerInfo }
  | { type: 'audit.tools_listed'; count: number }
  | { type: 'audit.probe_started'; tool: string; probe: string }
  | { type: 'audit.probe_finished'; tool: string; result: AuditProbeReport };

/** One call the audit made, or decided not to make. */
export interface AuditProbeReport {
  kind: AuditProbeKind;
  /** `valid`, or the invalid probe's id (`missing-required`, `wrong-type`, `unexpected-property`). */
  id: 'valid' | InvalidInputProbe['id'];
  args: Record<string, unknown>;
  outcome: AuditOutcomeKind;
  detail: string;
  refusal?: AuditRefusalCode;
  /** Wall time of the tools/call; absent when no call was made. */
  durationMs?: number;
}

export interface AuditToolReport {
  name: string;
  class: ToolClass;
  source: ClassificationSource;
  /** Why the tool got its class. */
  reason: string;
  /** The decision for the audit's live call. */
  live: ExecDecisionKind;
  /** The decision for the scaffolded test (GenerateOnly for Destructive tools unless execute_destructive). */
  generate: ExecDecisionKind;
  /** The headline: the valid probe's outcome. */
  outcome: AuditOutcomeKind;
  /** The valid probe first, then invalid-input probes. */
  probes: AuditProbeReport[];
  /** Where synthesized values are guesses. */
  argumentNotes: string[];
  /** Why no arguments could be synthesized (the tool was then not called). */
  argumentsProblem?: string;
}

export interface AuditReport {
  server: AuditServerInfo & { url: string };
  /** In the order the probes ran: read-only first, then mutating, destructive last. */
  tools: AuditToolReport[];
  lints: LintFinding[];
  score: AuditScore;
  /** One starter test per tool (same order as `tools`), file names unique; the CLI writes them with `--out`. */
  scaffold: ScaffoldedFile[];
  /** tools/call requests actually sent. */
  callsMade: number;
  durationMs: number;
}

export type AuditFailureCode = 'connect_failed' | 'list_tools_failed';

export type RunAuditResult =
  { ok: true; report: AuditReport } | { ok: false; error: { code: AuditFailureCode; message: string } };

/** The observed result of the valid probe, kept for scaffolding (not part of the JSON report). */
export interface ObservedResult {
  outcome: AuditOutcomeKind;
  result?: ToolCallResultData;
}
