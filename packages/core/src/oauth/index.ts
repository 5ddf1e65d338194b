export * from './canonical-resource-uri';
export * from './oauth-discovery-urls';
export * from './oauth-endpoint-url';
export * from './parse-oauth-metadata';
export * from './select-oauth-scope';
export * from './choose-client-registration';
export * from './oauth-token-set';
export * from './choose-token-endpoint-auth-method';
