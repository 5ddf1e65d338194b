import {
  type Expect,
  filesToObserve,
  type LoadedAssertion,
  type ObservedFile,
  type ObservedFileStates,
  renderTemplate,
  snapshotName,
  type TemplateVars,
  type ToolCallResultData,
  type ToolDescriptor,
  type ToolObservation,
  budgetExhaustedMessage,
  type BudgetExhausted,
  toolTaskSupport,
} from '@mcptest/core';
import type { CallGate } from './call-gate';
import { logDataText, type CapturedLogMessage } from './check-logging';
import type { CapturedNotification } from './check-notifications';
import type { Checker, CheckRun } from '../sandbox/checker';
import { describeSessionError, formatMs } from './describe-session-error';
import type {
  CapturedNotification as SessionNotification,
  CompletionRef,
  McpSession,
  SessionRequestOptions,
} from '../session';
import { observeFile } from './observe-files';
import type { SnapshotStore } from './types';

/** A server assertion: every kind but trajectory. */
export type ServerAssertion = Exclude<LoadedAssertion, { kind: 'trajectory' }>;

export interface AssertionOutcome {
  status: 'PASS' | 'FAIL' | 'SKIP';
  detail: string;
}

export interface ServerAssertionContext {
  assertion: ServerAssertion;
  session: McpSession;
  /** tools/list of the session, by name. */
  tools: ReadonlyMap<string, ToolDescriptor>;
  gate: CallGate;
  fixture?: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** performance.now() value by which the assertion must be done (its `timeout`). */
  deadline: number;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** The session's mark when this assertion began (a shared session carries earlier notifications). */
  since: number;
  /** Where the checks, templating and captures run (see ExecuteSuiteOptions.checker). */
  checker: Checker;
  snapshotStore?: SnapshotStore | undefined;
  updateSnapshots: boolean;
  /** Told the first time the budget refuses a call in this assertion. */
  onBudgetExhausted(exhausted: BudgetExhausted): void;
  /** Counts tool calls actually made. */
  onToolCall(): void;
}

/** Ends an assertion early with its outcome (a budget refusal, a failed setup step); caught in runServerAssertion. */
class AssertionStop extends Error {
  constructor(readonly outcome: AssertionOutcome) {
    super(outcome.detail);
  }
}

/** How long to keep listening for notifications after the call when the expectations are not met yet. */
const NOTIFICATION_GRACE_MS = 100;
const NOTIFICATION_EXTRA_WAIT_MS = 1000;

/**
 * Runs one non-trajectory assertion on an open session whose calls the policy has already allowed: setup steps (with
 * captures), then the block, then the checks. Connection, protocol and timeout errors become FAIL with one clear
 * line; a budget refusal becomes SKIP. Never throws.
 */
export async function runServerAssertion(context: ServerAssertionContext): Promise<AssertionOutcome> {
  try {
    const captured = await runSetup(context);
    const vars: TemplateVars = { fixture: context.fixture, captured, env: context.env };
    return await runBlock(context, vars);
  } catch (error) {
    if (error instanceof AssertionStop) return error.outcome;
    return { status: 'FAIL', detail: describeSessionError(error, 'request', context.timeoutMs) };
  }
}

function fail(detail: string): never {
  throw new AssertionStop({ status: 'FAIL', detail });
}

function remaining(context: ServerAssertionContext, what: string): number {
  const left = context.deadline - performance.now();
  if (left <= 0) fail(`${what} not started: the assertion timed out after ${formatMs(context.timeoutMs)}`);
  return left;
}

async function render(context: ServerAssertionContext, value: unknown, vars: TemplateVars, where: string) {
  // Without `{{` or `${` anywhere (keys included) rendering returns the value as it is: no trip to the checker, which
  // for most arguments saves one of an assertion's hops to a check thread (docs/benchmarks.md, target g).
  if (!mayHoldTemplate(value)) return value;
  const ran = await context.checker.run('renderTemplate', value, vars);
  if (!ran.ok) fail(`${where}: ${ran.reason}`);
  if (!ran.value.ok) fail(`${where}: ${ran.value.error.message}`);
  return ran.value.value;
}

/** False when no string in `value` can hold a template token (a fixed, linear scan of its JSON). */
function mayHoldTemplate(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return typeof value === 'string' && /\{\{|\$\{/.test(value);
  const json = JSON.stringify(value);
  return json === undefined || json.includes('{{') || json.includes('${');
}

/** One tools/call through the budget, the pacer and the in-flight limit. */
async function callTool(
  context: ServerAssertionContext,
  tool: string,
  args: Record<string, unknown>,
  what: string,
): Promise<{ result: ToolCallResultData & Record<string, unknown>; progress: number; durationMs: number }> {
  const acquired = await context.gate.acquireToolCall();
  if (!acquired.ok) {
    context.onBudgetExhausted(acquired.exhausted);
    throw new AssertionStop({ status: 'SKIP', detail: budgetExhaustedMessage(acquired.exhausted) });
  }
  return context.gate.send(async () => {
    // The assertion's timeout is a hard bound on the call, however much progress the server reports.
    const timeoutMs = remaining(context, what);
    context.onToolCall();
    try {
      const called = await context.session.callTool(tool, args, {
        timeoutMs,
        maxTotalTimeoutMs: timeoutMs,
        // A tool that requires it is only callable as a task (a plain call is answered with an error).
        task: toolTaskSupport(context.tools.get(tool)) === 'required',
        ...(context.signal ? { signal: context.signal } : {}),
      });
      return {
        result: called.result as ToolCallResultData & Record<string, unknown>,
        progress: called.progressNotifications,
        durationMs: called.durationMs,
      };
    } catch (error) {
      return fail(describeSessionError(error, what, context.timeoutMs));
    }
  });
}

/** Any other request, paced and limited like tool calls but not taken from the budget. */
async function request<T>(
  context: ServerAssertionContext,
  what: string,
  send: (session: McpSession, options: SessionRequestOptions) => Promise<T>,
): Promise<{ result: T; durationMs: number }> {
  return context.gate.send(async () => {
    const timeoutMs = remaining(context, what);
    const started = performance.now();
    try {
      const result = await send(context.session, {
        timeoutMs,
        ...(context.signal ? { signal: context.signal } : {}),
      });
      return { result, durationMs: performance.now() - started };
    } catch (error) {
      return fail(describeSessionError(error, what, context.timeoutMs));
    }
  });
}

function asArgs(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

async function runSetup(context: ServerAssertionContext): Promise<Record<string, unknown>> {
  const captured: Record<string, unknown> = {};
  for (const [i, step] of context.assertion.setup.entries()) {
    const where = `setup[${i}] ${step.tool}`;
    const vars: TemplateVars = { fixture: context.fixture, captured, env: context.env };
    const args = asArgs(await render(context, step.args, vars, where));
    const { result } = await callTool(context, step.tool, args, `${where}: tools/call`);
    // mcp-assert carries on after a setup step that returned isError; the assertion then fails far from the cause.
    if (result.isError === true) fail(`${where} returned an error: ${excerpt(resultText(result))}`);
    if (step.capture) {
      const ran = await context.checker.run('applyCaptures', step.capture, result);
      if (!ran.ok) fail(`${where}: ${ran.reason}`);
      const applied = ran.value;
      if (!applied.ok) fail(`${where}: ${applied.error.message}`);
      Object.assign(captured, applied.captured);
    }
  }
  return captured;
}

async function runBlock(context: ServerAssertionContext, vars: TemplateVars): Promise<AssertionOutcome> {
  const { assertion } = context;
  switch (assertion.kind) {
    case 'assert':
      return runToolBlock(context, vars, assertion.block.tool, assertion.block.args, assertion.block.expect, {
        captureProgress: assertion.block.capture_progress === true,
      });
    case 'assert_sampling':
      return runToolBlock(context, vars, assertion.block.tool, assertion.block.args, assertion.block.expect, {
        captureProgress: false,
      });
    case 'assert_resources':
      return runResourcesBlock(context, vars, assertion.block);
    case 'assert_prompts':
      return runPromptsBlock(context, vars, assertion.block);
    case 'assert_completion':
      return runCompletionBlock(context, vars, assertion.block);
    case 'assert_logging':
      return runLoggingBlock(context, vars, assertion.block);
    case 'assert_notifications':
      return runNotificationsBlock(context, vars, assertion.block);
  }
}

/** The `assert` (and `assert_sampling`) block: one tools/call checked by checkToolResult. */
async function runToolBlock(
  context: ServerAssertionContext,
  vars: TemplateVars,
  tool: string,
  rawArgs: Record<string, unknown>,
  expect: Expect,
  options: { captureProgress: boolean },
): Promise<AssertionOutcome> {
  const files = filesToObserve(expect);
  const observed: Record<string, { before?: ObservedFile; after?: ObservedFile }> = {};
  for (const path of files.before) observed[path] = { before: await readExpectFile(path, vars) };

  const args = asArgs(await render(context, rawArgs, vars, `${context.assertion.kind}.args`));
  const setupProgress = since(context).filter((n) => n.method === 'notifications/progress').length;
  const call = await callTool(context, tool, args, `tools/call ${tool}`);
  for (const path of files.after) observed[path] = { ...observed[path], after: await readExpectFile(path, vars) };

  const observation: ToolObservation = {
    result: call.result,
    durationMs: call.durationMs,
    // Like mcp-assert, progress is counted (setup steps included) only when the block asks for it.
    ...(options.captureProgress ? { progressNotifications: setupProgress + call.progress } : {}),
    outputSchema: context.tools.get(tool)?.outputSchema,
    files: observed as Record<string, ObservedFileStates>,
  };
  return check(context, expect, observation);
}

async function check(
  context: ServerAssertionContext,
  expect: Expect,
  observation: ToolObservation,
): Promise<AssertionOutcome> {
  const name = snapshotName(expect, context.assertion.name);
  const key = name === undefined ? undefined : `${context.assertion.file}#${name}`;
  const snapshot = key === undefined ? undefined : await context.snapshotStore?.get(key);
  const ran = await context.checker.run('checkToolResult', expect, observation, {
    snapshot,
    updateSnapshots: context.updateSnapshots,
  });
  if (!ran.ok) return { status: 'FAIL', detail: ran.reason };
  const outcome = ran.value;
  if (!outcome.ok) return { status: 'FAIL', detail: outcome.failure.message };
  if (outcome.snapshotUpdate !== undefined && key !== undefined) {
    if (!context.snapshotStore) return { status: 'FAIL', detail: 'snapshot: no snapshot store to write to' };
    await context.snapshotStore.set(key, outcome.snapshotUpdate);
  }
  return { status: 'PASS', detail: '' };
}

async function readExpectFile(path: string, vars: TemplateVars): Promise<ObservedFile> {
  const rendered = renderTemplate(path, vars);
  if (!rendered.ok) return { state: 'unreadable', reason: rendered.error.message };
  return observeFile(String(rendered.value));
}

/** Checks a non-tool result by the checker's contract: its text as one text block, the raw result as structuredContent. */
function textObservation(text: string, raw: unknown, durationMs: number): ToolObservation {
  return { result: { content: [{ type: 'text', text }], structuredContent: raw }, durationMs };
}

async function runResourcesBlock(
  context: ServerAssertionContext,
  vars: TemplateVars,
  block: Extract<ServerAssertion, { kind: 'assert_resources' }>['block'],
): Promise<AssertionOutcome> {
  const updatedFrom = context.session.mark();
  let text = '';
  let raw: unknown = {};
  let durationMs = 0;
  if (block.subscribe !== undefined) {
    const uri = String(await render(context, block.subscribe, vars, 'assert_resources.subscribe'));
    const subscribed = await request(context, `resources/subscribe ${uri}`, (s, o) => s.subscribeResource(uri, o));
    raw = {};
    text = '{}';
    durationMs = subscribed.durationMs;
  }
  if (block.list !== undefined) {
    const cursor =
      block.list.cursor === undefined
        ? undefined
        : await render(context, block.list.cursor, vars, 'assert_resources.list');
    const listed = await request(context, 'resources/list', (s, o) =>
      s.listResources(cursor === undefined ? {} : { cursor: String(cursor) }, o),
    );
    // mcp-assert checks the list result as its JSON.
    raw = listed.result;
    text = JSON.stringify(listed.result);
    durationMs = listed.durationMs;
  } else if (block.read !== undefined) {
    const uri = String(await render(context, block.read, vars, 'assert_resources.read'));
    const read = await request(context, `resources/read ${uri}`, (s, o) => s.readResource(uri, o));
    // mcp-assert checks the text of the contents, one per line; a blob is described, not decoded.
    raw = read.result;
    text = resourceText(read.result);
    durationMs = read.durationMs;
  }
  const outcome = await check(context, block.expect, textObservation(text, raw, durationMs));
  if (outcome.status !== 'PASS') return outcome;
  if (block.expect_notification === true) {
    const arrived = await context.session.waitForNotification(
      'notifications/resources/updated',
      Math.max(0, context.deadline - performance.now()),
      { sinceSeq: updatedFrom },
    );
    if (!arrived) {
      return {
        status: 'FAIL',
        detail: `expected a notifications/resources/updated within the assertion's ${formatMs(context.timeoutMs)} timeout, received none`,
      };
    }
  }
  if (block.unsubscribe !== undefined) {
    const uri = String(await render(context, block.unsubscribe, vars, 'assert_resources.unsubscribe'));
    await request(context, `resources/unsubscribe ${uri}`, (s, o) => s.unsubscribeResource(uri, o));
  }
  return outcome;
}

function resourceText(result: Record<string, unknown>): string {
  const contents = Array.isArray(result.contents) ? (result.contents as unknown[]) : [];
  return contents
    .map((item) => {
      const entry = asArgs(item);
      if (typeof entry.text === 'string') return entry.text;
      if (typeof entry.blob === 'string') {
        return `<blob mimeType=${JSON.stringify(entry.mimeType ?? '')} len=${entry.blob.length}>`;
      }
      return JSON.stringify(item);
    })
    .join('\n');
}

async function runPromptsBlock(
  context: ServerAssertionContext,
  vars: TemplateVars,
  block: Extract<ServerAssertion, { kind: 'assert_prompts' }>['block'],
): Promise<AssertionOutcome> {
  if (block.get !== undefined) {
    const name = String(await render(context, block.get.name, vars, 'assert_prompts.get.name'));
    const args = asArgs(await render(context, block.get.arguments ?? {}, vars, 'assert_prompts.get.arguments'));
    const got = await request(context, `prompts/get ${name}`, (s, o) => s.getPrompt(name, stringValues(args), o));
    return check(context, block.expect, textObservation(promptText(got.result), got.result, got.durationMs));
  }
  const cursor =
    block.list?.cursor === undefined
      ? undefined
      : await render(context, block.list.cursor, vars, 'assert_prompts.list');
  const listed = await request(context, 'prompts/list', (s, o) =>
    s.listPrompts(cursor === undefined ? {} : { cursor: String(cursor) }, o),
  );
  return check(context, block.expect, textObservation(JSON.stringify(listed.result), listed.result, listed.durationMs));
}

/** Prompt arguments are strings in MCP; a captured number is sent as its text. */
function stringValues(args: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
  );
}

/** mcp-assert's prompt text: the description, then each message's text (other content as JSON), one per line. */
function promptText(result: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof result.description === 'string' && result.description !== '') parts.push(result.description);
  const messages = Array.isArray(result.messages) ? (result.messages as unknown[]) : [];
  for (const message of messages) {
    const content = asArgs(message).content;
    const block = asArgs(content);
    parts.push(block.type === 'text' && typeof block.text === 'string' ? block.text : JSON.stringify(content));
  }
  return parts.join('\n');
}

async function runCompletionBlock(
  context: ServerAssertionContext,
  vars: TemplateVars,
  block: Extract<ServerAssertion, { kind: 'assert_completion' }>['block'],
): Promise<AssertionOutcome> {
  const name = String(await render(context, block.ref.name, vars, 'assert_completion.ref.name'));
  const ref: CompletionRef =
    block.ref.type === 'ref/prompt' ? { type: 'ref/prompt', name } : { type: 'ref/resource', uri: name };
  const value = String(await render(context, block.argument.value, vars, 'assert_completion.argument.value'));
  const completed = await request(context, 'completion/complete', (s, o) =>
    s.complete(ref, { name: block.argument.name, value }, o),
  );
  return check(
    context,
    block.expect,
    textObservation(JSON.stringify(completed.result), completed.result, completed.durationMs),
  );
}

async function runLoggingBlock(
  context: ServerAssertionContext,
  vars: TemplateVars,
  block: Extract<ServerAssertion, { kind: 'assert_logging' }>['block'],
): Promise<AssertionOutcome> {
  const level = block.set_level;
  const modern = context.session.era === 'modern';
  if (level !== undefined) {
    // Modern era: the level is kept by the session and sent in the _meta of later requests, so nothing goes out now.
    if (modern) await context.session.setLoggingLevel(level);
    else await request(context, 'logging/setLevel', (s, o) => s.setLoggingLevel(level, o));
  }
  if (block.tool !== undefined) {
    const args = asArgs(await render(context, block.args, vars, 'assert_logging.args'));
    await callTool(context, block.tool, args, `tools/call ${block.tool}`);
  }
  const messages = (): CapturedLogMessage[] =>
    since(context)
      .filter((n) => n.method === 'notifications/message')
      .map((n) => ({
        level: typeof n.params?.level === 'string' ? n.params.level : '',
        ...(typeof n.params?.logger === 'string' ? { logger: n.params.logger } : {}),
        data: logDataText(n.params?.data),
      }));
  const outcome = await settle(context, () => context.checker.run('checkLogging', block.expect, messages()));
  if (outcome.ok) return { status: 'PASS', detail: '' };
  // In 2026-07-28 a request without a log level must get no log messages: say so rather than leave it a riddle.
  const hint =
    modern && level === undefined && messages().length === 0
      ? ' (in MCP 2026-07-28 a server logs only for requests that carry a log level: give the block a set_level)'
      : '';
  return { status: 'FAIL', detail: `${outcome.message}${hint}` };
}

async function runNotificationsBlock(
  context: ServerAssertionContext,
  vars: TemplateVars,
  block: Extract<ServerAssertion, { kind: 'assert_notifications' }>['block'],
): Promise<AssertionOutcome> {
  const args = asArgs(await render(context, block.args, vars, 'assert_notifications.args'));
  // A 2025 server sends list changes unsolicited; a 2026-07-28 one only on a subscriptions/listen stream asking for
  // them, opened before the call so what the call causes is seen.
  if (context.session.era === 'modern') {
    await request(context, 'subscriptions/listen', (s, o) => s.listenForListChanges(o));
  }
  await callTool(context, block.tool, args, `tools/call ${block.tool}`);
  const captured = (): CapturedNotification[] =>
    since(context).map((n) => ({ method: n.method, params: JSON.stringify(n.params ?? {}) }));
  const outcome = await settle(context, () => context.checker.run('checkNotifications', block.expect, captured()));
  return outcome.ok ? { status: 'PASS', detail: '' } : { status: 'FAIL', detail: outcome.message };
}

function since(context: ServerAssertionContext): SessionNotification[] {
  return context.session.notifications(context.since);
}

/**
 * Notifications can arrive after the call's response (a server logs, then answers, on another stream). Like mcp-assert,
 * wait a short grace period; unlike it, while the expectations still fail keep listening a little longer, so a slow
 * stream does not fail an assertion that would pass a moment later.
 */
async function settle(
  context: ServerAssertionContext,
  evaluate: () => Promise<CheckRun<{ ok: true } | { ok: false; message: string }>>,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const { session } = context;
  const checked = async () => {
    const ran = await evaluate();
    return ran.ok ? ran.value : fail(ran.reason);
  };
  await session.waitForNotification(() => false, NOTIFICATION_GRACE_MS, { sinceSeq: session.mark() });
  const until = Math.min(performance.now() + NOTIFICATION_EXTRA_WAIT_MS, context.deadline);
  let outcome = await checked();
  while (!outcome.ok) {
    const left = until - performance.now();
    if (left <= 0) break;
    const arrived = await session.waitForNotification(() => true, left, { sinceSeq: session.mark() });
    outcome = await checked();
    if (arrived === undefined) break;
  }
  return outcome;
}

function resultText(result: ToolCallResultData): string {
  return (result.content ?? [])
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('\n');
}

function excerpt(text: string): string {
  return text.length <= 200 ? text : `${text.slice(0, 200)}…`;
}
