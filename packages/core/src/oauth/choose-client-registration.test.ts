import { describe, expect, it } from 'vitest';
import { chooseClientRegistration } from './choose-client-registration';
import { chooseTokenEndpointAuthMethod } from './choose-token-endpoint-auth-method';

const CIMD = 'https://mcptest.example/oauth/client-metadata.json';
const REG = 'https://auth.example/reg';

describe('chooseClientRegistration (pre-registered, then CIMD, then DCR)', () => {
  it.each([
    [
      true,
      CIMD,
      { client_id_metadata_document_supported: true, registration_endpoint: REG },
      { method: 'pre_registered' },
    ],
    [
      false,
      CIMD,
      { client_id_metadata_document_supported: true, registration_endpoint: REG },
      { method: 'client_id_metadata_document', clientId: CIMD },
    ],
    [
      false,
      undefined,
      { client_id_metadata_document_supported: true, registration_endpoint: REG },
      { method: 'dynamic', registrationEndpoint: REG },
    ],
    [false, CIMD, { registration_endpoint: REG }, { method: 'dynamic', registrationEndpoint: REG }],
    [
      false,
      CIMD,
      { client_id_metadata_document_supported: false, registration_endpoint: REG },
      { method: 'dynamic', registrationEndpoint: REG },
    ],
  ])('pre-registered %s, CIMD %s, AS %j', (preRegistered, clientMetadataUrl, authorizationServer, expected) => {
    expect(chooseClientRegistration({ preRegistered, clientMetadataUrl, authorizationServer })).toEqual(expected);
  });

  it('answers none, saying what to do, when the server offers no way', () => {
    const choice = chooseClientRegistration({ preRegistered: false, clientMetadataUrl: CIMD, authorizationServer: {} });
    expect(choice.method).toBe('none');
    if (choice.method === 'none') expect(choice.reason).toMatch(/register a client/);
  });
});

describe('chooseTokenEndpointAuthMethod', () => {
  it.each([
    [undefined, false, 'none'],
    [['client_secret_post'], false, 'none'],
    [undefined, true, 'client_secret_basic'],
    [['client_secret_basic', 'client_secret_post'], true, 'client_secret_basic'],
    [['client_secret_post', 'private_key_jwt'], true, 'client_secret_post'],
    [['private_key_jwt'], true, undefined],
  ] as const)('supported %j, secret %s -> %s', (supported, hasSecret, expected) => {
    expect(chooseTokenEndpointAuthMethod(supported, hasSecret)).toBe(expected);
  });
});
