import { TOKEN_SCOPE_TO_WIRE } from '@mcptest/core';
import { hashToken } from '@mcptest/db';
import { includesPermission, permissionOfScopes, type Permission } from '@/server/services/permissions';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { ApiError } from './api-error';

/** A token's scope is a permission level (services/permissions.ts): admin > write > run > read. */
export type Scope = Permission;

export interface AuthenticatedActor extends Actor {
  scopes: Scope[];
}

/** Refreshing lastUsedAt on every request would write on every read; once a minute tells a user enough. */
const LAST_USED_PRECISION_MS = 60_000;

const unauthorized = (message: string) =>
  new ApiError('unauthorized', message, undefined, { 'www-authenticate': 'Bearer realm="mcptest"' });

/**
 * The actor behind `Authorization: Bearer mcpt_...`: the token is looked up by its SHA-256 (only the hash is stored),
 * refused when revoked or expired, and its lastUsedAt refreshed. 401 for anything wrong, with the same message for an
 * unknown and a revoked token so tokens cannot be probed.
 */
export async function authenticateToken(deps: ServiceDeps, request: Request): Promise<AuthenticatedActor> {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized('an API token is required: Authorization: Bearer mcpt_...');
  const token = match[1];
  if (!token.startsWith('mcpt_')) throw unauthorized('that is not an mcptest API token (they start with mcpt_)');
  // eslint-disable-next-line no-restricted-properties -- a token names its tenant; nothing else is read before we know it.
  const row = await deps.db.unscoped.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      tenantId: true,
      projectId: true,
      scopes: true,
      expiresAt: true,
      revokedAt: true,
      lastUsedAt: true,
    },
  });
  const now = deps.now();
  if (!row || row.revokedAt) throw unauthorized('the API token is invalid or has been revoked');
  if (row.expiresAt && row.expiresAt <= now) throw unauthorized('the API token has expired');
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await deps.db.tenant(row.tenantId).apiToken.updateMany({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  const scopes = row.scopes.map((s): Scope => TOKEN_SCOPE_TO_WIRE[s]);
  const permission = permissionOfScopes(scopes);
  return {
    tenantId: row.tenantId,
    tokenId: row.id,
    ...(row.projectId ? { projectId: row.projectId } : {}),
    scopes,
    ...(permission ? { permission } : {}),
  };
}

/** 403 unless one of the actor's scopes includes `required`. */
export function requireScope(actor: AuthenticatedActor, required: Scope): void {
  if (!includesPermission(permissionOfScopes(actor.scopes), required)) {
    throw new ApiError(
      'forbidden',
      `this needs a token with the ${required} scope; this token has ${actor.scopes.join(', ') || 'none'}`,
    );
  }
}

/** For services that take a project: a token restricted to another project sees nothing (404, not 403). */
export function assertProjectAllowed(actor: Actor, projectId: string): void {
  if (actor.projectId && actor.projectId !== projectId) throw new ApiError('not_found', 'project not found');
}
