import type {
  AssertionResult,
  CallBudget,
  ExecPolicy,
  ProtocolChoice,
  ServerSurface,
  ToolClass,
  WireRevision,
} from '@mcptest/core';
import type { ConformanceRunReport } from '../conformance';
import type { AuthPostureReport } from '../auth-posture';
import type { SafeFetch } from '../net';
import type { Checker } from '../sandbox/checker';

/** Where `snapshot:` expectations keep their stored responses (a directory for the CLI, the database when hosted). */
export interface SnapshotStore {
  get(key: string): Promise<unknown | undefined>;
  set(key: string, value: unknown): Promise<void>;
}

/** A server to test instead of every assertion's own `server:` block. */
export interface ExecutorServerOverride {
  url: string;
  transport: 'auto' | 'http' | 'sse';
  headers?: Record<string, string> | undefined;
  /** The registered server's protocol era; default `auto`. `ExecuteSuiteOptions.protocol` overrides it. */
  protocol?: ProtocolChoice | undefined;
}

export interface ExecuteSuiteOptions {
  /** Replaces every assertion's server block (hosted runs; CLI --url). A stdio server without override needs allowStdio. */
  serverOverride?: ExecutorServerOverride | undefined;
  /**
   * SSRF-safe fetch for HTTP transports (packages/mcp/src/net). The executor sends every request of the run through
   * `fetch.withGate(...)` with the budget's request allowance in front, so each one is counted (and, in the worker,
   * passes the per-host politeness gate the fetch was made with).
   */
  fetch?: SafeFetch;
  /**
   * The protocol era or revision for every session (CLI `--protocol`), overriding the override's and the server
   * blocks' `protocol`. Absent: theirs, else `auto`.
   */
  protocol?: ProtocolChoice;
  /** Whether `server.command` (a local child process) may be started; the CLI allows it, hosted runs never do. */
  allowStdio: boolean;
  /**
   * Whether assertions may read this machine's files: `file_*` expectations, `audit_log`, `{{fixture}}` (and the
   * fixture directory). The CLI sets true; default false, as hosted runs need: there an assertion using them FAILs
   * with "... reads the runner's local files; only the CLI may" before anything is read, and fixtureDir is ignored.
   */
  allowLocalFiles?: boolean;
  /** Effective policy (tenant or CLI flags, already merged with the suite's `policy:` opt-ins by the caller). */
  policy: ExecPolicy;
  budget: CallBudget;
  /** Default 1; Mutating/Destructive calls are never repeated across trials (later trials SKIP with reason). */
  trials?: number;
  /** Absolute; `{{fixture}}`. */
  fixtureDir?: string | undefined;
  /** Copy the fixture dir per assertion (CLI local runs), so a tool that writes cannot affect the next assertion. */
  isolateFixtures?: boolean;
  /** For `${VAR}` and skip_unless_env. */
  env: Record<string, string | undefined>;
  updateSnapshots?: boolean;
  snapshotStore?: SnapshotStore;
  /** 'per-assertion' (default, isolation like mcp-assert) or 'shared' (one session per server for the suite, faster). */
  sessionMode?: 'per-assertion' | 'shared';
  onEvent?: (event: ExecutionEvent) => void;
  /**
   * Bytes (JSON) the run may hold in tool listings, all connections together (default 8 MiB): a listing past what is
   * left stops with an error and the assertion fails with it.
   */
  maxToolListingBytes?: number;
  /** Aborting stops scheduling: assertions not yet started are SKIP ("run cancelled"); a call in flight is cancelled. */
  signal?: AbortSignal;
  /**
   * Where checks of untrusted input run (the checker, templating, captures, trajectory, logging, notifications, the
   * policy's classification): default in this thread (the CLI); hosted runs pass a `createCheckPool` (worker threads
   * with a deadline per check), so a tenant's pattern or a server's answer cannot stall the worker.
   */
  checker?: Checker;
  /**
   * Read the server's whole surface (`readSurface`) once, on the run's first session that opens, reusing that
   * session's tools listing: hosted runs set it to record and compare surfaces (docs/health.md); it adds only the
   * resources, resource templates and prompts lists the server declares. Default false.
   */
  readSurface?: boolean;
}

/** The class and decision vocabulary of the policy, as stored with each result. */
export type ExecutedToolClass = ToolClass;
export type ExecutedDecision = 'Execute' | 'ExecuteOnce' | 'GenerateOnly' | 'Refuse';

export interface ExecutedAssertion extends AssertionResult {
  /** LoadedAssertion.key. */
  key: string;
  /** 0-based. */
  trial: number;
  toolClass?: ExecutedToolClass;
  decision?: ExecutedDecision;
  /**
   * The MCP revision whose official schema the assertion's messages were validated against (the negotiated one);
   * absent when `wire_schema: off` or the revision has no vendored schema. Findings are `wireFindings`.
   */
  wireRevision?: WireRevision;
  /** JSON-RPC messages, redacted where the tool's _meta marks results sensitive. */
  transcript?: unknown[] | undefined;
  /**
   * Set when the assertion tried to open a session to its server: `opened` once initialize was answered, `failed`
   * when it could not connect (the detail says why). `findUnreachableServer` (core) decides the run's status from it.
   */
  connection?: 'opened' | 'failed';
}

export type ExecutionEvent =
  | { type: 'assertion.started'; key: string; name: string; trial: number }
  | { type: 'assertion.finished'; result: ExecutedAssertion }
  | { type: 'budget.exhausted'; limit: number; scope: 'run' | 'tenant_daily'; unit?: 'requests' };

export interface ExecuteSuiteResult {
  /** In suite order, the trials of each assertion together (aggregateTrialsByName folds them). */
  results: ExecutedAssertion[];
  /** Tool calls that took from the budget during this run. */
  callsUsed: number;
  /** HTTP requests that took from the budget's request allowance during this run (tool calls included). */
  requestsUsed: number;
  /**
   * The MCP protocol version(s) the run's sessions negotiated, distinct, in the order first seen, joined with ", "
   * (one value unless assertions reach different servers); absent when no session opened.
   */
  protocolVersion?: string;
  /** Why the run stopped scheduling calls early (budget exhausted, cancelled); absent when everything was attempted. */
  stoppedReason?: string;
  /**
   * Why the server could not be tested at all: no assertion could open a session to it (the first reason). Absent
   * when one connected or none tried. Hosted runs end in `error` with it (see `findUnreachableServer`).
   */
  unreachable?: string;
  /**
   * The suite's `conformance:` block's report (its checks are also results, named `conformance <check id>`); absent
   * without a block, or when the run was cancelled or out of budget before the checks ran.
   */
  conformance?: ConformanceRunReport;
  /**
   * The suite's `auth_posture:` block's report (its findings are also results, named `auth_posture <finding id>`);
   * absent without a block, or when the run was cancelled or out of budget before the check ran.
   */
  authPosture?: AuthPostureReport;
  /**
   * The server's surface, read on the run's first session (`readSurface` option), and its hash (`hashSurface`);
   * absent when not asked, when no session opened, or when its lists were not valid MCP (`surfaceWarnings` says so).
   */
  surface?: ServerSurface;
  surfaceHash?: string;
  /** Lists of the surface that could not be read (notes, not failures). */
  surfaceWarnings?: string[];
}
