import packageJson from '../../../../package.json';
import { getDb } from '@/server/db';
import { getHealth } from '@/server/health/get-health';
import { getRedis } from '@/server/redis';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Liveness and dependency check for load balancers and `docker compose` health checks: 200 ok, 503 degraded. */
export async function GET(): Promise<Response> {
  const health = await getHealth({ db: getDb(), redis: getRedis(), version: packageJson.version });
  return Response.json(health, {
    status: health.status === 'ok' ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
}
