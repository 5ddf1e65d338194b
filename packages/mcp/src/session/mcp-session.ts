// An open MCP client session: thin wrappers over the SDK Client that return plain data, bound every request by a
// timeout, and turn every failure into a SessionError. Requests go through `client.request` with the result schema
// rather than the Client's convenience methods, because those validate structuredContent against the tool's
// outputSchema and throw: for a testing tool that check is an expectation (packages/core), not a transport failure.
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AnySchema, SchemaOutput } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CompleteResultSchema,
  CreateTaskResultSchema,
  EmptyResultSchema,
  ErrorCode,
  GetPromptResultSchema,
  GetTaskResultSchema,
  ListPromptsResultSchema,
  ListResourceTemplatesResultSchema,
  ListResourcesResultSchema,
  McpError,
  ReadResourceResultSchema,
  type CallToolResult,
  type CompleteResult,
  type GetPromptResult,
  type Implementation,
  type ListPromptsResult,
  type ListResourceTemplatesResult,
  type ListResourcesResult,
  type ListToolsResult,
  type LoggingLevel,
  type Progress,
  type ReadResourceResult,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  OVERSIZE_DATA_KEY,
  type CapturedNotification,
  type RecordingTransport,
  type TranscriptEntry,
} from './recording-transport';
import { describeServerFault, InvalidAnswerError, isOverCapStreamFault } from './server-fault';
import type { ListenFilter, ListenSubscription, ServerDiscovery, SessionClient } from './session-client';
import { describeNetworkError, redactSecrets, SessionError, type SessionErrorCode } from './session-error';

/** The fastest and slowest a task is polled with tasks/get, whatever pollInterval the server asks for. */
export const TASK_POLL_MIN_MS = 100;
const TASK_POLL_MAX_MS = 2000;
/** The transport a session actually uses (`auto` resolves to http or sse). */
export type SessionTransportKind = 'http' | 'sse' | 'stdio';

/** Options every request accepts. */
export interface SessionRequestOptions {
  /** Time allowed for the answer; default: the session's `requestTimeoutMs`. */
  readonly timeoutMs?: number;
  /** Aborting cancels the request (notifications/cancelled is sent) and rejects with code `cancelled`. */
  readonly signal?: AbortSignal;
}

/** Options of `callTool`. */
export interface CallToolOptions extends SessionRequestOptions {
  /** Restart the `timeoutMs` timer on each progress notification for this call (default true). */
  readonly resetTimeoutOnProgress?: boolean;
  /** Hard limit on the whole call however much progress arrives (default: none). */
  readonly maxTotalTimeoutMs?: number;
  /** Called for each progress notification of this call. */
  readonly onProgress?: (progress: Progress) => void;
  /**
   * Call with task augmentation (MCP 2025-11-25): the tool's listing says `execution.taskSupport: "required"`, so the
   * server answers tools/call with a task, polled with tasks/get until it ends, whose result tasks/result fetches.
   * The timeouts bound the whole exchange. Default false (a plain tools/call).
   */
  readonly task?: boolean;
}

/** What `callTool` returns: the tool's result as sent, and what it took to get it. */
export interface CallToolOutcome {
  /** The result as the server sent it; `isError: true` results are results, not exceptions. */
  readonly result: CallToolResult;
  readonly durationMs: number;
  /** How many notifications/progress arrived for this call. */
  readonly progressNotifications: number;
}

/** A completion reference: a prompt by name or a resource template by URI. */
export type CompletionRef =
  { readonly type: 'ref/prompt'; readonly name: string } | { readonly type: 'ref/resource'; readonly uri: string };

/** Matches captured notifications: a method name, or a predicate. */
export type NotificationMatcher = string | ((notification: CapturedNotification) => boolean);

/** Internals handed over by openSession; not for other callers. */
export interface McpSessionInit {
  /** The SDK v1 Client (2025 era) or the v2 client behind ModernSessionClient (2026-07-28). */
  readonly client: SessionClient;
  readonly era: 'modern' | 'legacy';
  readonly recorder: RecordingTransport;
  readonly transport: SessionTransportKind;
  /** Printable target: a display URL or the stdio command line. */
  readonly target: string;
  readonly protocolVersion: string;
  /** Modern era: the server/discover result (received, or adopted from an earlier session). */
  readonly discovery?: ServerDiscovery;
  readonly secrets: readonly string[];
  readonly requestTimeoutMs: number;
  readonly pid?: number;
  readonly stderrTail?: () => string;
}

/** What `request` takes: the public options plus the SDK's progress hooks. */
type InternalRequestOptions = SessionRequestOptions &
  Pick<CallToolOptions, 'maxTotalTimeoutMs' | 'resetTimeoutOnProgress'> &
  Pick<RequestOptions, 'onprogress'>;

type SessionState = 'open' | 'lost' | 'closing' | 'closed';

const DEFAULT_MAX_PAGES = 100;
/**
 * Total bytes (JSON) of the tool descriptors one listing may hold, over all its pages. Each page is already capped (one
 * message at 5 MiB), but 100 pages of it would be 500 MB held at once; real servers list well under 1 MiB.
 */
export const DEFAULT_MAX_TOOL_LISTING_BYTES = 8 * 1024 * 1024;
const TERMINATE_TIMEOUT_MS = 3000;
/**
 * The `_meta` key by which a 2026-07-28 request opts in to log messages at a level (it replaces logging/setLevel:
 * without it the server must send no notifications/message for the request).
 */
export const LOG_LEVEL_META_KEY = 'io.modelcontextprotocol/logLevel';
/**
 * Notifications that answer our own subscriptions/listen rather than report anything the server did: kept in the
 * transcript (and wire-validated) but not counted among the session's notifications, so a suite's notification
 * expectations read the same in both eras.
 */
const LISTEN_PLUMBING = new Set(['notifications/subscriptions/acknowledged']);
const isServerEvent = (notification: CapturedNotification) => !LISTEN_PLUMBING.has(notification.method);
const CLOSE_TIMEOUT_MS = 6000;

/** Resolves with `promise` or rejects after `ms`, clearing its timer either way. */
function within<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone. EPERM: the pid now belongs to someone else's process, so ours is gone too.
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function zodIssues(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('issues' in error)) return undefined;
  const issues = (error as { issues?: unknown }).issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  return issues
    .slice(0, 3)
    .map((issue: { path?: unknown[]; message?: string }) => {
      const where = Array.isArray(issue.path) && issue.path.length > 0 ? issue.path.join('.') : '(root)';
      return `${where}: ${issue.message ?? 'invalid'}`;
    })
    .join('; ');
}

/** An open MCP session. Create it with `openSession`; always `close()` it. */
/** A tools/list page where only what pagination and lookup need is checked; descriptors pass through as sent. */
const LenientListToolsResult = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string() })),
  nextCursor: z.string().optional(),
});

export class McpSession {
  /** The transport in use (what `auto` picked). */
  readonly transport: SessionTransportKind;
  /** The negotiated MCP protocol version (from the initialize result, or server/discover in the modern era). */
  readonly protocolVersion: string;
  /** `modern`: 2026-07-28 (stateless, no initialize, SDK v2 client); `legacy`: a 2025 revision (initialize). */
  readonly era: 'modern' | 'legacy';
  /** The server's `serverInfo`. */
  readonly serverInfo: Implementation;
  /** The server's declared capabilities. */
  readonly serverCapabilities: ServerCapabilities;
  /** The server's `instructions`, when it sent any. */
  readonly instructions: string | undefined;
  /** The stdio server's process id. */
  readonly pid: number | undefined;
  /**
   * Modern era: the server's server/discover result, which another session on the same server and headers can adopt
   * (`openSession({ priorDiscovery })`) instead of asking again. Undefined in the 2025 era.
   */
  readonly discovery: ServerDiscovery | undefined;

  private readonly client: SessionClient;
  private readonly recorder: RecordingTransport;
  private readonly target: string;
  private readonly secrets: readonly string[];
  private readonly requestTimeoutMs: number;
  private readonly stderrTail: () => string;
  private state: SessionState = 'open';
  private lastTransportError: Error | undefined;
  /** Errors reported through onerror so far, and the last one in words: a timeout names what went wrong meanwhile. */
  private faults = 0;
  private lastFault: string | undefined;
  /** One per request in flight: aborted when a fault means no answer can arrive (see isOverCapStreamFault). */
  private readonly inFlight = new Set<AbortController>();
  private closing: Promise<void> | undefined;
  private readonly stateListeners = new Set<() => void>();
  /*
   * The modern era's notification opt-ins. 2026-07-28 has no resources/subscribe and no logging/setLevel: the client
   * names the notifications it wants in one subscriptions/listen stream (list changes, updated resources), and the log
   * level rides in each request's _meta. The session keeps what was asked for and reopens the stream when it changes.
   */
  private readonly resourceSubscriptions = new Set<string>();
  private listChanges = false;
  private listening: ListenSubscription | undefined;
  private logLevel: LoggingLevel | undefined;

  /** @internal Use `openSession`. */
  constructor(init: McpSessionInit) {
    this.client = init.client;
    this.recorder = init.recorder;
    this.transport = init.transport;
    this.target = init.target;
    this.secrets = init.secrets;
    this.requestTimeoutMs = init.requestTimeoutMs;
    this.protocolVersion = init.protocolVersion;
    this.era = init.era;
    this.serverInfo = init.client.getServerVersion() ?? { name: '(unknown)', version: '(unknown)' };
    this.serverCapabilities = init.client.getServerCapabilities() ?? {};
    this.instructions = init.client.getInstructions();
    this.pid = init.pid;
    this.discovery = init.discovery;
    this.stderrTail = init.stderrTail ?? (() => '');
    this.client.onclose = () => {
      if (this.state === 'open') this.setState('lost');
    };
    this.client.onerror = (error) => {
      // The SDK reports progress that arrived after its request finished (see callTool); that is not a fault.
      if (error.message.startsWith('Received a progress notification for an unknown token')) return;
      this.lastTransportError = error;
      this.faults += 1;
      this.lastFault = describeServerFault(error);
      if (isOverCapStreamFault(error)) for (const request of this.inFlight) request.abort();
    };
  }

  /** True until `close()` is called or the connection is lost. */
  get isOpen(): boolean {
    return this.state === 'open';
  }

  /** The Streamable HTTP session id the server assigned, if any. */
  get sessionId(): string | undefined {
    return this.recorder.sessionId;
  }

  /** The last few KB the stdio server wrote to stderr ('' for remote servers). */
  serverStderr(): string {
    return redactSecrets(this.stderrTail(), this.secrets);
  }

  /** The current position in the transcript/notification sequence; pass it as `sinceSeq` to slice later. */
  mark(): number {
    return this.recorder.mark();
  }

  /** Every JSON-RPC message sent and received, in order (after `sinceSeq` when given). */
  transcript(sinceSeq = 0): TranscriptEntry[] {
    return this.recorder.transcript(sinceSeq);
  }

  /**
   * Every server notification (logging, progress, resources/updated, list_changed, ...) in arrival order; the
   * acknowledgement of our own subscriptions/listen is not one (it is in the transcript).
   */
  notifications(sinceSeq = 0): CapturedNotification[] {
    return this.recorder.notifications(sinceSeq).filter(isServerEvent);
  }

  /**
   * The first notification (after `sinceSeq`, default: from the start of the session) that matches, waiting up to
   * `timeoutMs` for one to arrive. Resolves `undefined` on timeout or when the session ends: a notification that
   * never came is an outcome for the caller to judge, not an error.
   */
  waitForNotification(
    matcher: NotificationMatcher,
    timeoutMs: number,
    options: { readonly sinceSeq?: number } = {},
  ): Promise<CapturedNotification | undefined> {
    const wanted = typeof matcher === 'string' ? (n: CapturedNotification) => n.method === matcher : matcher;
    const matches = (n: CapturedNotification) => isServerEvent(n) && wanted(n);
    const already = this.recorder.notifications(options.sinceSeq ?? 0).find(matches);
    if (already) return Promise.resolve(already);
    if (this.state !== 'open') return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const finish = (found: CapturedNotification | undefined) => {
        clearTimeout(timer);
        unsubscribe();
        this.stateListeners.delete(onEnd);
        resolve(found);
      };
      const onEnd = () => finish(undefined);
      const timer = setTimeout(onEnd, timeoutMs);
      const unsubscribe = this.recorder.subscribe((notification) => {
        if (matches(notification)) finish(notification);
      });
      this.stateListeners.add(onEnd);
    });
  }

  /**
   * tools/list, one page. Parsed leniently on purpose: a tester must see malformed descriptors (a hint that is not a
   * boolean, a missing inputSchema) to lint and classify them, where the SDK's strict schema would reject the page.
   */
  async listTools(
    params: { readonly cursor?: string } = {},
    options?: SessionRequestOptions,
  ): Promise<ListToolsResult> {
    return (await this.request('tools/list', cursorParams(params), LenientListToolsResult, options)) as ListToolsResult;
  }

  /**
   * tools/list following nextCursor, at most `maxPages` pages (default 100). `truncated` says the page cap was hit; a
   * cursor the server already returned is a protocol error (it would loop forever). The descriptors of all pages
   * together may take at most `maxBytes` (JSON, default `DEFAULT_MAX_TOOL_LISTING_BYTES`): past it the listing stops
   * with a `result_too_large` SessionError, so a server paging huge listings cannot make the caller hold them. `bytes`
   * is what the returned tools take.
   */
  async listAllTools(
    params: { readonly maxPages?: number; readonly maxBytes?: number } = {},
    options?: SessionRequestOptions,
  ): Promise<{ tools: Tool[]; pages: number; truncated: boolean; bytes: number }> {
    const maxPages = params.maxPages ?? DEFAULT_MAX_PAGES;
    const maxBytes = params.maxBytes ?? DEFAULT_MAX_TOOL_LISTING_BYTES;
    const tools: Tool[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    let bytes = 0;
    for (let pages = 1; ; pages++) {
      const page = await this.listTools(cursor === undefined ? {} : { cursor }, options);
      bytes += Buffer.byteLength(JSON.stringify(page.tools));
      if (bytes > maxBytes) {
        throw new SessionError(
          'result_too_large',
          `tools/list was stopped: the server's tool listing took more than ${maxBytes} bytes after ${pages} page${pages === 1 ? '' : 's'} (tool listings are capped in bytes per run and per discovery)`,
          { method: 'tools/list' },
        );
      }
      tools.push(...page.tools);
      cursor = page.nextCursor;
      if (cursor === undefined) return { tools, pages, truncated: false, bytes };
      if (seen.has(cursor)) {
        throw new SessionError('protocol_error', `tools/list returned the cursor "${cursor}" twice (pagination loop)`, {
          method: 'tools/list',
        });
      }
      seen.add(cursor);
      if (pages >= maxPages) return { tools, pages, truncated: true, bytes };
    }
  }

  /**
   * tools/call. Progress is always requested (a progressToken is sent), so progress can be counted and can keep the
   * timer alive; `maxTotalTimeoutMs` is a hard deadline even while progress keeps arriving.
   */
  async callTool(
    name: string,
    args: Record<string, unknown> = {},
    options: CallToolOptions = {},
  ): Promise<CallToolOutcome> {
    // Progress is counted from the wire, not from the SDK's onprogress: the SDK dispatches notifications a microtask
    // late but responses at once, so when the last progress and the result arrive in one chunk (legacy SSE does
    // this) its callback never sees that progress. The SDK callback stays installed for the timeout reset.
    const mark = this.recorder.mark();
    let token: string | number | undefined;
    let progressNotifications = 0;
    const unsubscribe = this.recorder.subscribe((notification) => {
      const params = notification.params;
      if (notification.method !== 'notifications/progress' || token === undefined) return;
      if (params?.progressToken !== token) return;
      progressNotifications += 1;
      const { progressToken: _token, ...progress } = params;
      options.onProgress?.(progress as Progress);
    });
    const started = performance.now();
    try {
      const requestOptions = {
        ...options,
        resetTimeoutOnProgress: options.resetTimeoutOnProgress ?? true,
        onprogress: () => undefined,
      };
      const pending =
        options.task === true
          ? this.callToolAsTask(name, args, requestOptions)
          : this.request(
              'tools/call',
              { name, arguments: args },
              CallToolResultSchema,
              requestOptions,
              `tools/call "${name}"`,
            );
      // The SDK sends synchronously inside request(), with the request id as progress token: it is the entry just
      // recorded.
      token = this.recorder.transcript(mark).find((e) => e.direction === 'sent' && e.method === 'tools/call')?.id;
      const result = await pending;
      return { result, durationMs: Math.round(performance.now() - started), progressNotifications };
    } finally {
      unsubscribe();
    }
  }

  /**
   * A task-augmented tools/call: the call creates a task (the request is sent before the first await, like a plain
   * call, so the caller finds its progress token), tasks/get polls it at the server's pollInterval (at most every
   * 2 s), and tasks/result fetches what the tool returned (for `failed` too: the result or error says why; for
   * `input_required` it delivers the server's requests, e.g. elicitation, and waits for the end). The whole exchange
   * shares one deadline: `maxTotalTimeoutMs`, else `timeoutMs`. A task left running on timeout or cancellation is
   * cancelled with tasks/cancel (best effort).
   */
  private async callToolAsTask(
    name: string,
    args: Record<string, unknown>,
    options: InternalRequestOptions,
  ): Promise<CallToolResult> {
    const label = `tools/call "${name}"`;
    const totalMs = options.maxTotalTimeoutMs ?? options.timeoutMs ?? this.requestTimeoutMs;
    const until = performance.now() + totalMs;
    const left = () => Math.max(1, Math.round(until - performance.now()));
    const step = (): InternalRequestOptions => ({
      timeoutMs: left(),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const answer = await this.request(
      'tools/call',
      { name, arguments: args, task: {} },
      TaskOrToolResultSchema,
      { ...options, timeoutMs: left(), maxTotalTimeoutMs: totalMs },
      label,
    );
    // A server that does not do tasks ignores `task` and answers with the result itself: that is the answer.
    const created = CreateTaskResultSchema.safeParse(answer);
    if (!created.success) return answer as CallToolResult;
    const taskId = created.data.task.taskId;
    let task: { status: string; pollInterval?: number | undefined; statusMessage?: string | undefined } =
      created.data.task;
    try {
      while (task.status === 'working') {
        // The server's pollInterval, kept between TASK_POLL_MIN_MS and TASK_POLL_MAX_MS: a hostile `0` (or a negative
        // number) would otherwise turn the wait into a tight loop of tasks/get until the deadline.
        const wait = Math.max(TASK_POLL_MIN_MS, Math.min(task.pollInterval ?? 500, TASK_POLL_MAX_MS));
        if (until - performance.now() <= wait) {
          throw new SessionError(
            'timeout',
            `${label} timed out after ${totalMs} ms: its task ${taskId} was still ${task.status}`,
            { method: 'tools/call' },
          );
        }
        await abortableDelay(wait, options.signal, () => new SessionError('cancelled', `${label} was cancelled`));
        task = await this.request('tasks/get', { taskId }, GetTaskResultSchema, step(), `tasks/get for ${label}`);
      }
      if (task.status === 'cancelled') {
        const why = task.statusMessage ? `: ${task.statusMessage}` : '';
        throw new SessionError('tool_call_failed', `${label}: the server cancelled its task ${taskId}${why}`, {
          method: 'tools/call',
        });
      }
      return await this.request('tasks/result', { taskId }, CallToolResultSchema, step(), label);
    } catch (error) {
      if (isSessionErrorCode(error, 'timeout') || isSessionErrorCode(error, 'cancelled')) {
        await this.request('tasks/cancel', { taskId }, CancelTaskResultSchema, { timeoutMs: 1000 }).catch(
          () => undefined,
        );
      }
      throw error;
    }
  }

  /** resources/list, one page. */
  listResources(
    params: { readonly cursor?: string } = {},
    options?: SessionRequestOptions,
  ): Promise<ListResourcesResult> {
    return this.request('resources/list', cursorParams(params), ListResourcesResultSchema, options);
  }

  /** resources/templates/list, one page. */
  listResourceTemplates(
    params: { readonly cursor?: string } = {},
    options?: SessionRequestOptions,
  ): Promise<ListResourceTemplatesResult> {
    return this.request('resources/templates/list', cursorParams(params), ListResourceTemplatesResultSchema, options);
  }

  /** resources/read. */
  readResource(uri: string, options?: SessionRequestOptions): Promise<ReadResourceResult> {
    return this.request('resources/read', { uri }, ReadResourceResultSchema, options, `resources/read "${uri}"`);
  }

  /**
   * Asks for notifications/resources/updated for `uri`. 2025 era: resources/subscribe. Modern era: the session's
   * subscriptions/listen stream is reopened with `uri` among its `resourceSubscriptions`; a server that does not
   * acknowledge the URI refuses the subscription (request_failed), as a 2025 server answers resources/subscribe with an
   * error.
   */
  async subscribeResource(uri: string, options?: SessionRequestOptions): Promise<void> {
    if (this.era === 'legacy') {
      await this.request('resources/subscribe', { uri }, EmptyResultSchema, options, `resources/subscribe "${uri}"`);
      return;
    }
    const added = !this.resourceSubscriptions.has(uri);
    this.resourceSubscriptions.add(uri);
    let honored: ListenFilter | undefined;
    try {
      honored = await this.relisten(`subscriptions/listen for "${uri}"`, options);
    } catch (error) {
      // Not listened for: the session wants what it wanted before (the previous stream is still open).
      if (added) this.resourceSubscriptions.delete(uri);
      throw error;
    }
    if (!honored?.resourceSubscriptions?.includes(uri)) {
      this.resourceSubscriptions.delete(uri);
      throw new SessionError(
        'request_failed',
        redactSecrets(
          `subscriptions/listen for "${uri}" failed: the server did not accept a subscription to this resource (its acknowledgement leaves it out${this.serverCapabilities.resources?.subscribe === true ? '' : '; it does not declare resources.subscribe'})`,
          this.secrets,
        ),
        { method: 'subscriptions/listen' },
      );
    }
  }

  /** Stops notifications/resources/updated for `uri`: resources/unsubscribe, or (modern) the stream without it. */
  async unsubscribeResource(uri: string, options?: SessionRequestOptions): Promise<void> {
    if (this.era === 'legacy') {
      await this.request(
        'resources/unsubscribe',
        { uri },
        EmptyResultSchema,
        options,
        `resources/unsubscribe "${uri}"`,
      );
      return;
    }
    if (!this.resourceSubscriptions.delete(uri)) return;
    await this.relisten(`subscriptions/listen without "${uri}"`, options);
  }

  /**
   * Makes sure list changes (tools, prompts, resources) reach the session. A 2025 server sends them unsolicited on the
   * session's stream, so this does nothing there; in the modern era the subscriptions/listen stream is (re)opened
   * asking for all three (the server acknowledges those it supports). True when a request was made.
   */
  async listenForListChanges(options?: SessionRequestOptions): Promise<boolean> {
    if (this.era === 'legacy' || this.listChanges) return false;
    this.listChanges = true;
    try {
      await this.relisten('subscriptions/listen', options);
    } catch (error) {
      this.listChanges = false;
      throw error;
    }
    return true;
  }

  /**
   * Opens a subscriptions/listen stream for what the session currently wants, then closes the previous one (so no
   * notification falls between the two), or just closes it when nothing is wanted. Returns what the server honoured.
   */
  private async relisten(label: string, options: SessionRequestOptions = {}): Promise<ListenFilter | undefined> {
    if (this.state !== 'open') throw this.notOpenError(label);
    const previous = this.listening;
    const filter: ListenFilter = {
      ...(this.listChanges ? { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true } : {}),
      ...(this.resourceSubscriptions.size > 0 ? { resourceSubscriptions: [...this.resourceSubscriptions] } : {}),
    };
    if (Object.keys(filter).length === 0) {
      this.listening = undefined;
      await previous?.close();
      return undefined;
    }
    const listen = this.client.listen?.bind(this.client);
    if (listen === undefined) {
      throw new SessionError('request_failed', `${label}: this session's client cannot open subscriptions/listen`, {
        method: 'subscriptions/listen',
      });
    }
    const timeoutMs = options.timeoutMs ?? this.requestTimeoutMs;
    const faultsBefore = this.faults;
    try {
      this.listening = await listen(filter, {
        timeout: timeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      throw this.mapRequestError(error, {
        method: 'subscriptions/listen',
        label,
        timeoutMs,
        maxTotalTimeoutMs: undefined,
        resetOnProgress: false,
        cancelled: options.signal?.aborted === true,
        deadlineHit: false,
        cutOff: false,
        fault: this.faults > faultsBefore ? this.lastFault : undefined,
      });
    }
    await previous?.close();
    return this.listening.honored;
  }

  /** prompts/list, one page. */
  listPrompts(params: { readonly cursor?: string } = {}, options?: SessionRequestOptions): Promise<ListPromptsResult> {
    return this.request('prompts/list', cursorParams(params), ListPromptsResultSchema, options);
  }

  /** prompts/get. */
  getPrompt(
    name: string,
    args: Record<string, string> = {},
    options?: SessionRequestOptions,
  ): Promise<GetPromptResult> {
    return this.request(
      'prompts/get',
      { name, arguments: args },
      GetPromptResultSchema,
      options,
      `prompts/get "${name}"`,
    );
  }

  /** completion/complete; `contextArguments` are the already-chosen arguments (completion context). */
  complete(
    ref: CompletionRef,
    argument: { readonly name: string; readonly value: string },
    options: SessionRequestOptions & { readonly contextArguments?: Record<string, string> } = {},
  ): Promise<CompleteResult> {
    const params = {
      ref,
      argument,
      ...(options.contextArguments ? { context: { arguments: options.contextArguments } } : {}),
    };
    return this.request('completion/complete', params, CompleteResultSchema, options);
  }

  /**
   * The server then sends notifications/message at this level and above. 2025 era: logging/setLevel. Modern era
   * (logging is deprecated in 2026-07-28 but still defined): no request; every later request of the session carries
   * the level in its `_meta`, and the server may log on that request's own stream only.
   */
  async setLoggingLevel(level: LoggingLevel, options?: SessionRequestOptions): Promise<void> {
    if (this.era === 'modern') {
      if (this.state !== 'open') throw this.notOpenError('logging level');
      this.logLevel = level;
      return;
    }
    await this.request('logging/setLevel', { level }, EmptyResultSchema, options);
  }

  /** ping. */
  async ping(options?: SessionRequestOptions): Promise<void> {
    await this.request('ping', undefined, EmptyResultSchema, options);
  }

  /**
   * Ends the session; never throws, safe to call twice. Streamable HTTP: DELETE terminates the server's session
   * (405 means the server does not support that, which is fine). stdio: the SDK ends stdin, then SIGTERM, then
   * SIGKILL; we then wait for the process to be gone and SIGKILL it ourselves if it is not, so no child outlives us.
   */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const wasOpen = this.state === 'open';
    this.setState('closing');
    // A listen stream is ended on purpose (abort and notifications/cancelled), not left to the connection's close.
    const listening = this.listening;
    this.listening = undefined;
    if (listening && wasOpen) {
      await within(listening.close(), TERMINATE_TIMEOUT_MS, () => new Error('listen close timed out')).catch(
        () => undefined,
      );
    }
    // Only a 2025 server hands out a session to end; a modern (stateless) one has none, so closing costs no request.
    if (this.transport === 'http' && wasOpen && this.recorder.sessionId !== undefined) {
      const inner = this.recorder.inner as StreamableHTTPClientTransport;
      await within(inner.terminateSession(), TERMINATE_TIMEOUT_MS, () => new Error('terminate timed out')).catch(
        () => undefined,
      );
    }
    await within(this.client.close(), CLOSE_TIMEOUT_MS, () => new Error('close timed out')).catch(() => undefined);
    if (this.pid !== undefined && !(await waitForExit(this.pid, 1000))) {
      try {
        process.kill(this.pid, 'SIGKILL');
      } catch {
        // Already gone between the check and the kill.
      }
      await waitForExit(this.pid, 1000);
    }
    this.setState('closed');
  }

  private setState(state: SessionState): void {
    this.state = state;
    if (state !== 'open') for (const listener of [...this.stateListeners]) listener();
  }

  private async request<S extends AnySchema>(
    method: string,
    params: Record<string, unknown> | undefined,
    schema: S,
    options: InternalRequestOptions = {},
    label: string = method,
  ): Promise<SchemaOutput<S>> {
    if (this.state !== 'open') throw this.notOpenError(label);
    const timeoutMs = options.timeoutMs ?? this.requestTimeoutMs;
    // The SDK checks maxTotalTimeout only when progress arrives; our own deadline makes it hard.
    const deadline = options.maxTotalTimeoutMs === undefined ? undefined : new AbortController();
    const deadlineTimer = deadline && setTimeout(() => deadline.abort(), options.maxTotalTimeoutMs);
    const cutOff = new AbortController();
    this.inFlight.add(cutOff);
    // The SDK is given a plain controller's signal of this request alone, fed by the caller's signal, the deadline and
    // the cut-off, not AbortSignal.any of them: the SDK adds an abort listener to the signal it gets and never removes
    // it, and Node keeps a composite signal that has listeners (its gcPersistentSignals) until it aborts, which a
    // request that ends normally never does; that kept every session of the process reachable through its client
    // (docs/capacity.md#worker-memory). A plain controller's signal is collected with the request.
    const requestAbort = new AbortController();
    const unlink: (() => void)[] = [];
    for (const source of [options.signal, deadline?.signal, cutOff.signal]) {
      if (source === undefined) continue;
      if (source.aborted) {
        requestAbort.abort(source.reason);
        break;
      }
      const forward = () => requestAbort.abort(source.reason);
      source.addEventListener('abort', forward, { once: true });
      unlink.push(() => source.removeEventListener('abort', forward));
    }
    const faultsBefore = this.faults;
    const requestOptions: RequestOptions = {
      timeout: timeoutMs,
      ...(options.resetTimeoutOnProgress === undefined
        ? {}
        : { resetTimeoutOnProgress: options.resetTimeoutOnProgress }),
      ...(options.maxTotalTimeoutMs === undefined ? {} : { maxTotalTimeout: options.maxTotalTimeoutMs }),
      ...(options.onprogress ? { onprogress: options.onprogress } : {}),
      signal: requestAbort.signal,
    };
    // The modern era's log level rides in each request's _meta (the SDK adds its envelope keys next to it).
    const sent =
      this.logLevel === undefined
        ? params
        : {
            ...params,
            _meta: { ...(params?._meta as Record<string, unknown> | undefined), [LOG_LEVEL_META_KEY]: this.logLevel },
          };
    try {
      return (await this.client.request(
        { method, ...(sent === undefined ? {} : { params: sent }) },
        schema,
        requestOptions,
      )) as SchemaOutput<S>;
    } catch (error) {
      throw this.mapRequestError(error, {
        method,
        label,
        timeoutMs,
        maxTotalTimeoutMs: options.maxTotalTimeoutMs,
        resetOnProgress: options.resetTimeoutOnProgress === true,
        cancelled: options.signal?.aborted === true,
        deadlineHit: deadline?.signal.aborted === true,
        cutOff: cutOff.signal.aborted,
        fault: this.faults > faultsBefore ? this.lastFault : undefined,
      });
    } finally {
      clearTimeout(deadlineTimer);
      this.inFlight.delete(cutOff);
      for (const remove of unlink) remove();
    }
  }

  private notOpenError(label: string): SessionError {
    if (this.state === 'lost') {
      return new SessionError('connection_lost', this.lostMessage(label));
    }
    return new SessionError('closed', `cannot send ${label}: the session is closed`);
  }

  private lostMessage(label: string): string {
    const why = this.lastTransportError ? `: ${describeNetworkError(this.lastTransportError)}` : '';
    const stderr = this.stderrTail().trim();
    const tail = stderr ? ` (server stderr: ${stderr.slice(-300)})` : '';
    return redactSecrets(`${label} failed: the connection to ${this.target} was lost${why}${tail}`, this.secrets);
  }

  private mapRequestError(
    error: unknown,
    context: {
      method: string;
      label: string;
      timeoutMs: number;
      maxTotalTimeoutMs: number | undefined;
      resetOnProgress: boolean;
      cancelled: boolean;
      deadlineHit: boolean;
      /** Aborted because a stream of the session went over its cap (the fault says which). */
      cutOff: boolean;
      /** What the server did wrong while this request waited, if anything was reported. */
      fault: string | undefined;
    },
  ): SessionError {
    if (error instanceof SessionError) return error;
    const { method, label } = context;
    const make = (
      code: SessionErrorCode,
      message: string,
      extra: { httpStatus?: number; rpc?: McpError; fault?: string } = {},
    ) =>
      new SessionError(code, redactSecrets(message, this.secrets), {
        method,
        ...(extra.fault === undefined ? {} : { serverFault: redactSecrets(extra.fault, this.secrets) }),
        ...(extra.httpStatus === undefined ? {} : { httpStatus: extra.httpStatus }),
        ...(extra.rpc
          ? {
              rpcError: {
                code: extra.rpc.code,
                message: redactSecrets(rpcMessage(extra.rpc), this.secrets),
                ...(extra.rpc.data === undefined ? {} : { data: extra.rpc.data }),
              },
            }
          : {}),
      });

    const fault = context.fault;
    const meanwhile = fault === undefined ? '' : `; meanwhile ${fault}`;
    if (context.cancelled) return make('cancelled', `${label} was cancelled`);
    if (context.deadlineHit || (error instanceof McpError && error.message.includes('Maximum total timeout'))) {
      return make('timeout', `${label} exceeded its total time limit of ${context.maxTotalTimeoutMs} ms${meanwhile}`, {
        ...(fault === undefined ? {} : { fault }),
      });
    }
    if (context.cutOff) {
      return make(
        'result_too_large',
        `no answer to ${label} can arrive: ${fault ?? 'an event stream went over its cap'}`,
        {
          ...(fault === undefined ? {} : { fault }),
        },
      );
    }
    if (isAbortError(error)) return make('cancelled', `${label} was cancelled`);
    if (error instanceof InvalidAnswerError) {
      return make('protocol_error', `the answer to ${label} is not valid JSON-RPC: ${error.message}`);
    }
    if (error instanceof McpError) {
      const data = error.data as Record<string, unknown> | undefined;
      if (data && data[OVERSIZE_DATA_KEY] === this.recorder.oversizeMarker) {
        return make(
          'result_too_large',
          `the response to ${label} is ${String(data.bytes)} bytes, over the ${String(data.limit)}-byte limit`,
        );
      }
      if (error.code === ErrorCode.RequestTimeout) {
        const reset = context.resetOnProgress ? ' (the timer restarts on each progress notification)' : '';
        return make('timeout', `${label} got no answer within ${context.timeoutMs} ms${reset}${meanwhile}`, {
          ...(fault === undefined ? {} : { fault }),
        });
      }
      if (error.code === ErrorCode.ConnectionClosed) {
        if (this.state === 'closing' || this.state === 'closed') {
          return make('closed', `${label} was interrupted: the session was closed`);
        }
        return make('connection_lost', this.lostMessage(label));
      }
      const code = method === 'tools/call' ? 'tool_call_failed' : 'request_failed';
      return make(code, `${label} failed: the server answered with error ${error.code}: ${rpcMessage(error)}`, {
        rpc: error,
      });
    }
    const issues = zodIssues(error);
    if (issues) return make('protocol_error', `the answer to ${label} is not valid MCP: ${issues}`);
    if (this.state === 'lost') return make('connection_lost', this.lostMessage(label));
    if (this.state === 'closing' || this.state === 'closed') {
      return make('closed', `${label} was interrupted: the session was closed`);
    }
    const httpStatus = httpStatusOf(error);
    const reason =
      httpStatus === undefined
        ? describeNetworkError(error)
        : `the server answered HTTP ${httpStatus}${bodyHint(error)}`;
    return make('transport_error', `sending ${label} to ${this.target} failed: ${reason}`, {
      ...(httpStatus === undefined ? {} : { httpStatus }),
    });
  }
}

function cursorParams(params: { readonly cursor?: string }): Record<string, unknown> | undefined {
  return params.cursor === undefined ? undefined : { cursor: params.cursor };
}

/** McpError prefixes its message with "MCP error N: "; the bare server message reads better. */
function rpcMessage(error: McpError): string {
  return error.message.replace(/^MCP error -?\d+:\s*/, '');
}

/** The HTTP status of an SDK transport error (StreamableHTTPError and SseError carry it as a numeric `code`). */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const name = (error as { constructor?: { name?: string } }).constructor?.name;
  const code = (error as { code?: unknown }).code;
  if (
    (name === 'StreamableHTTPError' || name === 'SseError') &&
    typeof code === 'number' &&
    code >= 100 &&
    code < 600
  ) {
    return code;
  }
  // SDK v2 (the modern era): SdkHttpError carries the status in `data.status`.
  if (name === 'SdkHttpError') {
    const status = (error as { data?: { status?: unknown } }).data?.status;
    if (typeof status === 'number' && status >= 100 && status < 600) return status;
  }
  return undefined;
}

/** A short excerpt of the body the SDK put in the error message, when there is one. */
export function bodyHint(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const body = /Error POSTing to endpoint(?: \(HTTP \d+\))?:\s*(.*)$/s.exec(message)?.[1]?.trim();
  if (!body || body === 'null') return '';
  // A gateway's error page: its markup says nothing, its title says which gateway error it is.
  if (/^(<!doctype html|<html)/i.test(body)) {
    const title = /<title>([^<]*)<\/title>|<h1>([^<]*)<\/h1>/i.exec(body);
    const name = (title?.[1] ?? title?.[2] ?? '').replace(/\s+/g, ' ').trim();
    return ` with an HTML page (text/html${name ? `: "${name.slice(0, 100)}"` : ''}), not MCP`;
  }
  // The SDK follows redirects only within the server's origin; its wording names an option mcptest does not offer.
  const text = body.replace(
    / \(redirectPolicy: 'same-origin'\)/,
    " (redirects are followed only within the server's origin)",
  );
  return `: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`;
}

/** The answer to a task-augmented tools/call: the task it created, or (from a server without tasks) the result. */
const TaskOrToolResultSchema = z.union([CreateTaskResultSchema, CallToolResultSchema]);

/** Waits `ms`, or rejects with `cancelled()` as soon as `signal` aborts. */
function abortableDelay(ms: number, signal: AbortSignal | undefined, cancelled: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function isSessionErrorCode(error: unknown, code: SessionErrorCode): boolean {
  return error instanceof SessionError && error.code === code;
}
