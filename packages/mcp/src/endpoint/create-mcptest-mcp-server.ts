import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import {
  GetRunInput,
  GetRunOutput,
  ListSuitesInput,
  ListSuitesOutput,
  MCPTEST_DEFAULT_LIST_LIMIT,
  MCPTEST_MAX_WAIT_SECONDS,
  TriggerRunInput,
  TriggerRunOutput,
  type McptestRun,
  type McptestSuite,
} from './mcptest-tool-schemas';
import { toolErrorCode, toolErrorResult } from './tool-error';

export type McptestToolName = 'list_suites' | 'trigger_run' | 'get_run';

/**
 * What the host application (the web app) supplies: one async function per tool, already bound to the caller (its
 * tenant, token and scopes), so this package knows nothing of tenants, tokens or the database. A handler throws
 * McptestToolError (or any Error with a known `code`) for an expected failure; the agent gets an `isError` result.
 */
export interface McptestToolHandlers {
  listSuites(input: { projectId?: string; limit: number }): Promise<ListSuitesOutput>;
  triggerRun(input: TriggerRunInput): Promise<TriggerRunOutput>;
  getRun(input: GetRunInput): Promise<McptestRun>;
  /** Told about an error without a known code (it is answered as an internal error); the host logs it. */
  onUnexpectedError?(error: unknown, tool: McptestToolName): void;
}

export interface McptestMcpServerOptions {
  /** serverInfo.version in the initialize answer (default 0.1.0). */
  version?: string;
}

/** Annotations of each tool: mcptest's own safety policy (and any agent's) classifies them from these. */
export const MCPTEST_TOOL_ANNOTATIONS = {
  list_suites: { title: 'List test suites', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  trigger_run: {
    title: 'Run a test suite',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  get_run: { title: 'Get a test run', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
} as const satisfies Record<McptestToolName, ToolAnnotations>;

const INSTRUCTIONS =
  'mcptest runs test suites against registered MCP servers. To test a server: call list_suites to find the suite, ' +
  'trigger_run with {suiteId, wait: 30}, and if the run is still queued or running, call get_run every few seconds ' +
  'until its status is passed, failed, error or cancelled. Read the FAIL results and the regressions to see what broke.';

const FINAL = new Set(['passed', 'failed', 'error', 'cancelled']);

function counts(summary: McptestRun['summary']): string {
  return `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped of ${summary.total}`;
}

/** A few lines an agent (or a person reading the transcript) can act on without parsing the JSON. */
function describeRun(run: McptestRun): string {
  if (!FINAL.has(run.status)) {
    return `Run ${run.id} is ${run.status}. Call get_run with {"runId":"${run.id}"} in a few seconds, until its status is not queued or running. ${run.url}`;
  }
  const lines = [`Run ${run.id} ${run.status}: ${counts(run.summary)}. ${run.url}`];
  if (run.error) lines.push(`Error: ${run.error}`);
  const failures = run.results.filter((r) => r.status === 'FAIL');
  for (const failure of failures.slice(0, 10)) lines.push(`FAIL ${failure.name}: ${failure.detail}`);
  if (failures.length > 10) lines.push(`... and ${failures.length - 10} more failures`);
  if (run.regressions.length > 0) {
    lines.push(
      `Regressions (passed in the baseline, not now): ${run.regressions.map((r) => `${r.name} (${r.after})`).join(', ')}`,
    );
  }
  return lines.join('\n');
}

function describeSuites(output: ListSuitesOutput): string {
  if (output.suites.length === 0)
    return 'No suites. Create one in mcptest (web UI or POST /api/v1/projects/{id}/suites).';
  const line = (s: McptestSuite) =>
    `- ${s.name} (suiteId ${s.id}, project ${s.projectId}${s.enabled ? '' : ', disabled'}): ${
      s.latestRun ? `latest run ${s.latestRun.status} (${counts(s.latestRun.summary)})` : 'never run'
    }`;
  const lines = [`${output.suites.length} suite${output.suites.length === 1 ? '' : 's'}:`, ...output.suites.map(line)];
  if (output.truncated) lines.push('More suites exist: raise limit or pass a projectId.');
  return lines.join('\n');
}

/**
 * A success: the structured answer, a short text, and the same JSON as text (clients that only show `content` to the
 * model still give it the ids and details, as the spec recommends for structured results).
 */
function success(structured: Record<string, unknown>, text: string): CallToolResult {
  return {
    structuredContent: structured,
    content: [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(structured) },
    ],
  };
}

/**
 * Builds mcptest's own MCP server: list_suites, trigger_run and get_run over the host's handlers. Errors never escape
 * as JSON-RPC errors: a handler's failure is an `isError` result with a message (and `_meta["mcptest.dev/error"]`);
 * invalid arguments are answered by the SDK the same way.
 */
export function createMcptestMcpServer(
  handlers: McptestToolHandlers,
  options: McptestMcpServerOptions = {},
): McpServer {
  const server = new McpServer(
    { name: 'mcptest', title: 'mcptest', version: options.version ?? '0.1.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );

  const guard = async (tool: McptestToolName, run: () => Promise<CallToolResult>): Promise<CallToolResult> => {
    try {
      return await run();
    } catch (error) {
      if (!toolErrorCode(error)) handlers.onUnexpectedError?.(error, tool);
      return toolErrorResult(error);
    }
  };

  server.registerTool(
    'list_suites',
    {
      title: MCPTEST_TOOL_ANNOTATIONS.list_suites.title,
      description:
        'List the mcptest test suites this API token can reach (newest first), each with its project, server, ' +
        'version, schedule, status badge URLs and latest run. Use it to find the suiteId for trigger_run, or the ' +
        'latest run id for get_run. Pass projectId to list one project only.',
      inputSchema: ListSuitesInput,
      outputSchema: ListSuitesOutput,
      annotations: MCPTEST_TOOL_ANNOTATIONS.list_suites,
    },
    (args) =>
      guard('list_suites', async () => {
        const output = await handlers.listSuites({
          ...(args.projectId ? { projectId: args.projectId } : {}),
          limit: args.limit ?? MCPTEST_DEFAULT_LIST_LIMIT,
        });
        return success(output, describeSuites(output));
      }),
  );

  server.registerTool(
    'trigger_run',
    {
      title: MCPTEST_TOOL_ANNOTATIONS.trigger_run.title,
      description:
        "Start a run of an mcptest suite: mcptest calls the suite's MCP server for real (under the tenant's safety " +
        `policy) and checks every assertion. With wait (seconds, up to ${MCPTEST_MAX_WAIT_SECONDS}; 30 is a good ` +
        'value) the answer comes when the run finishes: finished true and run with status passed, failed, error or ' +
        'cancelled, the summary, the results and the regressions against the baseline. If it has not finished in ' +
        'time, the answer is {id, status: queued or running, url, finished: false}: then call get_run with that id ' +
        'every few seconds until status is not queued or running. Each call starts a new run; pass the same ' +
        'idempotencyKey when retrying so a retry returns the first run. Needs a token with the run scope.',
      inputSchema: TriggerRunInput,
      outputSchema: TriggerRunOutput,
      annotations: MCPTEST_TOOL_ANNOTATIONS.trigger_run,
    },
    (args) =>
      guard('trigger_run', async () => {
        const output = await handlers.triggerRun(args);
        const text = output.run
          ? describeRun(output.run)
          : describeRun({
              id: output.id,
              url: output.url,
              status: output.status,
              suiteId: args.suiteId,
              summary: { total: 0, passed: 0, failed: 0, skipped: 0 },
              results: [],
              regressions: [],
              error: null,
            });
        return success(output, `${output.created ? '' : 'An earlier run with this idempotencyKey. '}${text}`);
      }),
  );

  server.registerTool(
    'get_run',
    {
      title: MCPTEST_TOOL_ANNOTATIONS.get_run.title,
      description:
        'Get one mcptest run: status (queued, running, passed, failed, error, cancelled), summary, the result of ' +
        'every assertion (PASS, FAIL or SKIP with a detail saying why) and regressions (assertions that passed in ' +
        "the suite's baseline and no longer do). While status is queued or running, call it again after a few " +
        'seconds. To fix a failing server, read the detail of the FAIL results.',
      inputSchema: GetRunInput,
      outputSchema: GetRunOutput,
      annotations: MCPTEST_TOOL_ANNOTATIONS.get_run,
    },
    (args) =>
      guard('get_run', async () => {
        const run = await handlers.getRun(args);
        return success(run, describeRun(run));
      }),
  );

  return server;
}
