import { z } from 'zod';
import { PageQuery } from '@/server/services/pagination';
import { CreatedToken, CreateTokenRequest, TokenResource } from '@/server/services/tokens/token-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Tokens';
export const TokenPage = z.object({ items: z.array(TokenResource), nextCursor: z.string().nullable() });

export const createTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/tokens',
  operationId: 'createToken',
  summary:
    'Create an API token (shown once in the answer). A token only hands out what it has: its project, at most its scopes, no later expiry',
  tag,
  body: CreateTokenRequest,
  responses: { 201: { description: 'The token, with the secret `token` shown this once', schema: CreatedToken } },
});

export const listTokensEndpoint = defineEndpoint({
  method: 'GET',
  path: '/tokens',
  operationId: 'listTokens',
  summary: 'List API tokens, newest first, revoked ones included (never the token itself)',
  tag,
  query: PageQuery,
  responses: { 200: { description: 'A page of tokens', schema: TokenPage } },
});

export const getTokenEndpoint = defineEndpoint({
  method: 'GET',
  path: '/tokens/{id}',
  operationId: 'getToken',
  summary: 'Get an API token (never the token itself)',
  tag,
  responses: { 200: { description: 'The token', schema: TokenResource } },
});

export const revokeTokenEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/tokens/{id}',
  operationId: 'revokeToken',
  summary: 'Revoke an API token (idempotent); it answers 401 from then on',
  tag,
  responses: { 200: { description: 'The revoked token', schema: TokenResource } },
});
