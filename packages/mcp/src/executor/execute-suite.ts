import path from 'node:path';
import {
  applyWireSchemaMode,
  assertionLocalFileUse,
  DEFAULT_WIRE_SCHEMA_MODE,
  budgetExhaustedMessage,
  describeLocalFileUse,
  findUnreachableServer,
  type BudgetExhausted,
  expandEnv,
  type LoadedAssertion,
  type LoadedSuite,
  type OutboundGate,
  redactToolResult,
  shouldRedact,
  type ServerSurface,
  type SuiteServer,
  type ToolCallResultData,
  type ToolDescriptor,
} from '@mcptest/core';
import type { FetchLike } from '../net';
import { type CallGate, createCallGate } from './call-gate';
import { describeSessionError } from './describe-session-error';
import {
  DEFAULT_MAX_TOOL_LISTING_BYTES,
  type CannedElicitation,
  type McpSession,
  type ServerDiscovery,
  type SessionClientCapabilities,
} from '../session';
import { isolateFixture } from './isolate-fixture';
import { type ConnectionSpec, openExecutorSession } from './open-executor-session';
import { checkWire } from './check-wire';
import { blockTool, type CallsVerdict, type PlannedCall, plannedCalls } from './plan-calls';
import { type AssertionOutcome, runServerAssertion, type ServerAssertion } from './run-server-assertion';
import { runTrajectory } from './run-trajectory';
import { runSuiteConformance } from './run-suite-conformance';
import { runSuiteAuthPosture } from './run-suite-auth-posture';
import { type Checker, type CheckRun, inProcessChecker } from '../sandbox/checker';
import { staticSkipReason } from './skip-reason';
import { hashSurface, readSurface } from '../surface';
import type { ExecutedAssertion, ExecuteSuiteOptions, ExecuteSuiteResult, ExecutionEvent } from './types';
import { isRecord } from '@mcptest/core';

/** The SKIP reason of later trials of an assertion that makes a Mutating (or allowed Destructive) call. */
export const NOT_REPEATED_ACROSS_TRIALS = 'mutating tool not repeated across trials';
/** The SKIP reason of assertions not started because the run was cancelled. */
export const RUN_CANCELLED = 'run cancelled';

/**
 * Runs a loaded suite against its server (or `serverOverride`) under the execution policy and the call budget, and
 * returns one result per assertion and trial, in suite order with the trials of an assertion together.
 *
 * Assertions run one after another, in the order written: suites against a stateful remote server (create, then
 * search) depend on that order, and one assertion at a time keeps results reproducible. Every request still goes
 * through the in-flight limit (policy.concurrency) and the pacer (policy.call_delay_ms), and every tools/call (setup
 * steps included) first takes one call from the budget. Before any call, each tool the assertion calls is classified
 * from tools/list and decided for a live run: Refuse (a Destructive tool without execute_destructive, also in setup)
 * skips the assertion with the policy's reason and no call; ExecuteOnce runs in the first trial only.
 *
 * Server trouble (cannot connect, timeout, protocol error) fails the one assertion and the run goes on; nothing here
 * throws for it. Each result says whether its session opened (`connection`), and when none could, the result's
 * `unreachable` says why, so a caller can tell an outage from failing tests. When the budget runs out, that assertion and every later one is SKIP with the budget's message.
 */
export async function executeSuite(suite: LoadedSuite, given: ExecuteSuiteOptions): Promise<ExecuteSuiteResult> {
  // Without local files there is no fixture directory to copy or hand out either.
  const options: ExecuteSuiteOptions =
    given.allowLocalFiles === true ? given : { ...given, fixtureDir: undefined, isolateFixtures: false };
  const trials = Math.max(1, Math.floor(options.trials ?? 1));
  let callsUsed = 0;
  let budgetEvent: BudgetExhausted | undefined;
  const emit = (event: ExecutionEvent) => {
    try {
      options.onEvent?.(event);
    } catch {
      // A listener's bug must not abort the run.
    }
  };
  const gate = createCallGate({
    budget: options.budget,
    concurrency: options.policy.concurrency,
    callDelayMs: options.policy.call_delay_ms,
  });
  let requestsUsed = 0;
  const countedGate: OutboundGate = async (request, signal) => {
    const release = await gate.requestGate(request, signal);
    requestsUsed += 1;
    return release;
  };
  // Every request of the run (sessions, lists, calls, each redirect hop) passes the request allowance.
  const fetch = options.fetch?.withGate(countedGate);
  const run: RunState = {
    options,
    fetch,
    checker: options.checker ?? inProcessChecker,
    gate,
    verdicts: new Map(),
    judged: new WeakMap(),
    shared: options.sessionMode === 'shared' ? new Map() : undefined,
    listings: new Map(),
    listingBytes: new Map(),
    eras: new Map(),
    discoveries: new Map(),
    protocolVersions: new Set(),
    wireOpeningChecked: new Set(),
    surface: undefined,
    surfaceWarnings: [],
    onBudgetExhausted(exhausted) {
      if (budgetEvent) return;
      budgetEvent = exhausted;
      emit({
        type: 'budget.exhausted',
        limit: exhausted.limit,
        scope: exhausted.scope,
        ...(exhausted.unit === undefined ? {} : { unit: exhausted.unit }),
      });
    },
    onToolCall() {
      callsUsed += 1;
    },
  };

  const results: ExecutedAssertion[] = [];
  let sharedFixture: Awaited<ReturnType<typeof isolateFixture>> | undefined;
  let conformance: ExecuteSuiteResult['conformance'];
  let authPosture: ExecuteSuiteResult['authPosture'];
  try {
    // The suite's conformance block runs once, before the assertions, on its own session in its revision's era.
    const checked = await runSuiteConformance(suite, {
      options,
      fetch,
      gate,
      cancelledReason: RUN_CANCELLED,
      onBudgetExhausted: (exhausted) => run.onBudgetExhausted(exhausted),
      onToolCall: () => run.onToolCall(),
    });
    conformance = checked.report;
    if (conformance?.protocolVersion !== undefined) run.protocolVersions.add(conformance.protocolVersion);
    for (const result of checked.results) {
      emit({ type: 'assertion.started', key: result.key, name: result.name, trial: 0 });
      results.push(result);
      emit({ type: 'assertion.finished', result });
    }
    // The auth-posture block, likewise once and before the assertions: raw requests at the server's gate, no tool.
    const posture = await runSuiteAuthPosture(suite, {
      options,
      fetch,
      gate,
      cancelledReason: RUN_CANCELLED,
      onBudgetExhausted: (exhausted) => run.onBudgetExhausted(exhausted),
    });
    authPosture = posture.report;
    for (const result of posture.results) {
      emit({ type: 'assertion.started', key: result.key, name: result.name, trial: 0 });
      results.push(result);
      emit({ type: 'assertion.finished', result });
    }
    if (run.shared && options.isolateFixtures && options.fixtureDir) {
      // One server session serves every assertion, so they share one copy of the fixture as well.
      sharedFixture = await isolateFixture(options.fixtureDir);
    }
    for (const assertion of suite.assertions) {
      for (let trial = 0; trial < trials; trial++) {
        emit({ type: 'assertion.started', key: assertion.key, name: assertion.name, trial });
        const result = await runAssertion(run, suite, assertion, trial, sharedFixture?.dir);
        results.push(result);
        emit({ type: 'assertion.finished', result });
      }
    }
  } finally {
    for (const entry of run.shared?.values() ?? []) {
      const opened = await entry;
      if (opened.ok) await opened.session.close().catch(() => undefined);
    }
    await sharedFixture?.cleanup();
  }

  const stoppedReason = budgetEvent
    ? budgetExhaustedMessage(budgetEvent)
    : options.signal?.aborted
      ? RUN_CANCELLED
      : undefined;
  const unreachable = options.signal?.aborted ? undefined : findUnreachableServer(results);
  const protocolVersion = [...run.protocolVersions].join(', ');
  return {
    results,
    callsUsed,
    requestsUsed,
    ...(protocolVersion === '' ? {} : { protocolVersion }),
    ...(stoppedReason === undefined ? {} : { stoppedReason }),
    ...(unreachable === undefined ? {} : { unreachable }),
    ...(conformance === undefined ? {} : { conformance }),
    ...(authPosture === undefined ? {} : { authPosture }),
    ...(run.surface?.read ? { surface: run.surface.read, surfaceHash: hashSurface(run.surface.read) } : {}),
    ...(run.surfaceWarnings.length > 0 ? { surfaceWarnings: run.surfaceWarnings } : {}),
  };
}

type OpenedSession =
  | { ok: true; session: McpSession; tools: ReadonlyMap<string, ToolDescriptor> }
  /** `connected`: the session opened and a later step (tools/list) failed, so the server was reached. */
  | { ok: false; detail: string; connected: boolean };

interface RunState {
  options: ExecuteSuiteOptions;
  /** `options.fetch` behind the run's request gate: the only fetch sessions of this run get. */
  fetch: FetchLike | undefined;
  checker: Checker;
  gate: CallGate;
  /** The policy's verdict per assertion key, from its first trial (so later trials need no session to be skipped). */
  verdicts: Map<string, CallsVerdict>;
  /** The checker's verdicts by listing, then by planned calls (see `judge`). */
  judged: WeakMap<ReadonlyMap<string, ToolDescriptor>, Map<string, CallsVerdict>>;
  /** Shared sessions by connection (sessionMode 'shared'); a failed open is remembered, not retried. */
  shared: Map<string, Promise<OpenedSession>> | undefined;
  /**
   * The last tools/list per connection (sessionMode 'per-assertion'): a later session whose planned tools are all in
   * it is not listed again. The listing only feeds classification and output schemas, which a server declares about
   * itself either way; listing once per session added a sixth request to each assertion's five (docs/benchmarks.md).
   */
  listings: Map<string, ReadonlyMap<string, ToolDescriptor>>;
  /** Bytes of the listing held per connection, so all of them together stay under `maxToolListingBytes`. */
  listingBytes: Map<string, number>;
  /** The era found per connection (see OpenExecutorSessionOptions.knownEra) and every negotiated version, in order. */
  eras: Map<string, 'modern' | 'legacy'>;
  /** The server/discover result per connection (modern era), adopted by later sessions (see knownDiscovery). */
  discoveries: Map<string, ServerDiscovery>;
  protocolVersions: Set<string>;
  /** Connections whose session-opening messages were validated already (once per run, see `checkWire`). */
  wireOpeningChecked: Set<string>;
  /** The server's surface (`readSurface` option): `{read: undefined}` once tried, so it is read at most once. */
  surface: { read: ServerSurface | undefined } | undefined;
  surfaceWarnings: string[];
  onBudgetExhausted(exhausted: BudgetExhausted): void;
  onToolCall(): void;
}

async function runAssertion(
  run: RunState,
  suite: LoadedSuite,
  assertion: LoadedAssertion,
  trial: number,
  sharedFixtureDir: string | undefined,
): Promise<ExecutedAssertion> {
  const started = performance.now();
  const base = {
    key: assertion.key,
    trial,
    name: assertion.name,
    file: assertion.file,
  };
  /** Once a session opened, every outcome of this assertion says the server was reached. */
  let reached = false;
  const finish = (
    outcome: AssertionOutcome,
    extra: Partial<ExecutedAssertion> = {},
    ended = performance.now(),
  ): ExecutedAssertion => ({
    ...base,
    ...(reached ? { connection: 'opened' as const } : {}),
    ...extra,
    status: outcome.status,
    detail: outcome.detail,
    durationMs: Math.round(ended - started),
  });
  const { options } = run;

  const skip = staticSkipReason(assertion, options.env);
  if (skip !== undefined) return finish({ status: 'SKIP', detail: skip });
  if (options.signal?.aborted) return finish({ status: 'SKIP', detail: RUN_CANCELLED });
  if (run.gate.exhausted) {
    // The request allowance may have run out on the previous session's close, which no assertion reported.
    run.onBudgetExhausted(run.gate.exhausted);
    return finish({ status: 'SKIP', detail: budgetExhaustedMessage(run.gate.exhausted) });
  }
  if (options.allowLocalFiles !== true) {
    // Hosted runs: refused before anything is read or called, whatever the stored suite says (docs/security.md).
    const use = assertionLocalFileUse(assertion);
    if (use) return finish({ status: 'FAIL', detail: describeLocalFileUse(use) });
  }

  if (assertion.kind === 'trajectory') {
    const outcome = await runTrajectory(assertion.block, {
      checker: run.checker,
      fixture: options.fixtureDir,
      env: options.env,
      baseDir: path.dirname(path.resolve(assertion.file)),
    });
    return finish(outcome.ok ? { status: 'PASS', detail: '' } : { status: 'FAIL', detail: outcome.detail });
  }

  const calls = plannedCalls(assertion);
  const tool = blockTool(assertion);
  const known = run.verdicts.get(assertion.key);
  if (known && trial > 0) {
    const decided = verdictFields(known, tool);
    if (!known.ok) return finish({ status: 'SKIP', detail: known.reason }, decided);
    if (known.once) return finish({ status: 'SKIP', detail: NOT_REPEATED_ACROSS_TRIALS }, decided);
  }

  let fixture = sharedFixtureDir ?? options.fixtureDir;
  let cleanup: (() => Promise<void>) | undefined;
  let session: McpSession | undefined;
  let ownSession = false;
  const deadline = started + assertion.timeoutMs;
  try {
    if (options.isolateFixtures && options.fixtureDir && !run.shared) {
      try {
        const copy = await isolateFixture(options.fixtureDir);
        fixture = copy.dir;
        cleanup = copy.cleanup;
      } catch (error) {
        return finish({ status: 'FAIL', detail: `could not copy the fixture directory: ${String(error)}` });
      }
    }

    const spec = await connectionSpec(run.checker, assertion, suite, options, fixture);
    if (!spec.ok) return finish({ status: 'FAIL', detail: spec.detail }, tool === undefined ? {} : { tool });
    const opened = await openSession(run, spec.spec, assertion, calls, deadline);
    if (!opened.ok) {
      if (options.signal?.aborted) return finish({ status: 'SKIP', detail: RUN_CANCELLED });
      if (run.gate.requestsExhausted) return requestsRanOut(run, finish, tool);
      const connection = opened.connected ? ('opened' as const) : ('failed' as const);
      return finish({ status: 'FAIL', detail: opened.detail }, { ...(tool === undefined ? {} : { tool }), connection });
    }
    session = opened.session;
    reached = true;
    ownSession = !run.shared;

    const judged = await judge(run, calls, opened.tools);
    if (!judged.ok) return finish({ status: 'FAIL', detail: judged.reason }, tool === undefined ? {} : { tool });
    const verdict = judged.value;
    run.verdicts.set(assertion.key, verdict);
    const decided = verdictFields(verdict, tool);
    if (!verdict.ok) return finish({ status: 'SKIP', detail: verdict.reason }, decided);
    if (verdict.once && trial > 0) return finish({ status: 'SKIP', detail: NOT_REPEATED_ACROSS_TRIALS }, decided);

    const since = session.mark();
    const outcome = await runServerAssertion({
      assertion,
      session,
      tools: opened.tools,
      gate: run.gate,
      fixture,
      env: options.env,
      deadline,
      timeoutMs: assertion.timeoutMs,
      signal: options.signal,
      since,
      checker: run.checker,
      snapshotStore: options.snapshotStore,
      updateSnapshots: options.updateSnapshots === true,
      onBudgetExhausted: run.onBudgetExhausted,
      onToolCall: run.onToolCall,
    });
    // A request the allowance refused (the call, or one of its session's) is not a failure of the server either.
    if (outcome.status === 'FAIL' && !options.signal?.aborted && run.gate.requestsExhausted) {
      return requestsRanOut(run, finish, tool, decided);
    }
    // A request cut short by the run's cancellation is not a failure of the server.
    // The duration is the server's exchange; validating it (the first time, compiling the schema) is not.
    const ended = performance.now();
    const cancelled = options.signal?.aborted && outcome.status === 'FAIL';
    const mode = suite.wireSchema ?? DEFAULT_WIRE_SCHEMA_MODE;
    const connection = JSON.stringify(spec.spec);
    const withOpening = !run.wireOpeningChecked.has(connection);
    run.wireOpeningChecked.add(connection);
    // Validated before redaction: the schema judges what the server sent, and only findings leave here.
    const wire = cancelled ? undefined : checkWire(session, since, mode, withOpening);
    const final = cancelled
      ? { status: 'SKIP' as const, detail: RUN_CANCELLED }
      : applyWireSchemaMode(outcome, wire?.findings ?? [], mode);
    return finish(
      final,
      {
        ...decided,
        transcript: redactTranscript(session.transcript(since), opened.tools),
        ...(wire ? { wireRevision: wire.revision } : {}),
        ...(wire && wire.findings.length > 0 ? { wireFindings: wire.findings } : {}),
      },
      ended,
    );
  } finally {
    if (ownSession) await session?.close().catch(() => undefined);
    await cleanup?.();
  }
}

/**
 * The request allowance refused a request this assertion needed (its session, a list, the call): not a failure of
 * the server, so SKIP with the budget's reason, and the run stops scheduling, as when tool calls run out.
 */
function requestsRanOut(
  run: RunState,
  finish: (outcome: AssertionOutcome, extra?: Partial<ExecutedAssertion>) => ExecutedAssertion,
  tool: string | undefined,
  decided: Partial<ExecutedAssertion> = {},
): ExecutedAssertion {
  const exhausted = run.gate.requestsExhausted!;
  run.onBudgetExhausted(exhausted);
  return finish(
    { status: 'SKIP', detail: budgetExhaustedMessage(exhausted) },
    { ...(tool === undefined ? {} : { tool }), ...decided },
  );
}

/**
 * The policy's verdict on `calls` against a listing, from the checker (classification runs the tenant's globs on the
 * server's tool names). Remembered per listing and calls: a listing is reused across the run's sessions, so a suite of
 * calls to one tool crosses to the checker once.
 */
async function judge(
  run: RunState,
  calls: readonly PlannedCall[],
  tools: ReadonlyMap<string, ToolDescriptor>,
): Promise<CheckRun<CallsVerdict>> {
  const key = JSON.stringify(calls);
  let known = run.judged.get(tools);
  const cached = known?.get(key);
  if (cached) return { ok: true, value: cached };
  // Only the descriptors of the tools called cross to the checker (the listing can be large).
  const called = new Map(calls.flatMap((c) => (tools.has(c.tool) ? [[c.tool, tools.get(c.tool)!]] : [])));
  const judged = await run.checker.run('judgeCalls', calls, called, run.options.policy);
  if (judged.ok) {
    if (!known) run.judged.set(tools, (known = new Map()));
    known.set(key, judged.value);
  }
  return judged;
}

function verdictFields(verdict: CallsVerdict, tool: string | undefined): Partial<ExecutedAssertion> {
  return {
    ...(tool === undefined ? {} : { tool }),
    ...(verdict.toolClass === undefined ? {} : { toolClass: verdict.toolClass }),
    ...(verdict.decision === undefined ? {} : { decision: verdict.decision }),
  };
}

/**
 * Opens (or, in shared mode, reuses) a session and lists its tools, unless an earlier session of this run on the same
 * connection listed every tool `calls` plans to call; both paced like every request.
 */
async function openSession(
  run: RunState,
  spec: ConnectionSpec,
  assertion: ServerAssertion,
  calls: readonly PlannedCall[],
  deadline: number,
): Promise<OpenedSession> {
  const key = JSON.stringify(spec);
  const open = async (): Promise<OpenedSession> => {
    const timeoutMs = Math.max(1, deadline - performance.now());
    let session: McpSession | undefined;
    try {
      const knownEra = run.eras.get(key);
      const knownDiscovery = run.discoveries.get(key);
      const opening = () =>
        openExecutorSession(spec, {
          timeoutMs,
          allowStdio: run.options.allowStdio,
          ...(run.fetch ? { fetch: run.fetch } : {}),
          ...(knownEra ? { knownEra } : {}),
          ...(knownDiscovery ? { knownDiscovery } : {}),
        });
      // Adopting a known discover result sends nothing, so there is no request to pace or to count in flight.
      session = await (knownDiscovery ? opening() : run.gate.send(opening));
      run.eras.set(key, session.era);
      if (session.discovery) run.discoveries.set(key, session.discovery);
      run.protocolVersions.add(session.protocolVersion);
      const known = run.shared ? undefined : run.listings.get(key);
      if (known && calls.every((call) => known.has(call.tool))) return { ok: true, session, tools: known };
      const opened = session;
      // The run's listing allowance minus what other connections' listings hold (this one's is replaced).
      let heldElsewhere = 0;
      for (const [other, bytes] of run.listingBytes) if (other !== key) heldElsewhere += bytes;
      const maxBytes = Math.max(0, (run.options.maxToolListingBytes ?? DEFAULT_MAX_TOOL_LISTING_BYTES) - heldElsewhere);
      const listed = await run.gate.send(() =>
        opened.listAllTools(
          { maxBytes },
          {
            timeoutMs: Math.max(1, deadline - performance.now()),
            ...(run.options.signal ? { signal: run.options.signal } : {}),
          },
        ),
      );
      const tools = new Map(listed.tools.map((t) => [t.name, t as ToolDescriptor]));
      run.listings.set(key, tools);
      run.listingBytes.set(key, listed.bytes);
      if (run.options.readSurface === true && run.surface === undefined) {
        await readRunSurface(run, opened, listed, deadline);
      }
      return { ok: true, session, tools };
    } catch (error) {
      await session?.close().catch(() => undefined);
      return {
        ok: false,
        detail: describeSessionError(error, session ? 'tools/list' : 'connect', assertion.timeoutMs),
        connected: session !== undefined,
      };
    }
  };
  if (!run.shared) return open();
  let entry = run.shared.get(key);
  if (!entry) {
    entry = open();
    run.shared.set(key, entry);
  }
  return entry;
}

/**
 * The run's one reading of the server's surface, on its first listed session: the listing it has is reused, so only
 * the resources, templates and prompts lists the server declares are sent (paced as one request). Never fails the
 * assertion: what could not be read is a warning, and no surface is recorded when the lists are not valid MCP.
 */
async function readRunSurface(
  run: RunState,
  session: McpSession,
  listed: { tools: readonly unknown[]; truncated: boolean; pages: number },
  deadline: number,
): Promise<void> {
  run.surface = { read: undefined };
  try {
    const read = await run.gate.send(() =>
      readSurface(session, {
        maxToolPages: listed.pages,
        requestTimeoutMs: Math.max(1, deadline - performance.now()),
        ...(run.options.signal ? { signal: run.options.signal } : {}),
        tools: { tools: listed.tools, truncated: listed.truncated },
      }),
    );
    run.surface.read = read.surface;
    run.surfaceWarnings.push(...read.warnings);
  } catch (error) {
    run.surfaceWarnings.push(`the surface was not recorded: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * How to reach the server for one assertion: the override (hosted runs, --url) or its own server block, with `${VAR}`
 * expanded in headers and stdio env, `{{fixture}}` in stdio args, and the block's client capabilities (roots as
 * file:// URIs of the templated paths; an assert_sampling block answers sampling with its mock_text unless the server
 * block already configures sampling, as mcp-assert does).
 */
async function connectionSpec(
  checker: Checker,
  assertion: ServerAssertion,
  suite: LoadedSuite,
  options: ExecuteSuiteOptions,
  fixture: string | undefined,
): Promise<{ ok: true; spec: ConnectionSpec } | { ok: false; detail: string }> {
  const server: SuiteServer | undefined = assertion.server ?? suite.server;
  const vars = { fixture, captured: {}, env: options.env };

  const capabilities = server?.clientCapabilities;
  const roots: { uri: string; name: string }[] = [];
  for (const root of capabilities?.roots ?? []) {
    const ran = await checker.run('renderTemplate', root, vars);
    if (!ran.ok) return { ok: false, detail: `server.client_capabilities.roots: ${ran.reason}` };
    const rendered = ran.value;
    if (!rendered.ok) return { ok: false, detail: `server.client_capabilities.roots: ${rendered.error.message}` };
    // The CLI takes a relative root from its working directory; a hosted run must not tell the tenant's server where
    // the worker runs, so there a relative root is taken from `/`.
    const absolute =
      options.allowLocalFiles === true
        ? path.resolve(String(rendered.value))
        : path.posix.resolve('/', String(rendered.value));
    roots.push({ uri: `file://${absolute}`, name: path.basename(absolute) });
  }
  const sampling =
    capabilities?.sampling !== undefined
      ? {
          text: capabilities.sampling.text,
          ...(capabilities.sampling.model === undefined ? {} : { model: capabilities.sampling.model }),
          ...(capabilities.sampling.stop_reason === undefined ? {} : { stopReason: capabilities.sampling.stop_reason }),
        }
      : assertion.kind === 'assert_sampling'
        ? { text: assertion.block.mock_text, model: assertion.block.mock_model ?? 'mock' }
        : undefined;
  const elicitation = capabilities?.elicitation && cannedElicitation(capabilities.elicitation);
  const mocks: SessionClientCapabilities = {
    ...(capabilities?.roots !== undefined ? { roots } : {}),
    ...(sampling ? { sampling } : {}),
    ...(elicitation ? { elicitation } : {}),
  };

  if (options.serverOverride) {
    return {
      ok: true,
      spec: {
        transport: options.serverOverride.transport,
        url: options.serverOverride.url,
        headers: options.serverOverride.headers ?? {},
        mocks,
        protocol: options.protocol ?? options.serverOverride.protocol ?? server?.protocol ?? 'auto',
      },
    };
  }
  if (!server) {
    return { ok: false, detail: 'no server to test: the assertion has no `server:` block and no server URL was given' };
  }
  if (server.transport === 'stdio') {
    if (!options.allowStdio) {
      return {
        ok: false,
        detail: 'stdio servers cannot run here: hosted runs test the registered remote server (give a URL instead)',
      };
    }
    if (server.command === undefined) return { ok: false, detail: 'server: a stdio server needs `command`' };
    const args: string[] = [];
    for (const arg of server.args) {
      const ran = await checker.run('renderTemplate', arg, vars);
      if (!ran.ok) return { ok: false, detail: `server.args: ${ran.reason}` };
      const rendered = ran.value;
      if (!rendered.ok) return { ok: false, detail: `server.args: ${rendered.error.message}` };
      args.push(String(rendered.value));
    }
    // Like mcp-assert, a stdio server inherits the caller's environment (only the CLI may start one: it is the user's
    // own machine), with the suite's `env:` on top; otherwise variables such as MEMORY_FILE_PATH never reach it.
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(options.env)) if (value !== undefined) env[name] = value;
    for (const [name, value] of Object.entries(server.env)) {
      const expanded = expandEnv(value, options.env);
      if (!expanded.ok) return { ok: false, detail: `server.env.${name}: ${expanded.error.message}` };
      env[name] = expanded.value;
    }
    return {
      ok: true,
      spec: {
        transport: 'stdio',
        command: server.command,
        args,
        env,
        mocks,
        protocol: options.protocol ?? server.protocol,
      },
    };
  }
  if (server.url === undefined) return { ok: false, detail: `server: transport ${server.transport} needs a \`url\`` };
  const url = expandEnv(server.url, options.env);
  if (!url.ok) return { ok: false, detail: `server.url: ${url.error.message}` };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(server.headers)) {
    const expanded = expandEnv(value, options.env);
    if (!expanded.ok) return { ok: false, detail: `server.headers.${name}: ${expanded.error.message}` };
    headers[name] = expanded.value;
  }
  return {
    ok: true,
    spec: {
      transport: server.transport,
      url: url.value,
      headers,
      mocks,
      protocol: options.protocol ?? server.protocol,
    },
  };
}

/**
 * mcp-assert's elicitation mock: `action` (accept, decline or cancel; default accept) and the form values under
 * `content`, or, without a `content` key, every other key of the map.
 */
function cannedElicitation(preset: Record<string, unknown>): CannedElicitation {
  const action = preset.action === 'decline' || preset.action === 'cancel' ? preset.action : 'accept';
  const values = isRecord(preset.content)
    ? preset.content
    : Object.fromEntries(Object.entries(preset).filter(([key]) => key !== 'action'));
  return { action, content: values as CannedElicitation['content'] };
}

/**
 * The transcript as stored: tools/call results of tools whose `_meta` marks results sensitive are replaced by
 * redacted copies (matched to their request by JSON-RPC id).
 */
function redactTranscript(entries: unknown[], tools: ReadonlyMap<string, ToolDescriptor>): unknown[] {
  const sensitiveIds = new Set<string | number>();
  for (const entry of entries) {
    const message = messageOf(entry);
    if (message?.method !== 'tools/call' || message.id === undefined) continue;
    const name = (message.params as { name?: unknown } | undefined)?.name;
    const descriptor = typeof name === 'string' ? tools.get(name) : undefined;
    if (descriptor && shouldRedact(descriptor)) sensitiveIds.add(message.id as string | number);
  }
  if (sensitiveIds.size === 0) return entries;
  return entries.map((entry) => {
    const message = messageOf(entry);
    if (!message || message.method !== undefined || !sensitiveIds.has(message.id as string | number)) return entry;
    if (typeof message.result !== 'object' || message.result === null) return entry;
    const redacted = { ...message, result: redactToolResult(message.result as ToolCallResultData) };
    return isRecord(entry) && 'message' in entry ? { ...entry, message: redacted } : redacted;
  });
}

/** A transcript entry's JSON-RPC message (entries wrap it as `{message}`; a bare message is itself). */
function messageOf(entry: unknown): { method?: unknown; id?: unknown; params?: unknown; result?: unknown } | undefined {
  if (!isRecord(entry)) return undefined;
  const message = 'message' in entry && isRecord(entry.message) ? entry.message : entry;
  return message as { method?: unknown; id?: unknown; params?: unknown; result?: unknown };
}
