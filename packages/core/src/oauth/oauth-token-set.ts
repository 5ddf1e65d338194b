import { z } from 'zod';

/** An access token and what comes with it, as mcptest keeps it (the token endpoint's answer, times made absolute). */
export interface OAuthTokenSet {
  accessToken: string;
  tokenType: string;
  refreshToken?: string;
  /** Epoch milliseconds; absent when the server gave no `expires_in`. */
  expiresAt?: number;
  scope?: string;
}

/** RFC 6749 §5.1: the fields of a successful token response mcptest keeps. */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().min(1),
  expires_in: z.number().nonnegative().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
});

/**
 * Turns a token response received at `now` (epoch ms) into an {@link OAuthTokenSet}. A refresh response without a
 * new refresh token keeps `previousRefreshToken` (RFC 6749 §6: the server may keep the old one valid), so a refresh
 * never loses the ability to refresh again.
 */
export function tokenSetFromResponse(
  body: z.input<typeof tokenResponseSchema>,
  now: number,
  previousRefreshToken?: string,
): OAuthTokenSet {
  const response = tokenResponseSchema.parse(body);
  const refreshToken = response.refresh_token ?? previousRefreshToken;
  return {
    accessToken: response.access_token,
    tokenType: response.token_type,
    ...(refreshToken === undefined ? {} : { refreshToken }),
    ...(response.expires_in === undefined ? {} : { expiresAt: now + response.expires_in * 1000 }),
    ...(response.scope === undefined ? {} : { scope: response.scope }),
  };
}

/**
 * Whether to refresh before using `tokens` at `now`: when it expires within `marginMs` (default 60 s, so a request
 * sent now does not arrive with a token that died on the way). A token without an expiry is used until a 401 says
 * otherwise.
 */
export function tokenNeedsRefresh(tokens: Pick<OAuthTokenSet, 'expiresAt'>, now: number, marginMs = 60_000): boolean {
  return tokens.expiresAt !== undefined && tokens.expiresAt - now <= marginMs;
}
