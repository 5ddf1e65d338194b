export * from './redact-error';
export * from './mask-url';
