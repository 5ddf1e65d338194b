import { badgeOptionsResponse, serveBadgeRoute } from '@/server/services/badges/badge-response';
import { getConformanceBadge } from '@/server/services/badges/get-conformance-badge';
import { getServiceDeps } from '@/server/services/get-service-deps';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** A server's public conformance badge: `GET /api/badges/c/<conformance suite badge key>.svg|.json[?style=&label=]` (docs/badges.md). */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  return serveBadgeRoute(request, (await params).file, (badge) => getConformanceBadge(getServiceDeps(), badge));
}

export function OPTIONS(): Response {
  return badgeOptionsResponse();
}
