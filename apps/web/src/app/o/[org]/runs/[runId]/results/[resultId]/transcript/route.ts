import { getAssertionTranscript } from '@/server/services/runs/get-assertion-transcript';
import { orgRoute } from '@/app/o/[org]/runs/[runId]/org-route';

/** One result's JSON-RPC transcript, fetched by the run page when its disclosure is opened (not with the page). */
export const GET = orgRoute<{ org: string; runId: string; resultId: string }>(
  'VIEWER',
  async ({ deps, actor, params }) =>
    Response.json(await getAssertionTranscript(deps, actor, params.runId, params.resultId), {
      headers: { 'cache-control': 'no-store' },
    }),
);
