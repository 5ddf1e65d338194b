import { clientMetadataDocument } from '@/server/services/server-authorization/oauth-client-urls';
import { env } from '@/env';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * mcptest's OAuth Client ID Metadata Document (docs/oauth.md): public, at a stable URL under APP_URL, which is also
 * the client id authorization servers that support such documents know mcptest by. Its one redirect URI is the
 * callback under APP_URL.
 */
export function GET(): Response {
  return Response.json(clientMetadataDocument(env().APP_URL), {
    headers: { 'Cache-Control': 'public, max-age=300' },
  });
}
