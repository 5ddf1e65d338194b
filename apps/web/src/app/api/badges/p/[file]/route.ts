import { badgeOptionsResponse, serveBadgeRoute } from '@/server/services/badges/badge-response';
import { getProjectBadge } from '@/server/services/badges/get-project-badge';
import { getServiceDeps } from '@/server/services/get-service-deps';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** A project's aggregate status badge: `GET /api/badges/p/<badge key>.svg|.json[?style=&label=]` (docs/badges.md). */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  return serveBadgeRoute(request, (await params).file, (badge) => getProjectBadge(getServiceDeps(), badge));
}

export function OPTIONS(): Response {
  return badgeOptionsResponse();
}
