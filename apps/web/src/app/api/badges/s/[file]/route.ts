import { badgeOptionsResponse, serveBadgeRoute } from '@/server/services/badges/badge-response';
import { getSuiteBadge } from '@/server/services/badges/get-suite-badge';
import { getServiceDeps } from '@/server/services/get-service-deps';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** A suite's public status badge: `GET /api/badges/s/<badge key>.svg|.json[?style=&label=]` (docs/badges.md). */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  return serveBadgeRoute(request, (await params).file, (badge) => getSuiteBadge(getServiceDeps(), badge));
}

export function OPTIONS(): Response {
  return badgeOptionsResponse();
}
