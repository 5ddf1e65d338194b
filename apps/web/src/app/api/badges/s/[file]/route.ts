import { getServiceDeps } from '../../../../../server/services/get-service-deps';
import {
  badgeErrorResponse,
  badgeOptionsResponse,
  badgeResponse,
} from '../../../../../server/services/badges/badge-response';
import { parseBadgeRequest } from '../../../../../server/services/badges/badge-request';
import { getSuiteBadge } from '../../../../../server/services/badges/get-suite-badge';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** A suite's public status badge: `GET /api/badges/s/<badge key>.svg|.json[?style=&label=]` (docs/badges.md). */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const parsed = parseBadgeRequest((await params).file, new URL(request.url).searchParams);
  if (!parsed.ok)
    return badgeErrorResponse(
      parsed.status,
      parsed.message,
      'issues' in parsed ? { issues: parsed.issues } : undefined,
    );
  return badgeResponse(request, await getSuiteBadge(getServiceDeps(), parsed.request));
}

export function OPTIONS(): Response {
  return badgeOptionsResponse();
}
