import { secretContext } from '@mcptest/db';
import { z } from 'zod';
import type { ServiceDeps } from '@/server/services/service-deps';
import type { ServerRow } from './server-schemas';

const StoredHeaders = z.record(z.string(), z.string());

/** The columns of a server that hold its sealed headers. */
export interface SealedHeaderColumns {
  headersEncrypted: Uint8Array<ArrayBuffer> | null;
  headersKeyId: string | null;
}

/**
 * Seals headers for the Server row (AES-256-GCM, bound to this tenant's server-headers context, so the ciphertext opens
 * nowhere else). No headers (absent, null or `{}`) is stored as nulls.
 */
export function sealServerHeaders(
  deps: Pick<ServiceDeps, 'secretBox'>,
  tenantId: string,
  headers: Record<string, string> | null | undefined,
): SealedHeaderColumns {
  if (!headers || Object.keys(headers).length === 0) return { headersEncrypted: null, headersKeyId: null };
  const sealed = deps.secretBox.seal(JSON.stringify(headers), secretContext.serverHeaders(tenantId));
  return { headersEncrypted: sealed.data, headersKeyId: sealed.keyId };
}

/** The decrypted headers of a server row (undefined when it has none). Throws DbError when the key is unknown. */
export function openServerHeaders(
  deps: Pick<ServiceDeps, 'secretBox'>,
  tenantId: string,
  row: Pick<ServerRow, 'headersEncrypted' | 'headersKeyId'>,
): Record<string, string> | undefined {
  if (!row.headersEncrypted || !row.headersKeyId) return undefined;
  const opened = deps.secretBox.open(
    { keyId: row.headersKeyId, data: new Uint8Array(row.headersEncrypted) },
    secretContext.serverHeaders(tenantId),
  );
  return StoredHeaders.parse(JSON.parse(opened));
}

/**
 * The names of a server's headers, for the resource. A row whose headers cannot be opened (a retired key) still lists
 * (with no names) rather than failing every read of the project; discovery and runs report the key problem.
 */
export function serverHeaderNames(
  deps: Pick<ServiceDeps, 'secretBox'>,
  tenantId: string,
  row: Pick<ServerRow, 'headersEncrypted' | 'headersKeyId'>,
): string[] {
  try {
    return Object.keys(openServerHeaders(deps, tenantId, row) ?? {});
  } catch {
    return [];
  }
}
