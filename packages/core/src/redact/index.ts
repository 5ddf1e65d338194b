export * from './redact-error';
export * from './mask-url';
export * from './redact-secret-values';
