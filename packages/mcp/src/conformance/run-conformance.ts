import {
  budgetExhaustedMessage,
  checksFor,
  classifyTool,
  decide,
  evaluateConformance,
  COMPLETION_PROBE,
  NOT_FOUND_RESOURCE_URI,
  type CallBudget,
  type ConformanceFixture,
  type ConformanceObservations,
  type ConformanceRevision,
  type ConformanceRunReport,
  type ConformanceToolFixture,
  type ExecPolicy,
  type ProtocolChoice,
  type Observed,
  type ToolDescriptor,
} from '@mcptest/core';
import { isSessionError, openSession, type McpSession, type SessionFetch } from '../session';

export interface RunConformanceOptions {
  readonly url: string;
  /** Default `http` (Streamable HTTP, as the official harness); a suite's server may say `sse` or `auto`. */
  readonly transport?: 'http' | 'sse' | 'auto';
  readonly revision: ConformanceRevision;
  /** The session's era; default the revision itself, so a 2025 server is never judged by 2026 rules or the reverse. */
  readonly protocol?: ProtocolChoice;
  readonly headers?: Readonly<Record<string, string>>;
  /** The SSRF-safe fetch (createSafeFetch); the session's every request goes through it. */
  readonly fetch?: SessionFetch;
  readonly policy: ExecPolicy;
  /** Taken before every tools/call; a refusal skips the check. */
  readonly budget?: CallBudget;
  /** Tools the user names for fixture keys (`simple_text_tool: echo`). */
  readonly fixtures?: Readonly<Record<string, ConformanceFixture>>;
  readonly expectedFailures?: readonly string[];
  readonly timeoutMs?: number;
  /**
   * Aborting (the run's cancellation or time limit) stops the checks: a request in flight is cancelled and nothing
   * more is sent; the session is still closed.
   */
  readonly signal?: AbortSignal;
  /**
   * Runs each request (the session open, each check's request) under the caller's in-flight limit and pacing, as the
   * executor's CallGate.send does for assertions; default: sent directly.
   */
  readonly send?: <T>(request: () => Promise<T>) => Promise<T>;
}

/** Defined in core (the run report and the worker's storage read it too); exported here where it is made. */
export type { ConformanceRunReport };

function observeResult<T>(run: () => Promise<T>): Promise<Observed<T>> {
  return run().then(
    (value): Observed<T> => ({ kind: 'result', value }),
    (error: unknown): Observed<T> => {
      if (isSessionError(error) && error.rpcError) {
        const { code, message, data } = error.rpcError;
        return { kind: 'rpc_error', code, message, ...(data === undefined ? {} : { data }) };
      }
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    },
  );
}

type ToolPick = { ok: true; tool: string; arguments: Record<string, unknown> } | { ok: false; reason: string };

/**
 * Which tool a fixture check may call, under the exec policy: the tool the user named (their consent, though a
 * Destructive one still needs `execute_destructive`), else the reference fixture's tool when the server lists it and
 * the policy classifies it read-only. Otherwise nothing is called and the check is SKIPPED with the reason.
 */
function pickTool(
  fixture: ConformanceToolFixture,
  named: ConformanceFixture | undefined,
  tools: readonly ToolDescriptor[],
  policy: ExecPolicy,
): ToolPick {
  const name = named === undefined ? fixture.defaultTool : typeof named === 'string' ? named : named.tool;
  const args = named !== undefined && typeof named !== 'string' ? (named.arguments ?? {}) : { ...fixture.arguments };
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) {
    return {
      ok: false,
      reason:
        named === undefined
          ? `the server lists no "${name}" tool; name one with fixtures: {${fixture.key}: <tool>}`
          : `the fixture tool "${name}" (${fixture.key}) is not listed by the server`,
    };
  }
  const classification = classifyTool(tool, policy);
  if (named === undefined && classification.class !== 'ReadOnly' && classification.class !== 'ReadOnlyPresumed') {
    return {
      ok: false,
      reason: `"${name}" is ${classification.class} (${classification.reason}); only read-only tools or named fixtures are called`,
    };
  }
  const decision = decide(classification.class, 'live', policy);
  if (decision.decision === 'Refuse' || decision.decision === 'GenerateOnly') {
    return { ok: false, reason: `"${name}" not called: ${decision.reason?.message ?? 'refused by the exec policy'}` };
  }
  return { ok: true, tool: name, arguments: args };
}

async function gather(
  session: McpSession,
  options: RunConformanceOptions,
  calls: string[],
): Promise<Omit<ConformanceObservations, 'revision' | 'connect'>> {
  const { timeoutMs, signal } = options;
  const req = { ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(signal === undefined ? {} : { signal }) };
  const send = options.send ?? ((request) => request());
  // Each request waits its turn at the caller's gate; once the run is aborted nothing more is sent.
  const observe = <T>(run: () => Promise<T>): Promise<Observed<T>> =>
    signal?.aborted === true
      ? Promise.resolve({ kind: 'not_run', reason: 'run cancelled' })
      : observeResult(() => send(run));
  const checks = checksFor(options.revision);
  const wants = (id: string) => checks.some((check) => check.id === id);
  const ping = wants('ping') ? await observe(() => session.ping(req)) : undefined;
  const toolsList: Observed<unknown>[] = [];
  const probes = wants('tools-list-deterministic-order') ? 3 : 1;
  for (let i = 0; i < probes; i++) {
    toolsList.push(await observe(() => session.listTools({}, req)));
    if (toolsList[i]?.kind !== 'result') break;
  }
  // Sent whatever the server's capabilities say, as the official harness does: the requirement set requires them,
  // and a listing or a read of an unknown URI changes nothing.
  const resourcesList = await observe(() => session.listResources({}, req));
  const promptsList = await observe(() => session.listPrompts({}, req));
  const completion = wants('completion-complete')
    ? await observe(() =>
        session.complete(
          { type: 'ref/prompt', name: COMPLETION_PROBE.prompt },
          { name: COMPLETION_PROBE.argument, value: COMPLETION_PROBE.value },
          req,
        ),
      )
    : undefined;
  const resourceNotFound = wants('sep-2164-error-code')
    ? { ...(await observe(() => session.readResource(NOT_FOUND_RESOURCE_URI, req))), uri: NOT_FOUND_RESOURCE_URI }
    : undefined;

  const first = toolsList[0];
  const listed =
    first?.kind === 'result' ? ((first.value as { tools?: ToolDescriptor[] }).tools ?? []) : ([] as ToolDescriptor[]);
  const toolCalls: Record<string, Observed<unknown> & { tool?: string }> = {};
  for (const check of checks) {
    const fixture = check.toolFixture;
    if (fixture === undefined || toolCalls[fixture.key] !== undefined) continue;
    if (first?.kind !== 'result') {
      toolCalls[fixture.key] = { kind: 'not_run', reason: 'tools/list failed, so no tool is known to be safe to call' };
      continue;
    }
    const pick = pickTool(fixture, options.fixtures?.[fixture.key], listed, options.policy);
    if (!pick.ok) {
      toolCalls[fixture.key] = { kind: 'not_run', reason: pick.reason };
      continue;
    }
    if (signal?.aborted === true) {
      toolCalls[fixture.key] = { kind: 'not_run', reason: 'run cancelled' };
      continue;
    }
    if (options.budget) {
      const acquired = await options.budget.acquire();
      if (!acquired.ok) {
        toolCalls[fixture.key] = { kind: 'not_run', reason: budgetExhaustedMessage(acquired.exhausted) };
        continue;
      }
    }
    calls.push(pick.tool);
    const outcome = await observe(async () => (await session.callTool(pick.tool, pick.arguments, req)).result);
    toolCalls[fixture.key] = { ...outcome, tool: pick.tool };
  }
  return {
    ...(ping === undefined ? {} : { ping }),
    toolsList,
    resourcesList,
    promptsList,
    ...(completion === undefined ? {} : { completion }),
    ...(resourceNotFound === undefined ? {} : { resourceNotFound }),
    toolCalls,
  };
}

/**
 * Runs the conformance checks of one revision against a server through mcptest's own session (SSRF-safe fetch,
 * headers, budget), then judges them with core's catalog. Never throws for the server's sake: a failed connect is
 * the connect check's FAIL and every other check's SKIPPED.
 */
export async function runConformance(options: RunConformanceOptions): Promise<ConformanceRunReport> {
  const started = Date.now();
  const calls: string[] = [];
  let session: McpSession | undefined;
  let connectError: string | undefined;
  const send = options.send ?? ((request) => request());
  try {
    if (options.signal?.aborted === true) throw new Error('run cancelled');
    session = await send(() =>
      openSession({
        transport: options.transport ?? 'http',
        url: options.url,
        protocol: options.protocol ?? options.revision,
        ...(options.headers === undefined ? {} : { headers: options.headers }),
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
        clientInfo: { name: 'mcptest-conformance', version: '0.1.0' },
        ...(options.timeoutMs === undefined
          ? {}
          : { connectTimeoutMs: options.timeoutMs, requestTimeoutMs: options.timeoutMs }),
      }),
    );
  } catch (error) {
    connectError = error instanceof Error ? error.message : String(error);
  }
  let observations: ConformanceObservations;
  if (session === undefined) {
    observations = { revision: options.revision, connect: { ok: false, message: connectError ?? 'no session' } };
  } else {
    try {
      observations = {
        revision: options.revision,
        connect: { ok: true, era: session.era, protocolVersion: session.protocolVersion },
        ...(await gather(session, options, calls)),
      };
    } finally {
      await session.close();
    }
  }
  const summary = evaluateConformance(observations, options.expectedFailures ?? []);
  return {
    ...summary,
    ...(session === undefined ? {} : { protocolVersion: session.protocolVersion }),
    toolCalls: calls,
    durationMs: Date.now() - started,
  };
}
