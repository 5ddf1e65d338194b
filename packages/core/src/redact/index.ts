export * from './redact-error';
