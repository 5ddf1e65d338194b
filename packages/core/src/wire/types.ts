export * from './wire-finding';
export * from './apply-wire-schema-mode';
