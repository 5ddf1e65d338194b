import { z } from 'zod';
import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getServer } from './get-server';
import { loadServerTarget } from './load-server-target';
import { recordServerAudit } from './record-server-audit';
import { sealServerHeaders } from './server-headers';
import { ServerHeaders, type ServerResource } from './server-schemas';

/**
 * Changes some of a server's headers and keeps the others: `set` adds a header or replaces its value (a name that
 * differs only in case replaces the stored one), `remove` drops names (ignoring case). The UI needs this because
 * header values are write-only: a person replacing one token cannot resend the others. The whole PATCH /servers/{id}
 * `headers` replacement stays the API's way.
 */
export const PatchServerHeadersRequest = z.strictObject({
  set: z.record(z.string(), z.string()).optional(),
  remove: z.array(z.string()).optional(),
});
export type PatchServerHeadersRequest = z.infer<typeof PatchServerHeadersRequest>;

/**
 * Applies `set` and `remove` to the server's stored headers, checks the result like any headers (names, reserved
 * names, values; issues keyed by header name) and seals it again. 409 when the stored headers cannot be decrypted:
 * then only a full replacement (updateServer with `headers`) can repair them.
 */
export async function patchServerHeaders(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
  input: PatchServerHeadersRequest,
): Promise<ServerResource> {
  const { row, target } = await loadServerTarget(deps, actor, serverId);
  const headers: Record<string, string> = { ...target.headers };
  const drop = (name: string) => {
    for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
  };
  for (const name of input.remove ?? []) drop(name);
  for (const [name, value] of Object.entries(input.set ?? {})) {
    drop(name);
    headers[name] = value;
  }
  const checked = ServerHeaders.safeParse(headers);
  if (!checked.success) {
    throw new ApiError(
      'validation_failed',
      `invalid headers: ${checked.error.issues.map((i) => i.message).join('; ')}`,
      checked.error.issues.map((issue) => ({ path: ['headers', ...issue.path].join('.'), message: issue.message })),
    );
  }
  // Only onto the URL the stored headers were read for: had a concurrent update moved the server to another origin
  // (dropping its headers), writing them back would send them there.
  const { count } = await deps.db.tenant(actor.tenantId).server.updateMany({
    where: { id: serverId, url: row.url },
    data: sealServerHeaders(deps, actor.tenantId, checked.data),
  });
  if (count === 0) throw new ApiError('conflict', 'the server changed while this was saved; load it and try again');
  // Names only: values are secrets.
  await recordServerAudit(deps, actor, 'server.update', serverId, {
    fields: ['headers'],
    headerNames: Object.keys(checked.data),
  });
  return getServer(deps, actor, serverId);
}
