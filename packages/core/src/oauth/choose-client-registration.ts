/** How mcptest identifies itself to an authorization server, the MCP spec's order of preference. */
export type ClientRegistrationChoice =
  | { method: 'pre_registered' }
  | { method: 'client_id_metadata_document'; clientId: string }
  | { method: 'dynamic'; registrationEndpoint: string }
  | { method: 'none'; reason: string };

/**
 * Picks the registration method ("Client Registration Approaches" of the MCP authorization spec): a client the user
 * pre-registered with the authorization server comes first; then a Client ID Metadata Document, when mcptest serves
 * one (`clientMetadataUrl`) and the server advertises `client_id_metadata_document_supported`; then dynamic client
 * registration (RFC 7591) when the server has a registration endpoint. Otherwise none: the user must register a
 * client by hand, and the reason says so.
 */
export function chooseClientRegistration(input: {
  readonly preRegistered: boolean;
  readonly clientMetadataUrl?: string | undefined;
  readonly authorizationServer: {
    readonly client_id_metadata_document_supported?: boolean | undefined;
    readonly registration_endpoint?: string | undefined;
  };
}): ClientRegistrationChoice {
  if (input.preRegistered) return { method: 'pre_registered' };
  const as = input.authorizationServer;
  if (input.clientMetadataUrl !== undefined && as.client_id_metadata_document_supported === true)
    return { method: 'client_id_metadata_document', clientId: input.clientMetadataUrl };
  if (as.registration_endpoint !== undefined)
    return { method: 'dynamic', registrationEndpoint: as.registration_endpoint };
  return {
    method: 'none',
    reason:
      'the authorization server supports neither Client ID Metadata Documents nor dynamic client registration: register a client with it and enter its id',
  };
}
