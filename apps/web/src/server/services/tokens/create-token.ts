import { generateApiToken } from '@mcptest/db';
import { ApiError } from '@/server/api/api-error';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { PERMISSION_RANK as RANK } from '@/server/services/permissions';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import {
  toDbScope,
  toTokenResource,
  TOKEN_RESOURCE_SELECT,
  type CreatedToken,
  type CreateTokenRequest,
  type TokenScopeName,
} from './token-schemas';
import { recordAudit } from '@/server/services/record-audit';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An actor that authenticated with a token carries its scopes; a signed-in user (UI) does not. */
export type TokenCreator = Actor & { scopes?: readonly TokenScopeName[] };

/**
 * Creates an API token and returns it once (only its SHA-256 is stored). A token can only hand out what it has: a
 * token restricted to a project creates tokens for that project only (404 for another, 403 for an unrestricted one),
 * no scope above its own, and when it expires, nothing that outlives it (its expiry is the default and the ceiling).
 */
export async function createToken(
  deps: ServiceDeps,
  actor: TokenCreator,
  input: CreateTokenRequest,
): Promise<CreatedToken> {
  if (actor.projectId && input.projectId === undefined) {
    throw new ApiError(
      'forbidden',
      'a token restricted to one project can only create tokens for that project: give projectId',
    );
  }
  if (input.projectId !== undefined) await getProjectOrThrow(deps, actor, input.projectId);
  if (actor.scopes) {
    const own = Math.max(-1, ...actor.scopes.map((s) => RANK[s]));
    const above = input.scopes.filter((s) => RANK[s] > own);
    if (above.length > 0) {
      throw new ApiError(
        'forbidden',
        `a token cannot create a token with more than its own scopes (${above.join(', ')})`,
      );
    }
  }

  const now = deps.now();
  let expiresAt: Date | undefined =
    input.expiresAt !== undefined
      ? new Date(input.expiresAt)
      : input.expiresInDays !== undefined
        ? new Date(now.getTime() + input.expiresInDays * DAY_MS)
        : undefined;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new ApiError('validation_failed', 'expiresAt must be in the future', [
      { path: 'expiresAt', message: 'must be in the future' },
    ]);
  }
  const db = deps.db.tenant(actor.tenantId);
  if (actor.tokenId) {
    const creator = await db.apiToken.findFirst({ where: { id: actor.tokenId }, select: { expiresAt: true } });
    if (creator?.expiresAt) {
      if (expiresAt && expiresAt > creator.expiresAt) {
        throw new ApiError(
          'validation_failed',
          `a token cannot outlive the token that creates it (this one expires at ${creator.expiresAt.toISOString()})`,
          [
            {
              path: input.expiresAt !== undefined ? 'expiresAt' : 'expiresInDays',
              message: 'after the creating token expires',
            },
          ],
        );
      }
      expiresAt ??= creator.expiresAt;
    }
  }

  const { token, tokenHash, prefix } = generateApiToken();
  const scopes = [...new Set(input.scopes)].sort((a, b) => RANK[a] - RANK[b]);
  const row = await db.apiToken.create({
    data: {
      tenantId: actor.tenantId,
      name: input.name,
      tokenHash,
      prefix,
      scopes: scopes.map(toDbScope),
      projectId: input.projectId ?? null,
      expiresAt: expiresAt ?? null,
      createdById: actor.userId ?? null,
    },
    select: TOKEN_RESOURCE_SELECT,
  });
  await recordAudit(db, actor, {
    action: 'token.create',
    targetType: 'apiToken',
    targetId: row.id,
    metadata: { scopes, projectId: input.projectId ?? null, expiresAt: expiresAt?.toISOString() ?? null },
  });
  return { ...toTokenResource(row), token };
}
