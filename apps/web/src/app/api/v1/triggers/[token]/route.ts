import { readBodyText } from '@/server/api/read-body-text';
import { toErrorResponse } from '@/server/api/to-error-response';
import { jsonResponse } from '@/server/api/with-api';
import { getLogger } from '@/server/logger';
import { getServiceDeps } from '@/server/services/get-service-deps';
import { triggerFromInboundUrl } from '@/server/services/runs/trigger-from-inbound-url';

/** GitHub deliveries are at most 25 MB; we need far less than that to start a run. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The inbound trigger URL: authenticated by the secret token in the path (and a GitHub signature when set). */
export async function POST(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  try {
    const { token } = await context.params;
    // Read with a cap: this URL takes requests from anyone who names a token, before the token is checked.
    const body = await readBodyText(request, MAX_BODY_BYTES);
    const result = await triggerFromInboundUrl(getServiceDeps(), token, request.headers, body);
    if (result.kind === 'ignored') return jsonResponse(200, { ignored: true, reason: result.reason });
    const { outcome } = result;
    return outcome.finished
      ? jsonResponse(200, outcome.run)
      : jsonResponse(202, { id: outcome.id, status: outcome.status, url: outcome.url });
  } catch (error) {
    const { response, unexpected } = toErrorResponse(error);
    if (unexpected) getLogger().error({ err: String(error) }, 'inbound trigger failed');
    return response;
  }
}
