import { buildOpenApi } from '@/server/api/build-openapi';
import '@/server/api/endpoints';
import { jsonResponse } from '@/server/api/with-api';
import { env } from '@/env';

/** The OpenAPI 3.1 document, public like any API reference. */
export function GET(): Response {
  return jsonResponse(200, buildOpenApi(env().APP_URL), {
    'cache-control': 'public, max-age=300',
    'access-control-allow-origin': '*',
  });
}
