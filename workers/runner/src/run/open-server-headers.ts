import { secretContext, type SecretBox } from '@mcptest/db';
import { z } from 'zod';

const Headers = z.record(z.string(), z.string());

/**
 * A server's sealed headers opened (the worker opens them here only: secrets never travel in jobs), for runs and
 * monitors alike; undefined when it has none. Throws when they cannot be opened; the message names the key id or the
 * failure, never the secret.
 */
export function openServerHeaders(
  secretBox: SecretBox,
  tenantId: string,
  server: { headersEncrypted: Uint8Array | null; headersKeyId: string | null },
): Record<string, string> | undefined {
  if (!server.headersEncrypted || !server.headersKeyId) return undefined;
  const opened = secretBox.open(
    { keyId: server.headersKeyId, data: new Uint8Array(server.headersEncrypted) },
    secretContext.serverHeaders(tenantId),
  );
  return Headers.parse(JSON.parse(opened));
}
