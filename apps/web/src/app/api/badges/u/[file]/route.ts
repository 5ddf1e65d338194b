import { badgeOptionsResponse, serveBadgeRoute } from '@/server/services/badges/badge-response';
import { getUptimeBadge } from '@/server/services/badges/get-uptime-badge';
import { getServiceDeps } from '@/server/services/get-service-deps';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** A server's public uptime badge: `GET /api/badges/u/<monitor badge key>.svg|.json[?style=&label=]` (docs/badges.md). */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  return serveBadgeRoute(request, (await params).file, (badge) => getUptimeBadge(getServiceDeps(), badge));
}

export function OPTIONS(): Response {
  return badgeOptionsResponse();
}
