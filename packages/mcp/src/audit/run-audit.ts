import {
  classifyAuditOutcome,
  decide,
  dedupeScaffoldFileNames,
  defaultExecPolicy,
  invalidInputProbes,
  lintTools,
  orderByPhase,
  classifyRisk,
  scaffoldSuite,
  scoreAudit,
  synthesizeArguments,
  type AuditObservation,
  type AuditProbeKind,
  type BudgetExhausted,
  type ExecDecision,
  type ExecPolicy,
  type InvalidInputProbe,
  type RiskLevel,
  type ToolClassification,
  type ToolDescriptor,
  budgetExhaustedMessage,
  toolTaskSupport,
} from '@mcptest/core';
import { createInFlightLimiter } from '../budget/in-flight-limiter';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { createPacer } from '../budget/pacer';
import { isSessionError } from '../session';
import type {
  AuditProbeReport,
  AuditSession,
  AuditToolReport,
  ObservedResult,
  OpenAuditSession,
  RunAuditOptions,
  RunAuditResult,
} from './audit-types';
import { openAuditSession } from './open-audit-session';

const DEFAULT_TIMEOUT_MS = 30_000;

/** Session failures after which the session cannot carry another call; the next probe opens a new one. */
const SESSION_BREAKING = new Set(['connection_lost', 'transport_error', 'connect_failed', 'closed']);

interface PlannedTool {
  tool: ToolDescriptor;
  classification: ToolClassification;
  /** Its risk phase: probes run read-only first, destructive last (orderByPhase). */
  phase: RiskLevel;
  live: ExecDecision;
  generate: ExecDecision;
}

/** Turns whatever a failed call threw into what the outcome classifier reads. */
export function observeCallError(error: unknown, timeoutMs: number): AuditObservation {
  if (isSessionError(error)) {
    switch (error.code) {
      case 'timeout':
        return { kind: 'timeout', afterMs: timeoutMs };
      case 'tool_call_failed':
      case 'request_failed':
        if (error.rpcError) return { kind: 'rpc_error', code: error.rpcError.code, message: error.rpcError.message };
        break;
      default:
        break;
    }
    return {
      kind: 'transport_error',
      message: error.message,
      ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
    };
  }
  // An SDK McpError that reached us unwrapped still carries its JSON-RPC code.
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number') {
    const { code, message } = error as { code: number; message?: unknown };
    return { kind: 'rpc_error', code, message: typeof message === 'string' ? message : String(message) };
  }
  return { kind: 'transport_error', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Keeps one session open for the audit and replaces it when a call broke it, so one crashing tool does not turn
 * every later probe into a crash. Opening is lazy and serialized: concurrent probes share one attempt.
 */
function sessionKeeper(open: OpenAuditSession, first: AuditSession) {
  let active: AuditSession | undefined = first;
  let pending: Promise<AuditSession> | undefined;
  return {
    get(): Promise<AuditSession> {
      if (active) return Promise.resolve(active);
      // A failed reopen is reported by the probes that awaited it; the next probe tries again.
      pending ??= open().then(
        (session) => {
          active = session;
          pending = undefined;
          return session;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    markBroken(session: AuditSession): void {
      if (active !== session) return;
      active = undefined;
      void session.close().catch(() => undefined);
    },
    async close(): Promise<void> {
      const session = active ?? (await pending?.catch(() => undefined));
      active = undefined;
      await session?.close().catch(() => undefined);
    },
  };
}

/**
 * Audits a server (docs/audit.md): open a session, list and lint the tools, classify each and decide the live call,
 * then, read-only first and destructive last, call every tool the policy lets the audit call (Execute, ExecuteOnce)
 * once with synthesized arguments, plus invalid-input probes for read-only tools when asked. Refused tools (Destructive
 * without execute_destructive) are never called. Outcomes are classified, the score computed, and a starter test
 * scaffolded per tool under the `generate` decision. Returns `ok: false` only when the server cannot be reached or
 * will not list its tools; every per-tool failure is an outcome in the report.
 */
export async function runAudit(options: RunAuditOptions): Promise<RunAuditResult> {
  const started = performance.now();
  const policy: ExecPolicy = options.policy ?? defaultExecPolicy();
  const budget = options.budget ?? createMemoryCallBudget();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = options.transport ?? 'auto';
  const emit = options.onEvent ?? (() => undefined);
  const open: OpenAuditSession =
    options.openSession ??
    (() =>
      openAuditSession({
        url: options.url,
        transport,
        ...(options.headers === undefined ? {} : { headers: options.headers }),
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
        ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
        timeoutMs,
      }));

  let firstSession: AuditSession;
  try {
    firstSession = await open();
  } catch (error) {
    return { ok: false, error: { code: 'connect_failed', message: errorMessage(error) } };
  }
  emit({ type: 'audit.connected', server: firstSession.server });
  const sessions = sessionKeeper(open, firstSession);

  try {
    let tools: ToolDescriptor[];
    try {
      tools = await firstSession.listTools({ timeoutMs });
    } catch (error) {
      return { ok: false, error: { code: 'list_tools_failed', message: `tools/list failed: ${errorMessage(error)}` } };
    }
    emit({ type: 'audit.tools_listed', count: tools.length });

    const lints = lintTools(tools, policy);
    const planned: PlannedTool[] = orderByPhase(
      tools.map((tool) => {
        const { classification, risk } = classifyRisk(tool, policy);
        return {
          tool,
          classification,
          phase: risk.level,
          live: decide(classification.class, 'live', policy),
          generate: decide(classification.class, 'generate', policy),
        };
      }),
      (plan) => plan.phase,
    );

    const limiter = createInFlightLimiter(policy.concurrency);
    const pacer = createPacer(policy.call_delay_ms);
    let exhausted: BudgetExhausted | undefined;
    let callsMade = 0;

    /** Makes one call under the budget, the call delay and the in-flight limit; never throws. */
    const probe = async (
      plan: PlannedTool,
      kind: AuditProbeKind,
      id: AuditProbeReport['id'],
      args: Record<string, unknown>,
    ): Promise<{ report: AuditProbeReport; observed: ObservedResult }> => {
      const name = plan.tool.name;
      emit({ type: 'audit.probe_started', tool: name, probe: id });
      const finish = (observation: AuditObservation, durationMs?: number) => {
        const outcome = classifyAuditOutcome(kind, observation);
        const report: AuditProbeReport = {
          kind,
          id,
          args,
          outcome: outcome.outcome,
          detail: outcome.detail,
          ...(outcome.refusal === undefined ? {} : { refusal: outcome.refusal }),
          ...(durationMs === undefined ? {} : { durationMs }),
        };
        emit({ type: 'audit.probe_finished', tool: name, result: report });
        return {
          report,
          observed: {
            outcome: outcome.outcome,
            ...(observation.kind === 'result' ? { result: observation.result } : {}),
          },
        };
      };

      return limiter.run(async () => {
        if (exhausted === undefined) {
          const acquired = await budget.acquire();
          if (!acquired.ok) exhausted = acquired.exhausted;
        }
        if (exhausted !== undefined) {
          return finish({ kind: 'refused', code: 'budget_exhausted', message: budgetExhaustedMessage(exhausted) });
        }
        let session: AuditSession;
        try {
          session = await sessions.get();
        } catch (error) {
          return finish({ kind: 'transport_error', message: `could not reconnect: ${errorMessage(error)}` });
        }
        await pacer.wait();
        const callStarted = performance.now();
        callsMade += 1;
        try {
          const task = toolTaskSupport(plan.tool) === 'required';
          const result = await session.callTool(name, args, { timeoutMs, ...(task ? { task } : {}) });
          return finish({ kind: 'result', result }, Math.round(performance.now() - callStarted));
        } catch (error) {
          if (isSessionError(error) && SESSION_BREAKING.has(error.code)) sessions.markBroken(session);
          return finish(observeCallError(error, timeoutMs), Math.round(performance.now() - callStarted));
        }
      });
    };

    const auditTool = async (plan: PlannedTool): Promise<{ report: AuditToolReport; observed?: ObservedResult }> => {
      const synthesized = synthesizeArguments(plan.tool.inputSchema);
      const base: Omit<AuditToolReport, 'outcome' | 'probes'> = {
        name: plan.tool.name,
        class: plan.classification.class,
        source: plan.classification.source,
        reason: plan.classification.reason,
        live: plan.live.decision,
        generate: plan.generate.decision,
        argumentNotes: synthesized.ok ? synthesized.notes : [],
        ...(synthesized.ok ? {} : { argumentsProblem: synthesized.reason }),
      };
      const args = synthesized.ok ? synthesized.args : {};

      if (plan.live.decision === 'Refuse' || plan.live.decision === 'GenerateOnly') {
        const reason = plan.live.reason;
        const outcome = classifyAuditOutcome('valid', {
          kind: 'refused',
          code: reason?.code ?? 'destructive_not_allowed',
          message: reason?.message ?? 'not called under the execution policy',
        });
        const report: AuditProbeReport = {
          kind: 'valid',
          id: 'valid',
          args,
          outcome: outcome.outcome,
          detail: outcome.detail,
          ...(outcome.refusal === undefined ? {} : { refusal: outcome.refusal }),
        };
        emit({ type: 'audit.probe_finished', tool: plan.tool.name, result: report });
        return { report: { ...base, outcome: report.outcome, probes: [report] } };
      }
      if (!synthesized.ok) {
        const report: AuditProbeReport = {
          kind: 'valid',
          id: 'valid',
          args,
          outcome: 'refused',
          detail: `not called: no arguments could be synthesized (${synthesized.reason})`,
          refusal: 'arguments_unsynthesizable',
        };
        emit({ type: 'audit.probe_finished', tool: plan.tool.name, result: report });
        return { report: { ...base, outcome: 'refused', probes: [report] } };
      }

      const valid = await probe(plan, 'valid', 'valid', args);
      const probes = [valid.report];
      // Invalid input only for tools that change nothing: an invalid call to a writer might still write.
      const readOnly = plan.classification.class === 'ReadOnly' || plan.classification.class === 'ReadOnlyPresumed';
      if (options.invalidProbes === true && readOnly && plan.live.decision === 'Execute') {
        const invalid: InvalidInputProbe[] = invalidInputProbes(plan.tool.inputSchema);
        for (const variant of invalid) probes.push((await probe(plan, 'invalid', variant.id, variant.args)).report);
      }
      return { report: { ...base, outcome: valid.report.outcome, probes }, observed: valid.observed };
    };

    // Read-only tools may run side by side (up to the policy's concurrency); the first call that may change something
    // waits until every read has finished, and changing calls run one at a time, in risk order.
    const results: { report: AuditToolReport; observed?: ObservedResult }[] = [];
    const reads = planned.filter((plan) => plan.live.decision === 'Execute');
    const others = planned.filter((plan) => plan.live.decision !== 'Execute');
    results.push(...(await Promise.all(reads.map(auditTool))));
    for (const plan of others) results.push(await auditTool(plan));

    const ordered = [...reads, ...others];
    const headerNames = Object.keys(options.headers ?? {});
    const files = ordered.map((plan, index) => {
      const result = results[index];
      return scaffoldSuite({
        tool: plan.tool,
        classification: plan.classification,
        decision: plan.generate,
        args: result?.report.probes[0]?.args ?? {},
        argumentNotes: result?.report.argumentNotes ?? [],
        ...(result?.report.argumentsProblem === undefined ? {} : { argumentsProblem: result.report.argumentsProblem }),
        ...(result?.observed === undefined ? {} : { observed: result.observed }),
        server: { url: options.url, transport, ...(headerNames.length > 0 ? { headerNames } : {}) },
        // A short audit timeout is for probing quickly; a test gets at least the usual 30 s.
        timeoutMs: Math.max(DEFAULT_TIMEOUT_MS, timeoutMs),
      });
    });
    const names = dedupeScaffoldFileNames(files.map((file) => file.fileName));
    const scaffold = files.map((file, index) => ({ ...file, fileName: names[index] ?? file.fileName }));

    const toolReports = results.map((result) => result.report);
    const score = scoreAudit({
      outcomes: toolReports.flatMap((tool) => tool.probes.map((p) => ({ tool: tool.name, outcome: p.outcome }))),
      lints,
    });
    return {
      ok: true,
      report: {
        server: { ...firstSession.server, url: options.url },
        tools: toolReports,
        lints,
        score,
        scaffold,
        callsMade,
        durationMs: Math.round(performance.now() - started),
      },
    };
  } finally {
    await sessions.close();
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
