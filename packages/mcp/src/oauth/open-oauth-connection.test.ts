// openOAuthConnection, the one home of keeping a stored OAuth connection alive, against a real authorization server
// (oidc-provider, test/oauth/) through the SSRF-safe fetch, over a store kept in memory with the same version rule as
// the database's (packages/db's store is exercised by the worker's and the web app's tests): two holders renewing
// from one version store one result and both use it; a renewal the AS refuses marks the connection expired once; one
// that got no answer leaves it as it is; an expired connection is not tried again.
import type { OAuthConnectionStore, OAuthTokenSet, StoredOAuthConnection } from '@mcptest/core';
import { AUTHORIZATION_EXPIRED_ERROR } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthorizationServer, type AuthorizationServer } from '../../../../test/oauth/authorization-server';
import { createSafeFetch, type FetchLike, type SafeFetch } from '../net/safe-fetch';
import { openOAuthConnection, type OAuthConnection } from './open-oauth-connection';

const RESOURCE = 'http://127.0.0.1:9/mcp';
let as: AuthorizationServer;
let safe: SafeFetch;
/** Every URL the token requests went to. */
const requested: string[] = [];
const fetch: FetchLike = (input, init) => {
  requested.push(String(input instanceof Request ? input.url : input));
  return safe(input, init);
};

beforeAll(async () => {
  as = await startAuthorizationServer({ host: '127.0.0.1', staticClient: { redirectUris: [] } });
  safe = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });
}, 60_000);
afterAll(async () => {
  await safe?.close();
  await as?.stop();
});

/** A store in memory: saves and marks only over the version they started from, as `serverAuthorizationStore` does. */
function memoryStore(initial: StoredOAuthConnection) {
  let record = initial;
  const log = { saves: [] as boolean[], marks: [] as string[] };
  const store: OAuthConnectionStore = {
    load: () => Promise.resolve(structuredClone(record)),
    saveTokens: (from, tokens) => {
      const won = from.version === record.version;
      if (won) record = { ...record, tokens, version: record.version + 1, connected: true };
      log.saves.push(won);
      return Promise.resolve(won);
    },
    markExpired: (from, reason) => {
      const won = from.version === record.version && record.connected;
      if (won) record = { ...record, connected: false };
      log.marks.push(reason);
      return Promise.resolve(won);
    },
  };
  return { store, log, now: () => record };
}

/** A client-credentials connection whose token has expired (client credentials: no refresh-token rotation). */
function expiredConnection(clientSecret = as.staticClient!.clientSecret): StoredOAuthConnection {
  return {
    kind: 'client_credentials',
    connected: true,
    version: 0,
    client: {
      clientId: as.staticClient!.clientId,
      clientSecret,
      method: 'pre_registered',
      tokenEndpointAuthMethod: 'client_secret_basic',
    },
    server: { issuer: as.issuer, authorizationServer: { ...as.metadata }, resource: RESOURCE },
    tokens: {
      accessToken: 'expired-access-token',
      tokenType: 'bearer',
      expiresAt: Date.now() - 1000,
      scope: 'mcp:tools',
    },
  };
}

/** The bearer token the connection sends now, read off a request to a fetch that answers 200. */
async function tokenSent(connection: OAuthConnection): Promise<string> {
  let sent = '';
  const capture: FetchLike = (_input, init) => {
    sent = new Headers(init?.headers).get('authorization') ?? '';
    return Promise.resolve(new Response('{}'));
  };
  await connection.authorize(capture)('http://127.0.0.1:9/mcp', { method: 'POST', body: '{}' });
  return sent.replace(/^Bearer /, '');
}

describe('openOAuthConnection', () => {
  it('two holders renewing from one version: one result is stored, and the loser adopts it', async () => {
    const { store, log, now } = memoryStore(expiredConnection());
    const opened = await Promise.all([
      openOAuthConnection({ store, fetch, now: () => new Date() }),
      openOAuthConnection({ store, fetch, now: () => new Date() }),
    ]);
    const connections = opened.map((result) => {
      if (!result.ok) throw new Error(result.error);
      return result.connection!;
    });
    // Both asked the AS (each had read version 0); only one of their answers was kept.
    expect(log.saves.sort()).toEqual([false, true]);
    expect(now().version).toBe(1);
    const stored = now().tokens.accessToken;
    expect(stored).not.toBe('expired-access-token');
    expect(await Promise.all(connections.map(tokenSent))).toEqual([stored, stored]);
    // The loser's own token is among what it held (for redaction) though it is not the one it sends.
    for (const connection of connections) expect(connection.secrets()).toContain(stored);
  });

  it('a renewal the AS refuses marks the connection expired (the transition reported once); then it is not tried', async () => {
    const { store, log, now } = memoryStore(expiredConnection('not-the-secret'));
    const first = await openOAuthConnection({ store, fetch, now: () => new Date() });
    expect(first).toMatchObject({
      ok: false,
      error: AUTHORIZATION_EXPIRED_ERROR,
      expired: { reason: expect.any(String) },
    });
    expect(log.marks).toHaveLength(1);
    expect(JSON.stringify(first)).not.toContain('not-the-secret');
    expect(now().connected).toBe(false);

    const before = requested.length;
    const second = await openOAuthConnection({ store, fetch, now: () => new Date() });
    expect(second).toEqual({ ok: false, error: AUTHORIZATION_EXPIRED_ERROR });
    expect(requested.length).toBe(before);
  });

  it('a token endpoint that does not answer leaves the connection as it was', async () => {
    const connection = expiredConnection();
    const { store, log, now } = memoryStore({
      ...connection,
      server: {
        ...connection.server,
        authorizationServer: { ...connection.server.authorizationServer, token_endpoint: 'http://127.0.0.1:9/token' },
      },
    });
    const result = await openOAuthConnection({ store, fetch, now: () => new Date() });
    expect(result.ok).toBe(false);
    expect(result).not.toHaveProperty('expired');
    expect(!result.ok && result.error).toMatch(/^the server's OAuth token could not be refreshed: /);
    expect(log.marks).toEqual([]);
    expect(now()).toMatchObject({ connected: true, version: 0 });
  });

  it('a token far from expiry is sent as it is, nothing renewed', async () => {
    const tokens: OAuthTokenSet = { accessToken: 'fresh', tokenType: 'bearer', expiresAt: Date.now() + 3_600_000 };
    const { store, log } = memoryStore({ ...expiredConnection(), tokens });
    const result = await openOAuthConnection({ store, fetch, now: () => new Date() });
    if (!result.ok) throw new Error(result.error);
    expect(await tokenSent(result.connection!)).toBe('fresh');
    expect(log.saves).toEqual([]);
  });
});
