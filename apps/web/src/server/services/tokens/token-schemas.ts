import { type DbTokenScope, TOKEN_SCOPE_FROM_WIRE, TOKEN_SCOPE_TO_WIRE } from '@mcptest/core';
import { z } from 'zod';

/** The permission levels of services/permissions.ts: read < run < write < admin. */
export const TokenScopeName = z.enum(['read', 'run', 'write', 'admin']);
export type TokenScopeName = z.infer<typeof TokenScopeName>;

export function toDbScope(scope: TokenScopeName): DbTokenScope {
  return TOKEN_SCOPE_FROM_WIRE[scope];
}

export function fromDbScope(scope: DbTokenScope): TokenScopeName {
  return TOKEN_SCOPE_TO_WIRE[scope];
}

/** Longest lifetime a token can be given in days (ten years); absent means no expiry. */
export const MAX_TOKEN_DAYS = 3650;

export const CreateTokenRequest = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    /**
     * read: GET everything; run: also trigger runs and discover servers; write: also create and change projects,
     * servers and suites; admin: also the policy, tokens and webhooks.
     */
    scopes: z.array(TokenScopeName).min(1).max(4),
    /** Restrict the token to one project: it then sees nothing else. */
    projectId: z.string().min(1).max(64).optional(),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
    expiresInDays: z.int().min(1).max(MAX_TOKEN_DAYS).optional(),
  })
  .refine((body) => body.expiresAt === undefined || body.expiresInDays === undefined, {
    path: ['expiresInDays'],
    message: 'give expiresAt or expiresInDays, not both',
  });
export type CreateTokenRequest = z.infer<typeof CreateTokenRequest>;

/** A token as listed: never the token itself nor its hash. */
export const TokenResource = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the token, to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(TokenScopeName),
  projectId: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TokenResource = z.infer<typeof TokenResource>;

/** The answer of POST /tokens: the only time the token is shown. */
export const CreatedToken = TokenResource.extend({
  token: z.string().meta({ description: 'The API token (mcpt_...), shown once: store it now.' }),
});
export type CreatedToken = z.infer<typeof CreatedToken>;

export const TOKEN_RESOURCE_SELECT = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  projectId: true,
  expiresAt: true,
  revokedAt: true,
  lastUsedAt: true,
  createdAt: true,
} as const;

export interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: DbTokenScope[];
  projectId: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toTokenResource(row: TokenRow): TokenResource {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.map(fromDbScope),
    projectId: row.projectId,
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
    createdAt: row.createdAt.toISOString(),
  };
}
