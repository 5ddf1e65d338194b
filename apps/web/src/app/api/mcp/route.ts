import {
  handleMcpHttpRequest,
  mcpMethodNotAllowedResponse,
  type ListSuitesOutput,
  type McptestSuite,
  type McptestToolHandlers,
  type TriggerRunOutput,
} from '@mcptest/mcp';
import type { RateLimitDecision } from '@mcptest/redis';
import packageJson from '../../../../package.json';
import { ApiError } from '@/server/api/api-error';
import { OPERATIONS } from '@/server/services/permissions';
import { authenticateToken, requireScope, type AuthenticatedActor, type Scope } from '@/server/api/authenticate';
import { findUnstorableText } from '@/server/api/find-unstorable-text';
import { toErrorResponse } from '@/server/api/to-error-response';
import { getLogger } from '@/server/logger';
import { getServiceDeps } from '@/server/services/get-service-deps';
import { listProjects } from '@/server/services/projects/list-projects';
import { getRun } from '@/server/services/runs/get-run';
import { listRuns } from '@/server/services/runs/list-runs';
import { triggerRun } from '@/server/services/runs/trigger-run';
import type { ServiceDeps } from '@/server/services/service-deps';
import { listSuites } from '@/server/services/suites/list-suites';
import type { SuiteResource } from '@/server/services/suites/suite-schemas';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** list_suites without a projectId looks through at most this many projects (newest first). */
const MAX_PROJECTS_LISTED = 100;

function hasScope(actor: AuthenticatedActor, scope: Scope): boolean {
  try {
    requireScope(actor, scope);
    return true;
  } catch {
    return false;
  }
}

/** The same 429 error withApi gives, so REST and MCP clients read one shape. */
function rateLimited(limited: Extract<RateLimitDecision, { ok: false }>): ApiError {
  return new ApiError(
    'rate_limited',
    `rate limit of ${limited.limit} ${limited.scope === 'trigger' ? 'triggers' : 'requests'} per minute per ${limited.scope === 'token' ? 'token' : 'tenant'} reached; retry in ${limited.retryAfterSeconds} s`,
    { scope: limited.scope, limit: limited.limit, retryAfterSeconds: limited.retryAfterSeconds },
    { 'retry-after': String(limited.retryAfterSeconds) },
  );
}

/**
 * Refuses tool arguments holding text Postgres cannot store (a NUL, a lone surrogate): they pass the tools' schemas,
 * and reached a query as an internal error before this check (fuzzing found it). An isError result naming the argument,
 * as the REST API answers a 400 for the same text.
 */
function refuseUnstorable(input: object): void {
  const problem = findUnstorableText(input);
  if (problem) {
    throw new ApiError('validation_failed', `invalid arguments: ${problem.path}: ${problem.message}`, [problem]);
  }
}

function toSuite(suite: SuiteResource, latestRun: McptestSuite['latestRun']): McptestSuite {
  return {
    id: suite.id,
    name: suite.name,
    projectId: suite.projectId,
    serverId: suite.serverId,
    version: suite.version,
    enabled: suite.enabled,
    schedule: suite.schedule,
    timezone: suite.timezone,
    badge: suite.badge,
    latestRun,
  };
}

/**
 * The three tools over the services the REST API uses, bound to the authenticated actor. Scopes are checked per tool
 * (a read token may list and read but gets an isError result from trigger_run); errors keep their API codes.
 */
function toolHandlers(
  deps: ServiceDeps,
  actor: AuthenticatedActor,
  triggerRefusal: () => ApiError | undefined,
): McptestToolHandlers {
  return {
    async listSuites({ projectId, limit }): Promise<ListSuitesOutput> {
      requireScope(actor, OPERATIONS.listSuites);
      refuseUnstorable({ projectId });
      // One more than asked tells whether more exist.
      const found: SuiteResource[] = [];
      let moreProjects = false;
      if (projectId) {
        found.push(...(await listSuites(deps, actor, projectId, { limit: limit + 1 })).items);
      } else {
        const projects = await listProjects(deps, actor, { limit: MAX_PROJECTS_LISTED });
        moreProjects = projects.nextCursor !== null;
        for (const project of projects.items) {
          if (found.length > limit) break;
          found.push(...(await listSuites(deps, actor, project.id, { limit: limit + 1 - found.length })).items);
        }
      }
      const suites = found.slice(0, limit);
      const latest = await Promise.all(
        suites.map(async (suite) => (await listRuns(deps, actor, { suiteId: suite.id, limit: 1 })).items[0]),
      );
      return {
        suites: suites.map((suite, i) => {
          const run = latest[i];
          return toSuite(
            suite,
            run
              ? { id: run.id, status: run.status, url: run.url, summary: run.summary, finishedAt: run.finishedAt }
              : null,
          );
        }),
        truncated: found.length > limit || moreProjects,
      };
    },

    async triggerRun(input): Promise<TriggerRunOutput> {
      requireScope(actor, OPERATIONS.triggerRun);
      refuseUnstorable(input);
      const refusal = triggerRefusal();
      if (refusal) throw refusal;
      const outcome = await triggerRun(
        deps,
        actor,
        input.suiteId,
        {
          ...(input.commitSha ? { commitSha: input.commitSha } : {}),
          ...(input.branch ? { branch: input.branch } : {}),
          ...(input.wait !== undefined ? { wait: input.wait } : {}),
        },
        { trigger: 'API', ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}) },
      );
      if (outcome.finished) {
        const { run } = outcome;
        return { id: run.id, status: run.status, url: run.url, finished: true, created: outcome.created, run };
      }
      return { id: outcome.id, status: outcome.status, url: outcome.url, finished: false, created: outcome.created };
    },

    async getRun({ runId }) {
      requireScope(actor, OPERATIONS.getRun);
      refuseUnstorable({ runId });
      return getRun(deps, actor, runId);
    },

    onUnexpectedError(error, tool) {
      getLogger().error(
        { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error), tool },
        'unexpected MCP tool error',
      );
    },
  };
}

/**
 * mcptest as an MCP server (Streamable HTTP, stateless, JSON answers): list_suites, trigger_run, get_run for an
 * agent holding an API token. Authentication and the per-token and per-tenant rate limits come first, as in the REST
 * API (401 with WWW-Authenticate, 429 with Retry-After, JSON error bodies); the per-tenant trigger limit applies to
 * trigger_run calls and comes back as an isError tool result.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const deps = getServiceDeps();
    const actor = await authenticateToken(deps, request);
    let triggerRefusal: ApiError | undefined;
    return await handleMcpHttpRequest(
      request,
      toolHandlers(deps, actor, () => triggerRefusal),
      {
        version: packageJson.version,
        admit: async ({ toolCalls, messages }) => {
          const triggers = toolCalls.filter((name) => name === 'trigger_run').length;
          if (triggers > 1) {
            // One trigger allowance is taken per HTTP request; a batch of triggers would bypass it.
            return toErrorResponse(new ApiError('bad_request', 'send one trigger_run per request, not a batch of them'))
              .response;
          }
          const decision = await deps.rateLimits.consume({
            tenantId: actor.tenantId,
            tokenId: actor.tokenId,
            // A JSON-RPC batch costs one point per message, as if each had been sent alone.
            points: messages,
            // A read token's trigger_run is refused by scope; it does not use up the tenant's triggers.
            trigger: triggers === 1 && hasScope(actor, 'run'),
          });
          if (decision.ok) return undefined;
          if (decision.scope === 'trigger') {
            triggerRefusal = rateLimited(decision);
            return undefined;
          }
          return toErrorResponse(rateLimited(decision)).response;
        },
      },
    );
  } catch (error) {
    const { response, unexpected } = toErrorResponse(error);
    if (unexpected) {
      getLogger().error(
        {
          err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
          route: 'POST /api/mcp',
        },
        'unexpected MCP endpoint error',
      );
    }
    return response;
  }
}

/** No server-to-client stream: the endpoint is stateless (MCP clients accept the 405). */
export function GET(): Response {
  return mcpMethodNotAllowedResponse();
}

/** No session to end. */
export function DELETE(): Response {
  return mcpMethodNotAllowedResponse();
}
