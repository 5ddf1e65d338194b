import { ApiRun, ApiSuite } from './api-schemas';
import { ApiError, type ApiClient } from './call-api';

/** A run's path in the API; the id is encoded since it came from a server's answer. */
export function runPath(runId: string, suffix = ''): string {
  return `/api/v1/runs/${encodeURIComponent(runId)}${suffix}`;
}

/** The zod issues of an answer as one short line, for the bad_response message. */
export function describeIssues(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}

/** `GET /api/v1/runs/{id}`, validated. */
export async function getRun(client: ApiClient, runId: string, signal?: AbortSignal): Promise<ApiRun> {
  const { body } = await client.json({ path: runPath(runId), signal });
  const parsed = ApiRun.safeParse(body);
  if (!parsed.success) {
    throw new ApiError('bad_response', `GET ${runPath(runId)}: unexpected answer (${describeIssues(parsed.error)})`);
  }
  return parsed.data;
}

/**
 * The suite's name for report headings (`GET /api/v1/suites/{id}`); undefined when it cannot be read (an older server,
 * a token restricted in ways that hide it): the heading then names the suite by id.
 */
export async function getSuiteName(
  client: ApiClient,
  suiteId: string,
  signal?: AbortSignal,
): Promise<string | undefined> {
  try {
    const { body } = await client.json({ path: `/api/v1/suites/${encodeURIComponent(suiteId)}`, signal });
    const parsed = ApiSuite.safeParse(body);
    return parsed.success ? parsed.data.name : undefined;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}
